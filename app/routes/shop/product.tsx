import { data, isRouteErrorResponse, Link, useMatches, useRouteError } from 'react-router'

import { BackButton } from '~/components/shop/back-button'
import { ErrorPanel, ShopRouteError } from '~/components/shop/error-panel'
import { CheckIcon, WhatsAppIcon } from '~/components/shop/icons'
import { JsonLd } from '~/components/shop/json-ld'
import { CONTAINER, Eyebrow, OUTLINE_BUTTON } from '~/components/shop/page-bits'
import { Price } from '~/components/shop/price'
import { PRODUCT_GRID_CLASS, ProductCard } from '~/components/shop/product-card'
import { ProductGallery } from '~/components/shop/product-gallery'
import { localizedShareCardPath, ShareButton } from '~/components/shop/share-button'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { ShortlistButton, shouldRevalidateAroundShortlist } from '~/components/shop/shortlist'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShopLayoutData } from '~/hooks/use-shop-layout-data'
import { LOCALE_TAGS } from '~/i18n/locales'
import { pageMessages } from '~/i18n/messages.server'
import { getProductPage } from '~/models/products-storefront.server'
import { formatPaise } from '~/utils/money'
import { parseRecordId } from '~/utils/record-id'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { absoluteUrl, productJsonLd, schemaPrice, seoMeta, shareImage } from '~/utils/seo'
import { orderPath } from '~/utils/whatsapp'

import type { Route } from './+types/product'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export const shouldRevalidate = shouldRevalidateAroundShortlist

/**
 * The texts of a saree that is not (or no longer) listed come with the 404 itself: the page's own data,
 * which carries them otherwise, is missing then.
 */
function notFoundTranslator(matches: Parameters<typeof translatorOfMatches>[0], error: unknown) {
	const texts = isRouteErrorResponse(error) ? (error.data as unknown) : undefined
	return translatorOfMatches([...matches, { data: texts }])
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	const { t, locale } = loaderData ? translatorOfMatches(matches) : notFoundTranslator(matches, error)
	const siteName = layout?.shop.shopName ?? t('product.metaSiteFallback')
	if (!layout || !loaderData) {
		// Any other failure sends no texts of this page: the layout's.
		if (!isRouteErrorResponse(error) || error.status !== 404) {
			return [{ title: `${t('shop.errorTitle')} – ${siteName}` }, { name: 'robots', content: 'noindex' }]
		}
		return [
			{ title: `${t('product.notFoundTitle')} – ${siteName}` },
			{ name: 'description', content: t('product.notFoundMetaDescription') },
			{ name: 'robots', content: 'noindex' },
		]
	}
	const { product } = loaderData
	const { origin } = layout
	const image = product.images[0]
	// A description the seller has not translated is left out: the snippet stays in one language.
	const description = product.langs.description === locale ? product.description.trim() : ''
	const summary = t('product.metaSummary', {
		name: product.name,
		category: product.categoryLabel.text,
		code: product.code,
		price: formatPaise(product.salePricePaise),
	})
	return [
		...seoMeta({
			origin,
			path: `/product/${product.id}`,
			locale,
			siteName,
			type: 'product',
			title: `${product.name} (${product.code}) – ${siteName}`,
			description: description
				? `${summary} ${description}`
				: `${summary} ${t('product.metaNoDescription', { length: t('product.sareeLength') })}`,
			image: image ? shareImage(origin, image, product.name) : layout.shareImage,
		}),
		{ property: 'product:price:amount', content: schemaPrice(product.salePricePaise) },
		{ property: 'product:price:currency', content: 'INR' },
		{ property: 'product:availability', content: product.status === 'active' && !product.reserved ? 'in stock' : 'out of stock' },
	]
}

/** How many other sarees "You may also like" offers. */
export const SIMILAR_SAREES = 4

export async function loader({ params, request }: Route.LoaderArgs) {
	const messages = pageMessages(request, 'product')
	const { locale } = messages
	const id = parseRecordId(params.id)
	const page = id === null ? null : await getProductPage(id, SIMILAR_SAREES, locale)
	if (!page) throw data(messages, { status: 404 })
	// Only an active saree with a photo has a card (models/products-storefront.server.ts): no address to one that is not there.
	const { product } = page
	const shareCard = product.status === 'active' && product.images.length ? localizedShareCardPath(product.id, locale) : null
	return { ...messages, ...page, shareCard }
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
	const { product, similar } = loaderData
	const { shop, origin } = useShopLayoutData()
	const { t, rich, path, locale, textLang } = useI18n()
	const soldOut = product.status === 'out_of_stock'
	const { reserved } = product
	const url = absoluteUrl(origin, path(`/product/${product.id}`))
	const category = product.categoryLabel.text
	// The seller's text in English on a page in another language says so (screen readers switch voice).
	const nameLang = textLang(product.langs.name)
	const descriptionLang = textLang(product.langs.description)
	const features = [
		t('product.featureSilk'),
		t('product.featureHandloom'),
		...(category ? [t('product.featureDesign', { category })] : []),
		t('product.featureLength', { length: t('product.sareeLength') }),
		t('product.featureBlouse'),
	]

	return (
		<div className={`${CONTAINER} py-8 sm:py-12`}>
			<nav aria-label={t('product.breadcrumb')} className="mb-6 text-sm text-stone-600">
				<ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
					<li>
						<Link to={path('/')} className="hover:text-maroon-800 hover:underline">
							{t('shop.navHome')}
						</Link>
					</li>
					<li aria-hidden="true">/</li>
					<li>
						<Link to={path('/collections')} className="hover:text-maroon-800 hover:underline">
							{t('shop.navCollections')}
						</Link>
					</li>
					<li aria-hidden="true">/</li>
					<li>
						<Link
							to={path(`/collections?category=${encodeURIComponent(product.category)}`)}
							className="hover:text-maroon-800 hover:underline"
						>
							{category}
						</Link>
					</li>
				</ol>
			</nav>

			<div className="grid gap-10 lg:grid-cols-2 lg:gap-14">
				<ProductGallery images={product.images} name={product.name} />

				<div>
					<Eyebrow>{category}</Eyebrow>
					<h1 lang={nameLang} className="mt-3 font-serif text-3xl leading-tight text-maroon-900 sm:text-4xl">
						{product.name}
					</h1>
					<div className="mt-3 flex flex-wrap items-center gap-3">
						<p className="text-sm tracking-wide text-stone-700 uppercase">
							{t('shop.code')} <strong className="font-semibold text-stone-900">{product.code}</strong>
						</p>
						{soldOut || reserved ? (
							<span className="rounded-full bg-stone-800 px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">
								{t(soldOut ? 'shop.soldOut' : 'shop.reserved')}
							</span>
						) : null}
					</div>
					<div className="mt-5">
						<Price salePricePaise={product.salePricePaise} originalPricePaise={product.originalPricePaise} size="lg" />
					</div>

					<div className="mt-8 flex flex-col gap-3">
						<WhatsAppLink
							href={orderPath(product.id, locale)}
							className="inline-flex min-h-13 items-center justify-center gap-2 rounded-full bg-whatsapp px-7 text-lg font-semibold text-white shadow-md transition-colors hover:bg-[#0b5f40]"
						>
							<WhatsAppIcon className="h-6 w-6" />
							{soldOut ? t('product.ask') : reserved ? t('product.askSimilar') : t('product.order')}
						</WhatsAppLink>
						<div className="flex flex-wrap gap-3 *:flex-auto">
							<ShortlistButton productId={product.id} name={product.name} className={`${OUTLINE_BUTTON} min-h-13 flex-auto`} />
							{loaderData.shareCard ? (
								<ShareButton
									cardPath={loaderData.shareCard}
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
						{rich(soldOut ? 'product.soldOutNote' : reserved ? 'product.reservedNote' : 'product.buyNote', {
							code: <strong className="font-semibold whitespace-nowrap text-stone-900">{product.code}</strong>,
						})}
					</p>

					{product.description.trim() ? (
						<section aria-labelledby="description-title" className="mt-10">
							<h2 id="description-title" className="font-serif text-2xl text-maroon-900">
								{t('product.description')}
							</h2>
							<p lang={descriptionLang} className="mt-3 leading-relaxed whitespace-pre-line text-stone-700">
								{product.description}
							</p>
						</section>
					) : null}

					<section aria-labelledby="features-title" className="mt-10">
						<h2 id="features-title" className="font-serif text-2xl text-maroon-900">
							{t('product.features')}
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
							<dt className="text-xs font-semibold tracking-widest text-gold-700 uppercase">{t('product.care')}</dt>
							<dd className="mt-1 text-stone-800">{t('product.careText')}</dd>
						</div>
						<div>
							<dt className="text-xs font-semibold tracking-widest text-gold-700 uppercase">{t('product.shipping')}</dt>
							<dd className="mt-1 text-stone-800">{t('product.shippingText')}</dd>
						</div>
						<div>
							<dt className="text-xs font-semibold tracking-widest text-gold-700 uppercase">{t('product.delivery')}</dt>
							<dd className="mt-1 text-stone-800">{t('product.deliveryText', { estimate: t('product.deliveryEstimate') })}</dd>
						</div>
					</dl>

					{product.tags.length ? (
						<section aria-labelledby="tags-title" className="mt-8">
							<h2 id="tags-title" className="text-xs font-semibold tracking-widest text-gold-700 uppercase">
								{t('product.tags')}
							</h2>
							{/* The seller writes her tags once, in English. */}
							<ul lang={locale === 'en' ? undefined : LOCALE_TAGS.en} className="mt-3 flex flex-wrap gap-2">
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
						{t('product.similar')}
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
					// In the page's language: the seller's description when she wrote it in it, else ours.
					description:
						(product.langs.description === locale && product.description.trim()) ||
						t('product.jsonLdDescription', { name: product.name, category }),
					category,
					imageUrls: product.images.map((image) => shareImage(origin, image, product.name).url),
					salePricePaise: product.salePricePaise,
					inStock: !soldOut && !reserved,
					brand: shop.shopName,
				})}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	const { t } = notFoundTranslator(useMatches(), useRouteError())
	return (
		<ShopRouteError
			notFound={
				<ErrorPanel
					title={t('product.notFoundTitle')}
					primary={{ to: '/collections', label: t('shop.browseCollections') }}
					secondary={{ to: '/', label: t('shop.returnHome') }}
				>
					<p>{t('product.notFoundText')}</p>
				</ErrorPanel>
			}
		/>
	)
}
