import { Link, redirect } from 'react-router'

import { CatalogueFilters, FilterChips } from '~/components/shop/catalogue-filters'
import { ShopRouteError } from '~/components/shop/error-panel'
import { CONTAINER, EmptyState, PageHeading, PRIMARY_BUTTON, ProductGridSkeleton } from '~/components/shop/page-bits'
import { Pagination } from '~/components/shop/pagination'
import { PRODUCT_GRID_CLASS, ProductCard } from '~/components/shop/product-card'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { shouldRevalidateAroundShortlist } from '~/components/shop/shortlist'
import { useIsLoading } from '~/components/ui/pending'
import { CATEGORIES, LIMITS } from '~/constants'
import { findListedProductIdByCode, listActiveProducts } from '~/models/products.server'
import { catalogueHref, isRefinedQuery, parseCatalogueQuery } from '~/utils/catalogue-query'
import { isProductCode, normaliseProductCode } from '~/utils/product-code'
import { shareablePageWithQuery } from '~/utils/route-area'
import { seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/collections'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts), under
// its canonical address, so unknown or malformed parameters share the real page's entry.
export const handle = shareablePageWithQuery((url) => catalogueHref(parseCatalogueQuery(url.searchParams)))

export const shouldRevalidate = shouldRevalidateAroundShortlist

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	if (!layout || !loaderData) return [{ title: 'Collections' }]
	const { shop, origin } = layout
	const { query, products } = loaderData
	const { category, page, knownCategory: known } = query
	const firstImage = products.find((p) => p.image)
	const heading = query.q ? `Search results for “${query.q}”` : category && known ? `${category} Sarees` : 'Handloom Silk Saree Collections'
	return seoMeta({
		origin,
		path: known ? catalogueHref(query) : '/collections',
		siteName: shop.shopName,
		title: `${heading}${page > 1 ? ` – Page ${page}` : ''} – ${shop.shopName}`,
		description:
			category && known
				? `Shop handwoven ${category} silk sarees from ${shop.shopName}. Pure silk, free shipping across India; send the product code on WhatsApp to order.`
				: `Browse every handwoven Pochampally ikat silk saree at ${shop.shopName}: Kanchipattu, Dharmavaram and Pochampally ikat. Free shipping across India.`,
		image: firstImage?.image ? shareImage(origin, firstImage.image, firstImage.name) : layout.shareImage,
		// Searches, filters and sorts are views of the listings, not pages of their own for search engines.
		noindex: !known || products.length === 0 || isRefinedQuery(query),
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const query = parseCatalogueQuery(new URL(request.url).searchParams)
	// A product code typed exactly (any letter case, any look-alike spelling) opens that saree.
	const code = normaliseProductCode(query.q)
	if (isProductCode(code)) {
		const id = await findListedProductIdByCode(code)
		if (id !== null) throw redirect(`/product/${id}`)
	}
	const pageSize = LIMITS.collectionsPageSize
	const { products, total } = query.knownCategory
		? await listActiveProducts({
				category: query.category,
				search: query.q,
				minPaise: query.min === null ? null : query.min * 100,
				maxPaise: query.max === null ? null : query.max * 100,
				includeSoldOut: query.soldOut,
				sort: query.sort,
				page: query.page,
				pageSize,
			})
		: { products: [], total: 0 }
	return {
		query,
		pageCount: Math.max(1, Math.ceil(total / pageSize)),
		total,
		first: total === 0 ? 0 : (query.page - 1) * pageSize + 1,
		last: Math.min(total, query.page * pageSize),
		products,
	}
}

export default function Collections({ loaderData }: Route.ComponentProps) {
	const { query, pageCount, total, first, last, products } = loaderData
	const { category, knownCategory, page } = query
	const loading = useIsLoading('/collections')
	const activeTab = knownCategory ? category : undefined
	const refined = isRefinedQuery(query)

	return (
		<>
			<PageHeading eyebrow="Handwoven silk" title="Our Collections">
				<p>Pure silk ikat sarees, each woven by hand. To order, send the product code to us on WhatsApp.</p>
			</PageHeading>
			<div className={`${CONTAINER} py-10 sm:py-14`}>
				<div className="mb-8">
					<CatalogueFilters query={query} />
				</div>
				<nav aria-label="Saree categories" className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
					<ul className="flex w-max gap-2 sm:mx-auto">
						{[null, ...CATEGORIES].map((tab) => {
							const current = tab === activeTab
							return (
								<li key={tab ?? 'all'}>
									<Link
										to={catalogueHref(query, { category: tab, knownCategory: true })}
										aria-current={current ? 'page' : undefined}
										preventScrollReset
										className={`flex min-h-11 items-center rounded-full border px-5 text-sm font-semibold whitespace-nowrap transition-colors ${
											current
												? 'border-maroon-800 bg-maroon-800 text-white'
												: 'border-maroon-800/20 bg-white text-maroon-900 hover:border-maroon-800'
										}`}
									>
										{tab ?? 'All Sarees'}
									</Link>
								</li>
							)
						})}
					</ul>
				</nav>

				<div className="mt-8">
					{refined ? <FilterChips query={query} /> : null}
					{loading ? (
						<ProductGridSkeleton />
					) : !knownCategory ? (
						<EmptyState
							title="No sarees in this category"
							action={
								<Link to="/collections" className={PRIMARY_BUTTON}>
									View all sarees
								</Link>
							}
						>
							<p>We couldn’t find a category called “{category}”. Choose one of the tabs above.</p>
						</EmptyState>
					) : products.length === 0 ? (
						total > 0 ? (
							<EmptyState
								title="This page is empty"
								action={
									<Link to={catalogueHref(query, { page: 1 })} className={PRIMARY_BUTTON}>
										Go to the first page
									</Link>
								}
							>
								<p>There are only {pageCount === 1 ? '1 page' : `${pageCount} pages`} of sarees here.</p>
							</EmptyState>
						) : refined ? (
							<EmptyState
								title={query.q ? `No sarees match “${query.q}”` : 'No sarees match these filters'}
								action={
									<Link to="/collections" className={PRIMARY_BUTTON}>
										Clear all filters
									</Link>
								}
							>
								<p>Try fewer or shorter words, another price range, or include sold-out sarees.</p>
							</EmptyState>
						) : (
							<EmptyState title={category ? 'Coming Soon' : 'No sarees available yet'}>
								<p>
									{category
										? `New ${category} sarees are on the loom. Please check back soon.`
										: 'New sarees are on the loom. Please check back soon.'}
								</p>
							</EmptyState>
						)
					) : (
						<>
							<p className="mb-6 text-sm text-stone-600" aria-live="polite">
								{pageCount > 1 ? `Showing ${first}–${last} of ${total} sarees` : total === 1 ? '1 saree' : `${total} sarees`}
							</p>
							<h2 className="sr-only">{activeTab ? `${activeTab} sarees` : 'All sarees'}</h2>
							<ul className={PRODUCT_GRID_CLASS}>
								{products.map((product, i) => (
									<li key={product.id}>
										<ProductCard product={product} priority={i === 0} />
									</li>
								))}
							</ul>
							<Pagination page={page} pageCount={pageCount} hrefFor={(p) => catalogueHref(query, { page: p })} />
						</>
					)}
				</div>
			</div>
		</>
	)
}

export function ErrorBoundary() {
	return (
		<ShopRouteError
			failed={
				<>
					<PageHeading eyebrow="Handwoven silk" title="Our Collections" />
					<div className={`${CONTAINER} py-14`}>
						<EmptyState
							title="Failed to load products"
							action={
								<a href="/collections" className={PRIMARY_BUTTON}>
									Try again
								</a>
							}
						>
							<p>Something went wrong on our side. Please try again in a moment.</p>
						</EmptyState>
					</div>
				</>
			}
		/>
	)
}
