import { Link } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import type { ProductCard as ProductCardData } from '~/models/products-rows.server'

import { ImagePlaceholder, Picture } from './picture'
import { Price } from './price'
import { ShortlistHeart } from './shortlist'

/** Two columns on phones, three from 768 px, four from 1024 px, in a container at most 1280 px wide. */
const PRODUCT_GRID_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 47vw'

export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-x-3 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4'

/** `priority`: the first card of a list at the top of the page (its image is that page's largest paint). */
export function ProductCard({
	product,
	isNew = false,
	priority = false,
}: {
	product: ProductCardData
	isNew?: boolean
	priority?: boolean
}) {
	const { t, path, textLang } = useI18n()
	return (
		<article className="group relative flex h-full flex-col">
			<div className="relative aspect-[3/4] overflow-hidden rounded-lg bg-maroon-50 shadow-sm ring-1 ring-stone-900/5">
				{product.image ? (
					<Picture
						image={product.image}
						alt={product.name}
						sizes={PRODUCT_GRID_SIZES}
						fallbackWidth={360}
						priority={priority}
						imgClassName="h-full w-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
					/>
				) : (
					<ImagePlaceholder className="h-full w-full" />
				)}
				{isNew ? (
					<span className="absolute top-2 left-2 rounded-full bg-gold-300 px-2.5 py-0.5 text-xs font-bold tracking-wider text-maroon-900 uppercase shadow">
						{t('shop.new')}
					</span>
				) : null}
				{product.soldOut || product.reserved ? (
					<span className="absolute top-2 left-2 rounded-full bg-stone-800 px-2.5 py-0.5 text-xs font-bold tracking-wider text-white uppercase shadow">
						{t(product.soldOut ? 'shop.soldOut' : 'shop.reserved')}
					</span>
				) : null}
				<ShortlistHeart productId={product.id} name={product.name} />
			</div>
			<div className="mt-3 flex flex-1 flex-col gap-1">
				<h3 className="font-serif text-base leading-snug text-stone-900 sm:text-lg" lang={textLang(product.langs.name)}>
					<Link to={path(`/product/${product.id}`)} prefetch="intent" className="after:absolute after:inset-0 hover:text-maroon-800">
						{product.name}
					</Link>
				</h3>
				<p className="text-xs tracking-wide text-stone-600 uppercase">
					<span className="sr-only">{t('shop.productCode')} </span>
					<span aria-hidden="true">{t('shop.code')} </span>
					{product.code}
				</p>
				<div className="mt-auto pt-1">
					<Price salePricePaise={product.salePricePaise} originalPricePaise={product.originalPricePaise} />
				</div>
			</div>
		</article>
	)
}

export function ProductCardSkeleton() {
	return (
		<div className="flex animate-pulse flex-col" data-testid="product-skeleton" aria-hidden="true">
			<div className="aspect-[3/4] rounded-lg bg-maroon-100/70" />
			<div className="mt-3 h-5 w-4/5 rounded bg-stone-200" />
			<div className="mt-2 h-3 w-1/3 rounded bg-stone-200" />
			<div className="mt-3 h-4 w-1/2 rounded bg-stone-200" />
		</div>
	)
}
