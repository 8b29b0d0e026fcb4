import { Link, redirect } from 'react-router'

import { CatalogueFilters, FilterChips } from '~/components/shop/catalogue-filters'
import { ShopRouteError } from '~/components/shop/error-panel'
import { CONTAINER, EmptyState, PageHeading, PRIMARY_BUTTON, ProductGridSkeleton } from '~/components/shop/page-bits'
import { Pagination } from '~/components/shop/pagination'
import { PRODUCT_GRID_CLASS, ProductCard } from '~/components/shop/product-card'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { shouldRevalidateAroundShortlist } from '~/components/shop/shortlist'
import { LIMITS } from '~/constants'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useIsLoading } from '~/hooks/use-pending'
import { localeOfPath, localizedPath } from '~/i18n/locales'
import { pageMessages } from '~/i18n/messages.server'
import { findRenamedCategory, listShopCategories } from '~/models/categories.server'
import { browseCatalogue } from '~/models/products-search.server'
import { catalogueHref, isRefinedQuery, parseCatalogueQuery } from '~/utils/catalogue-query'
import { isProductCode, normaliseProductCode } from '~/utils/product-code'
import { shareablePageWithQuery } from '~/utils/route-area'
import { SEARCH_MIN_WORD_LENGTH, searchWords } from '~/utils/search-words'
import { seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/collections'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts), under
// its canonical address, so unknown or malformed parameters share the real page's entry. That address
// keeps the page's language: `/te/collections?…` is a page of its own.
export const handle = shareablePageWithQuery((url) =>
	localizedPath(catalogueHref(parseCatalogueQuery(url.searchParams)), localeOfPath(url.pathname)),
)

export const shouldRevalidate = shouldRevalidateAroundShortlist

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	const { t, locale } = translatorOfMatches(matches)
	// Without its data the page has none of its own texts either: the layout's name for it.
	if (!layout || !loaderData) return [{ title: t('shop.navCollections') }]
	const { shop, origin } = layout
	const { query, products, categoryLabel: name } = loaderData
	const { page, knownCategory: known } = query
	const firstImage = products.find((p) => p.image)
	const heading = query.q
		? t('catalogue.metaHeadingSearch', { q: query.q })
		: name
			? t('catalogue.metaHeadingCategory', { category: name })
			: t('catalogue.metaHeadingAll')
	return seoMeta({
		origin,
		path: known ? catalogueHref(query) : '/collections',
		locale,
		siteName: shop.shopName,
		title: `${page > 1 ? t('catalogue.metaTitlePage', { heading, page }) : heading} – ${shop.shopName}`,
		description: name
			? t('catalogue.metaDescriptionCategory', { category: name, shop: shop.shopName })
			: t('catalogue.metaDescriptionAll', { shop: shop.shopName }),
		image: firstImage?.image ? shareImage(origin, firstImage.image, firstImage.name) : layout.shareImage,
		// Searches, filters and sorts are views of the listings, not pages of their own for search engines.
		noindex: !known || products.length === 0 || isRefinedQuery(query),
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const messages = pageMessages(request, 'catalogue')
	const { locale } = messages
	const categories = await listShopCategories(locale)
	const query = parseCatalogueQuery(
		new URL(request.url).searchParams,
		categories.map((c) => c.name),
	)
	// A category's old name (before the seller renamed it) moves for good to its new address.
	if (!query.knownCategory && query.category) {
		const renamed = await findRenamedCategory(query.category)
		if (renamed) throw redirect(localizedPath(catalogueHref({ ...query, category: renamed, knownCategory: true }), locale), 301)
	}
	// A product code typed exactly (any letter case, any look-alike spelling) opens that saree.
	const code = normaliseProductCode(query.q)
	const pageSize = LIMITS.collectionsPageSize
	const found = await browseCatalogue(
		{
			code: isProductCode(code) ? code : null,
			listing: query.knownCategory
				? {
						category: query.category,
						search: query.q,
						minPaise: query.min === null ? null : query.min * 100,
						maxPaise: query.max === null ? null : query.max * 100,
						includeSoldOut: query.soldOut,
						sort: query.sort,
						page: query.page,
						pageSize,
					}
				: null,
		},
		locale,
	)
	if ('productId' in found) throw redirect(localizedPath(`/product/${found.productId}`, locale))
	const { products, total } = found
	return {
		...messages,
		query,
		categories: categories.map((c) => ({ name: c.name, label: c.label })),
		/** The asked category's name in the page's language (null for none or one the shop does not show). */
		categoryLabel: (query.knownCategory && categories.find((c) => c.name === query.category)?.label.text) || null,
		pageCount: Math.max(1, Math.ceil(total / pageSize)),
		total,
		first: total === 0 ? 0 : (query.page - 1) * pageSize + 1,
		last: Math.min(total, query.page * pageSize),
		products,
	}
}

export default function Collections({ loaderData }: Route.ComponentProps) {
	const { query, pageCount, total, first, last, products, categories, categoryLabel } = loaderData
	const { category, knownCategory, page } = query
	const { t, path, textLang } = useI18n()
	const loading = useIsLoading(path('/collections'))
	const activeTab = knownCategory ? category : undefined
	const refined = isRefinedQuery(query)

	return (
		<>
			<PageHeading eyebrow={t('shop.collectionsEyebrow')} title={t('shop.collectionsTitle')}>
				<p>{t('catalogue.intro')}</p>
			</PageHeading>
			<div className={`${CONTAINER} py-10 sm:py-14`}>
				<div className="mb-8">
					<CatalogueFilters query={query} />
				</div>
				<nav aria-label={t('catalogue.categoriesNav')} className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
					<ul className="flex w-max gap-2 sm:mx-auto">
						{[null, ...categories].map((tab) => {
							const current = (tab?.name ?? null) === activeTab
							return (
								<li key={tab?.name ?? 'all'}>
									<Link
										to={path(catalogueHref(query, { category: tab?.name ?? null, knownCategory: true }))}
										aria-current={current ? 'page' : undefined}
										preventScrollReset
										className={`flex min-h-11 items-center rounded-full border px-5 text-sm font-semibold whitespace-nowrap transition-colors ${
											current
												? 'border-maroon-800 bg-maroon-800 text-white'
												: 'border-maroon-800/20 bg-white text-maroon-900 hover:border-maroon-800'
										}`}
									>
										{tab ? <span lang={textLang(tab.label.lang)}>{tab.label.text}</span> : t('catalogue.allSarees')}
									</Link>
								</li>
							)
						})}
					</ul>
				</nav>

				<div className="mt-8">
					{refined ? <FilterChips query={query} categoryLabel={categoryLabel} /> : null}
					{query.q && searchWords(query.q).length === 0 ? (
						<p className="mb-6 text-sm text-stone-700">{t('catalogue.searchWordsTooShort', { min: SEARCH_MIN_WORD_LENGTH, q: query.q })}</p>
					) : null}
					{loading ? (
						<ProductGridSkeleton />
					) : !knownCategory ? (
						<EmptyState
							title={t('catalogue.unknownCategoryTitle')}
							action={
								<Link to={path('/collections')} className={PRIMARY_BUTTON}>
									{t('catalogue.viewAll')}
								</Link>
							}
						>
							<p>{t('catalogue.unknownCategoryText', { category: category ?? '' })}</p>
						</EmptyState>
					) : products.length === 0 ? (
						total > 0 ? (
							<EmptyState
								title={t('catalogue.emptyPageTitle')}
								action={
									<Link to={path(catalogueHref(query, { page: 1 }))} className={PRIMARY_BUTTON}>
										{t('catalogue.firstPage')}
									</Link>
								}
							>
								<p>{t('catalogue.emptyPageText', { count: pageCount })}</p>
							</EmptyState>
						) : refined ? (
							<EmptyState
								title={query.q ? t('catalogue.noMatchSearch', { q: query.q }) : t('catalogue.noMatchFilters')}
								action={
									<Link to={path('/collections')} className={PRIMARY_BUTTON}>
										{t('catalogue.clearFilters')}
									</Link>
								}
							>
								<p>{t('catalogue.noMatchText')}</p>
							</EmptyState>
						) : (
							<EmptyState title={category ? t('catalogue.comingSoonTitle') : t('catalogue.noSareesTitle')}>
								<p>{category ? t('catalogue.comingSoonText', { category: categoryLabel ?? category }) : t('catalogue.noSareesText')}</p>
							</EmptyState>
						)
					) : (
						<>
							<p className="mb-6 text-sm text-stone-600" aria-live="polite">
								{pageCount > 1 ? t('catalogue.resultsRange', { first, last, total }) : t('catalogue.resultsCount', { count: total })}
							</p>
							<h2 className="sr-only">
								{activeTab
									? t('catalogue.resultsHeadingCategory', { category: categoryLabel ?? activeTab })
									: t('catalogue.resultsHeadingAll')}
							</h2>
							<ul className={PRODUCT_GRID_CLASS}>
								{products.map((product, i) => (
									<li key={product.id}>
										<ProductCard product={product} priority={i === 0} />
									</li>
								))}
							</ul>
							<Pagination page={page} pageCount={pageCount} hrefFor={(p) => path(catalogueHref(query, { page: p }))} />
						</>
					)}
				</div>
			</div>
		</>
	)
}

// When the list cannot be loaded, neither can this page's texts (they come with its data, or not at all
// when the request fails in the browser): this view uses only the layout's `shop` texts.
export function ErrorBoundary() {
	const { t, path } = useI18n()
	return (
		<ShopRouteError
			failed={
				<>
					<PageHeading eyebrow={t('shop.collectionsEyebrow')} title={t('shop.collectionsTitle')} />
					<div className={`${CONTAINER} py-14`}>
						<EmptyState
							title={t('shop.productsFailedTitle')}
							action={
								<a href={path('/collections')} className={PRIMARY_BUTTON}>
									{t('shop.tryAgain')}
								</a>
							}
						>
							<p>{t('shop.productsFailedText')}</p>
						</EmptyState>
					</div>
				</>
			}
		/>
	)
}
