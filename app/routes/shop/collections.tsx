import { Link } from 'react-router'

import { ShopRouteError } from '~/components/shop/error-panel'
import { CONTAINER, EmptyState, PageHeading, PRIMARY_BUTTON, ProductGridSkeleton } from '~/components/shop/page-bits'
import { Pagination, parsePage } from '~/components/shop/pagination'
import { PRODUCT_GRID_CLASS, ProductCard } from '~/components/shop/product-card'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { useIsLoading } from '~/components/ui/pending'
import { CATEGORIES, LIMITS } from '~/constants'
import { listActiveProducts } from '~/models/products.server'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/collections'

/** `/collections?category=…&page=…` with the defaults left out. */
function collectionsHref(category: string | null, page: number) {
	const params = new URLSearchParams()
	if (category) params.set('category', category)
	if (page > 1) params.set('page', String(page))
	const query = params.toString()
	return query ? `/collections?${query}` : '/collections'
}

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	if (!layout) return [{ title: 'Collections' }]
	const { shop, origin } = layout
	const category = loaderData?.category ?? null
	const page = loaderData?.page ?? 1
	const known = loaderData?.knownCategory ?? true
	const firstImage = loaderData?.products.find((p) => p.image)
	const heading = category && known ? `${category} Sarees` : 'Handloom Silk Saree Collections'
	return seoMeta({
		origin,
		path: collectionsHref(known ? category : null, page),
		siteName: shop.shopName,
		title: `${heading}${page > 1 ? ` – Page ${page}` : ''} – ${shop.shopName}`,
		description:
			category && known
				? `Shop handwoven ${category} silk sarees from ${shop.shopName}. Pure silk, free shipping across India; send the product code on WhatsApp to order.`
				: `Browse every handwoven Pochampally ikat silk saree at ${shop.shopName}: Kanchipattu, Dharmavaram and Pochampally ikat. Free shipping across India.`,
		image: firstImage?.image ? shareImage(origin, firstImage.image, firstImage.name) : layout.shareImage,
		noindex: !known || (loaderData?.products.length ?? 0) === 0,
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const requested = url.searchParams.get('category')?.trim() || null
	const knownCategory = requested === null || (CATEGORIES as readonly string[]).includes(requested)
	const page = parsePage(url.searchParams.get('page'))
	const pageSize = LIMITS.collectionsPageSize
	const { products, total } = knownCategory ? await listActiveProducts({ category: requested, page, pageSize }) : { products: [], total: 0 }
	return {
		category: requested,
		knownCategory,
		page,
		pageCount: Math.max(1, Math.ceil(total / pageSize)),
		total,
		first: total === 0 ? 0 : (page - 1) * pageSize + 1,
		last: Math.min(total, page * pageSize),
		products,
	}
}

export default function Collections({ loaderData }: Route.ComponentProps) {
	const { category, knownCategory, page, pageCount, total, first, last, products } = loaderData
	const loading = useIsLoading('/collections')
	const activeTab = knownCategory ? category : undefined

	return (
		<>
			<PageHeading eyebrow="Handwoven silk" title="Our Collections">
				<p>Pure silk ikat sarees, each woven by hand. To order, send the product code to us on WhatsApp.</p>
			</PageHeading>
			<div className={`${CONTAINER} py-10 sm:py-14`}>
				<nav aria-label="Saree categories" className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
					<ul className="flex w-max gap-2 sm:mx-auto">
						{[null, ...CATEGORIES].map((tab) => {
							const current = tab === activeTab
							return (
								<li key={tab ?? 'all'}>
									<Link
										to={collectionsHref(tab, 1)}
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
									<Link to={collectionsHref(category, 1)} className={PRIMARY_BUTTON}>
										Go to the first page
									</Link>
								}
							>
								<p>There are only {pageCount === 1 ? '1 page' : `${pageCount} pages`} of sarees here.</p>
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
							<Pagination page={page} pageCount={pageCount} hrefFor={(p) => collectionsHref(category, p)} />
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
