import { data, Link } from 'react-router'

import { BackButton } from '~/components/shop/back-button'
import { ErrorPanel, ShopRouteError } from '~/components/shop/error-panel'
import { CheckIcon, WhatsAppIcon } from '~/components/shop/icons'
import { JsonLd } from '~/components/shop/json-ld'
import { CONTAINER, Eyebrow, OUTLINE_BUTTON } from '~/components/shop/page-bits'
import { Price } from '~/components/shop/price'
import { PRODUCT_GRID_CLASS, ProductCard } from '~/components/shop/product-card'
import { ProductGallery } from '~/components/shop/product-gallery'
import { ShareButton } from '~/components/shop/share-button'
import { layoutDataFromMatches, useShopLayoutData } from '~/components/shop/shop-data'
import { ShortlistButton, shouldRevalidateAroundShortlist } from '~/components/shop/shortlist'
import { orderPath, WhatsAppLink } from '~/components/shop/whatsapp-link'
import { DELIVERY_ESTIMATE, SAREE_LENGTH } from '~/constants'
import { getPublicProduct, listSimilarProducts } from '~/models/products.server'
import { formatPaise } from '~/utils/money'
import { parseRecordId } from '~/utils/record-id'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { absoluteUrl, productJsonLd, schemaPrice, seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/product'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export const shouldRevalidate = shouldRevalidateAroundShortlist

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	const siteName = layout?.shop.shopName ?? 'Handloom Silk Sarees'
	if (!layout || !loaderData) {
		return [
			{ title: `Product not found – ${siteName}` },
			{ name: 'description', content: 'This saree is no longer listed. Browse our other handwoven silk sarees.' },
			{ name: 'robots', content: 'noindex' },
		]
	}
	const { product } = loaderData
	const { origin } = layout
	const image = product.images[0]
	const summary = `${product.name}, a handwoven ${product.category} silk saree. Code ${product.code}, ${formatPaise(product.salePricePaise)}.`
	return [
		...seoMeta({
			origin,
			path: `/product/${product.id}`,
			siteName,
			type: 'product',
			title: `${product.name} (${product.code}) – ${siteName}`,
			description: product.description.trim()
				? `${summary} ${product.description}`
				: `${summary} ${SAREE_LENGTH} with a matching blouse piece. Free shipping across India.`,
			image: image ? shareImage(origin, image, product.name) : layout.shareImage,
		}),
		{ property: 'product:price:amount', content: schemaPrice(product.salePricePaise) },
		{ property: 'product:price:currency', content: 'INR' },
		{ property: 'product:availability', content: product.status === 'active' ? 'in stock' : 'out of stock' },
	]
}

/** How many other sarees "You may also like" offers. */
const SIMILAR_SAREES = 4

export async function loader({ params }: Route.LoaderArgs) {
	const id = parseRecordId(params.id)
	const product = id === null ? null : await getPublicProduct(id)
	if (!product) throw data('Product not found', { status: 404 })
	return { product, similar: await listSimilarProducts(product, SIMILAR_SAREES) }
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
	const { product, similar } = loaderData
	const { shop, origin } = useShopLayoutData()
	const soldOut = product.status === 'out_of_stock'
	const url = absoluteUrl(origin, `/product/${product.id}`)
	const features = [
		'100% Pure Silk',
		'Traditional Handloom Weaving',
		...(product.category ? [`${product.category} design`] : []),
		`${SAREE_LENGTH} length`,
		'Matching blouse piece included',
	]

	return (
		<div className={`${CONTAINER} py-8 sm:py-12`}>
			<nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
				<ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
					<li>
						<Link to="/" className="hover:text-maroon-800 hover:underline">
							Home
						</Link>
					</li>
					<li aria-hidden="true">/</li>
					<li>
						<Link to="/collections" className="hover:text-maroon-800 hover:underline">
							Collections
						</Link>
					</li>
					<li aria-hidden="true">/</li>
					<li>
						<Link to={`/collections?category=${encodeURIComponent(product.category)}`} className="hover:text-maroon-800 hover:underline">
							{product.category}
						</Link>
					</li>
				</ol>
			</nav>

			<div className="grid gap-10 lg:grid-cols-2 lg:gap-14">
				<ProductGallery images={product.images} name={product.name} />

				<div>
					<Eyebrow>{product.category}</Eyebrow>
					<h1 className="mt-3 font-serif text-3xl leading-tight text-maroon-900 sm:text-4xl">{product.name}</h1>
					<div className="mt-3 flex flex-wrap items-center gap-3">
						<p className="text-sm tracking-wide text-stone-700 uppercase">
							Code: <strong className="font-semibold text-stone-900">{product.code}</strong>
						</p>
						{soldOut ? (
							<span className="rounded-full bg-stone-800 px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">Sold out</span>
						) : null}
					</div>
					<div className="mt-5">
						<Price salePricePaise={product.salePricePaise} originalPricePaise={product.originalPricePaise} size="lg" />
					</div>

					<div className="mt-8 flex flex-col gap-3">
						<WhatsAppLink
							href={orderPath(product.id)}
							className="inline-flex min-h-13 items-center justify-center gap-2 rounded-full bg-whatsapp px-7 text-lg font-semibold text-white shadow-md transition-colors hover:bg-[#0b5f40]"
						>
							<WhatsAppIcon className="h-6 w-6" />
							{soldOut ? 'Ask on WhatsApp' : 'Order on WhatsApp'}
						</WhatsAppLink>
						<div className="flex flex-wrap gap-3 *:flex-auto">
							<ShortlistButton productId={product.id} name={product.name} className={`${OUTLINE_BUTTON} min-h-13 flex-auto`} />
							{!soldOut && product.images.length ? (
								<ShareButton
									productId={product.id}
									code={product.code}
									name={product.name}
									url={url}
									className={`${OUTLINE_BUTTON} min-h-13`}
								/>
							) : null}
							<BackButton fallback="/collections" className={`${OUTLINE_BUTTON} min-h-13`} />
						</div>
					</div>
					<p className="mt-4 rounded-xl bg-gold-50 px-4 py-3 text-sm text-stone-700 ring-1 ring-gold-200">
						{soldOut ? 'This saree is sold out. Send the code ' : 'To purchase, send the product code '}
						<strong className="font-semibold whitespace-nowrap text-stone-900">{product.code}</strong>
						{soldOut ? ' to us on WhatsApp to ask about a similar weave.' : ' to us on WhatsApp.'}
					</p>

					{product.description.trim() ? (
						<section aria-labelledby="description-title" className="mt-10">
							<h2 id="description-title" className="font-serif text-2xl text-maroon-900">
								Description
							</h2>
							<p className="mt-3 leading-relaxed whitespace-pre-line text-stone-700">{product.description}</p>
						</section>
					) : null}

					<section aria-labelledby="features-title" className="mt-10">
						<h2 id="features-title" className="font-serif text-2xl text-maroon-900">
							Features
						</h2>
						<ul className="mt-4 grid gap-2.5 sm:grid-cols-2">
							{features.map((feature) => (
								<li key={feature} className="flex items-start gap-2.5 text-stone-700">
									<CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
									{feature}
								</li>
							))}
						</ul>
					</section>

					<dl className="mt-10 grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-900/5 sm:grid-cols-3">
						<div>
							<dt className="text-xs font-semibold tracking-widest text-gold-700 uppercase">Care instructions</dt>
							<dd className="mt-1 text-stone-800">Dry clean only</dd>
						</div>
						<div>
							<dt className="text-xs font-semibold tracking-widest text-gold-700 uppercase">Shipping</dt>
							<dd className="mt-1 text-stone-800">Free shipping across India</dd>
						</div>
						<div>
							<dt className="text-xs font-semibold tracking-widest text-gold-700 uppercase">Delivery</dt>
							<dd className="mt-1 text-stone-800">Estimated {DELIVERY_ESTIMATE}</dd>
						</div>
					</dl>

					{product.tags.length ? (
						<section aria-labelledby="tags-title" className="mt-8">
							<h2 id="tags-title" className="text-xs font-semibold tracking-widest text-gold-700 uppercase">
								Tags
							</h2>
							<ul className="mt-3 flex flex-wrap gap-2">
								{product.tags.map((tag) => (
									<li key={tag} className="rounded-full bg-maroon-50 px-3 py-1 text-sm text-maroon-800 ring-1 ring-maroon-100">
										{tag}
									</li>
								))}
							</ul>
						</section>
					) : null}
				</div>
			</div>
			{similar.length ? (
				// Below the fold: its images are lazy (held back until the main photo has painted). Its layout is
				// not skipped (content-visibility): right above the footer, a skipped block made accessibility
				// checkers measure its prices against the footer's dark background.
				<section aria-labelledby="similar-title" className="mt-16 border-t border-gold-200/70 pt-12">
					<h2 id="similar-title" className="font-serif text-2xl text-maroon-900 sm:text-3xl">
						You may also like
					</h2>
					<ul className={`mt-6 ${PRODUCT_GRID_CLASS}`}>
						{similar.map((card) => (
							<li key={card.id}>
								<ProductCard product={card} />
							</li>
						))}
					</ul>
				</section>
			) : null}
			<JsonLd
				data={productJsonLd({
					origin,
					url,
					name: product.name,
					code: product.code,
					description: product.description.trim() || `${product.name}, a handwoven ${product.category} silk saree.`,
					category: product.category,
					imageUrls: product.images.map((image) => shareImage(origin, image, product.name).url),
					salePricePaise: product.salePricePaise,
					inStock: !soldOut,
					brand: shop.shopName,
				})}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<ShopRouteError
			notFound={
				<ErrorPanel
					title="Product not found"
					primary={{ to: '/collections', label: 'Browse collections' }}
					secondary={{ to: '/', label: 'Return to Home' }}
				>
					<p>This saree may have been sold or is no longer listed.</p>
				</ErrorPanel>
			}
		/>
	)
}
