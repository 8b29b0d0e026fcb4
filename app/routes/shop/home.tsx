import { Link } from 'react-router'

import { Achievements, PromiseStrip } from '~/components/shop/achievements'
import { BELOW_THE_FOLD } from '~/components/shop/below-the-fold'
import { DecorativeVideo } from '~/components/shop/decorative-video'
import { Hero } from '~/components/shop/hero'
import { ArrowRightIcon } from '~/components/shop/icons'
import { JsonLd } from '~/components/shop/json-ld'
import { CONTAINER, EmptyState, Eyebrow, Ornament, OUTLINE_BUTTON } from '~/components/shop/page-bits'
import { Picture } from '~/components/shop/picture'
import { PRODUCT_GRID_CLASS, ProductCard } from '~/components/shop/product-card'
import { ScrollProgress } from '~/components/shop/scroll-progress'
import { layoutDataFromMatches, useShopLayoutData } from '~/components/shop/shop-data'
import { shouldRevalidateAroundShortlist } from '~/components/shop/shortlist'
import { Slideshow } from '~/components/shop/slideshow'
import { CATEGORIES, LIMITS, YEARS_OF_EXPERIENCE } from '~/constants'
import { listCategorySummaries, listNewArrivals } from '~/models/products.server'
import { getHeroSettings, listStorySteps } from '~/models/site.server'
import { mediaUrl } from '~/utils/media'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { organizationJsonLd, seoMeta } from '~/utils/seo'
import { posterPicture } from '~/utils/videos.server'

import type { Route } from './+types/home'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export const shouldRevalidate = shouldRevalidateAroundShortlist

export function meta({ matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	if (!layout) return [{ title: 'Handloom Silk Sarees' }]
	const { shop, origin, shareImage } = layout
	return seoMeta({
		origin,
		path: '/',
		siteName: shop.shopName,
		title: `${shop.shopName} – Pure Handloom Pochampally Ikat Silk Sarees`,
		description: `Handwoven Pochampally ikat silk sarees from ${shop.shopName}: Kanchipattu, Dharmavaram and Pochampally ikat, woven by hand for over ${YEARS_OF_EXPERIENCE} years. Free shipping across India; order by sending the product code on WhatsApp.`,
		image: shareImage,
	})
}

// Used when a row cannot be read: the page still shows the spec's defaults.
const DEFAULT_HERO = { title: 'Weaving Tradition, Elegance, and Legacy', subtitle: '– Pure Handloom Silk Sarees' }
const FALLBACK_STEPS = [
	['Acquiring Silk', 'Pure mulberry silk yarn is sourced from trusted reelers and sorted by hand for an even, lustrous thread.'],
	['Bleaching Yarn', 'The yarn is degummed and bleached so that every colour of the ikat takes evenly and stays bright for decades.'],
	['Making Design', 'The pattern is marked on the yarn and tied section by section before dyeing: the heart of Pochampally ikat.'],
	['Weaving', 'On a pit loom the weaver aligns the dyed threads pick by pick until the design appears in the silk.'],
] as const

const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', ogg: 'video/ogg', mov: 'video/mp4' }

function videoSource(key: string) {
	const ext = key.split('.').pop()?.toLowerCase() ?? ''
	return { url: mediaUrl(key), type: VIDEO_TYPES[ext] ?? null }
}

export async function loader() {
	const [hero, steps, newArrivals, categories] = await Promise.all([
		getHeroSettings().catch((error: unknown) => {
			console.error('Failed to load hero settings', error)
			return null
		}),
		listStorySteps().catch((error: unknown) => {
			console.error('Failed to load story steps', error)
			return null
		}),
		listNewArrivals(LIMITS.newArrivals).catch((error: unknown) => {
			console.error('Failed to load new arrivals', error)
			return null
		}),
		listCategorySummaries().catch((error: unknown) => {
			console.error('Failed to load categories', error)
			return CATEGORIES.map((name) => ({ name, activeCount: 0, image: null }))
		}),
	])
	return {
		hero: {
			title: hero?.title.trim() || DEFAULT_HERO.title,
			subtitle: hero?.subtitle.trim() || DEFAULT_HERO.subtitle,
			poster: hero?.posterKey ? await posterPicture(hero.posterKey) : null,
			video: hero && hero.videoEnabled && hero.videoKey ? videoSource(hero.videoKey) : null,
		},
		steps:
			steps && steps.length > 0
				? await Promise.all(
						steps.map(async (s) => ({
							name: s.name,
							text: s.text,
							video: s.videoKey ? videoSource(s.videoKey) : null,
							poster: s.posterKey ? await posterPicture(s.posterKey) : null,
						})),
					)
				: FALLBACK_STEPS.map(([name, text]) => ({ name, text, video: null, poster: null })),
		newArrivals,
		categories,
	}
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { hero, steps, newArrivals, categories } = loaderData
	const { shop, origin } = useShopLayoutData()
	const aboutImage = categories.find((c) => c.image)?.image ?? null
	return (
		<>
			<ScrollProgress />
			<Hero title={hero.title} subtitle={hero.subtitle} poster={hero.poster} video={hero.video} />

			<section id="about" aria-labelledby="about-title" className={`scroll-mt-24 py-16 sm:py-24 ${BELOW_THE_FOLD}`}>
				<div className={`${CONTAINER} grid items-center gap-10 lg:grid-cols-[1fr_1.1fr] lg:gap-16`}>
					<div className="relative mx-auto w-full max-w-md lg:max-w-none">
						<div className="aspect-[4/3] overflow-hidden rounded-2xl bg-maroon-800 shadow-xl ring-8 ring-white">
							{aboutImage ? (
								<Picture
									image={aboutImage}
									alt=""
									sizes="(min-width: 1280px) 560px, (min-width: 1024px) 45vw, (min-width: 448px) 416px, 92vw"
									imgClassName="h-full w-full object-cover"
								/>
							) : (
								<div className="bg-ikat h-full w-full" aria-hidden="true" />
							)}
						</div>
						<div className="absolute -right-2 -bottom-6 rounded-2xl bg-gold-300 px-6 py-4 text-maroon-950 shadow-lg sm:-right-6">
							<p className="font-serif text-4xl leading-none">{YEARS_OF_EXPERIENCE}</p>
							<p className="mt-1 text-sm font-semibold">years at the loom</p>
						</div>
					</div>
					<div>
						<Eyebrow>About Us</Eyebrow>
						<h2 id="about-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							Handwoven heritage from the looms of Pochampally
						</h2>
						<div className="mt-6 space-y-4 text-lg leading-relaxed text-stone-700">
							<p>
								At {shop.shopName}, every saree begins as a single thread of pure silk. For {YEARS_OF_EXPERIENCE} years our family of
								weavers has tied, dyed and woven the ikat patterns that made Pochampally famous, the way they have been made for
								generations.
							</p>
							<p>
								No two sarees are ever alike: each one carries the patience of weeks at the loom and the signature of the hands that made
								it.
							</p>
						</div>
						<Link to="/about" className={`${OUTLINE_BUTTON} mt-8`}>
							Read our story
							<ArrowRightIcon className="h-5 w-5" />
						</Link>
					</div>
				</div>
			</section>

			<section id="collections" aria-labelledby="categories-title" className={`scroll-mt-24 bg-white py-16 sm:py-24 ${BELOW_THE_FOLD}`}>
				<div className={CONTAINER}>
					<div className="text-center">
						<Eyebrow>Shop by weave</Eyebrow>
						<h2 id="categories-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							Saree Categories
						</h2>
						<Ornament className="mt-5" />
					</div>
					<ul className="mt-12 grid gap-6 md:grid-cols-3">
						{categories.map((category) => (
							<li key={category.name}>
								<CategoryCard category={category} />
							</li>
						))}
					</ul>
				</div>
			</section>

			<section aria-labelledby="new-arrivals-title" className={`py-16 sm:py-24 ${BELOW_THE_FOLD}`}>
				<div className={CONTAINER}>
					<div className="flex flex-wrap items-end justify-between gap-4">
						<div>
							<Eyebrow>Fresh from the loom</Eyebrow>
							<h2 id="new-arrivals-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
								Newly Arrived
							</h2>
						</div>
						<Link
							to="/collections"
							className="inline-flex min-h-11 items-center gap-2 font-semibold text-maroon-800 hover:text-maroon-900 hover:underline"
						>
							See All
							<ArrowRightIcon className="h-5 w-5" />
						</Link>
					</div>
					<div className="mt-10">
						{newArrivals === null ? (
							<EmptyState title="Unable to load new arrivals at this time." />
						) : newArrivals.length === 0 ? (
							<EmptyState title="No new arrivals available at this time." />
						) : (
							<ul className={PRODUCT_GRID_CLASS}>
								{newArrivals.map((product) => (
									<li key={product.id}>
										<ProductCard product={product} isNew />
									</li>
								))}
							</ul>
						)}
					</div>
				</div>
			</section>

			<section id="story" aria-labelledby="story-title" className={`scroll-mt-24 bg-gold-50 py-16 sm:py-24 ${BELOW_THE_FOLD}`}>
				<div className={CONTAINER}>
					<div className="text-center">
						<Eyebrow>Our craft</Eyebrow>
						<h2 id="story-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							From Silk Thread to Saree
						</h2>
						<Ornament className="mt-5" />
					</div>
					<div className="mt-10">
						<Slideshow
							label="Saree making steps"
							idPrefix="story-step"
							intervalMs={LIMITS.storySlideMs}
							showNames
							staticClassName="nojs:grid nojs:gap-6 nojs:md:grid-cols-2"
							slides={steps.map((step, i) => ({
								id: `${i}-${step.name}`,
								name: step.name,
								content: <StoryStep step={step} number={i + 1} />,
							}))}
						/>
					</div>
				</div>
			</section>

			<Achievements />
			<PromiseStrip />
			<JsonLd
				data={organizationJsonLd({
					origin,
					name: shop.shopName,
					description: 'Pure handloom Pochampally ikat silk sarees, woven by hand.',
					phone: shop.phone,
					email: shop.email,
					address: shop.address,
					sameAs: [shop.instagramUrl],
				})}
			/>
		</>
	)
}

function CategoryCard({ category }: { category: Route.ComponentProps['loaderData']['categories'][number] }) {
	const available = category.activeCount > 0
	const body = (
		<>
			<div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-maroon-900">
				{category.image ? (
					<Picture
						image={category.image}
						alt=""
						sizes="(min-width: 1280px) 400px, (min-width: 768px) 31vw, 92vw"
						imgClassName="h-full w-full object-cover transition-transform duration-700 motion-safe:group-hover:scale-105"
					/>
				) : (
					<div className="bg-ikat h-full w-full" aria-hidden="true" />
				)}
				<div className="absolute inset-0 bg-gradient-to-t from-maroon-950/90 via-maroon-950/20 to-transparent" aria-hidden="true" />
				{available ? null : (
					<span className="absolute top-4 right-4 rounded-full bg-gold-300 px-3 py-1 text-xs font-bold tracking-wider text-maroon-950 uppercase shadow">
						Coming Soon
					</span>
				)}
				<div className="absolute inset-x-0 bottom-0 p-6 text-white">
					<h3 className="font-serif text-2xl leading-tight">{category.name}</h3>
					<p className="mt-2 flex items-center gap-2 text-sm text-gold-200">
						{available ? (
							<>
								{category.activeCount === 1 ? '1 saree' : `${category.activeCount} sarees`}
								<ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-1" />
							</>
						) : (
							'New weaves on the loom'
						)}
					</p>
				</div>
			</div>
		</>
	)
	return available ? (
		<Link to={`/collections?category=${encodeURIComponent(category.name)}`} className="group block" prefetch="intent">
			{body}
		</Link>
	) : (
		<div className="opacity-90" data-coming-soon>
			{body}
		</div>
	)
}

// Half the slide from 768 px (with JS, the text sits beside it), the whole card width on phones.
const STEP_POSTER_SIZES = '(min-width: 1280px) 620px, (min-width: 768px) 50vw, 92vw'

function StoryStep({ step, number }: { step: Route.ComponentProps['loaderData']['steps'][number]; number: number }) {
	return (
		<article className="grid h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-900/5 js:md:grid-cols-2">
			<div className="relative aspect-[16/10] bg-maroon-900 js:md:aspect-auto js:md:min-h-80">
				{step.poster ? (
					<picture>
						{step.poster.webpSrcSet ? <source type="image/webp" srcSet={step.poster.webpSrcSet} sizes={STEP_POSTER_SIZES} /> : null}
						{step.poster.jpgSrcSet ? <source srcSet={step.poster.jpgSrcSet} sizes={STEP_POSTER_SIZES} /> : null}
						<img src={step.poster.src} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover" />
					</picture>
				) : null}
				{step.video ? <DecorativeVideo video={step.video} data-autoplay className="absolute inset-0 h-full w-full object-cover" /> : null}
				{!step.poster && !step.video ? (
					<div className="bg-ikat absolute inset-0 flex items-center justify-center" aria-hidden="true">
						<span className="font-serif text-7xl text-gold-300">{number}</span>
					</div>
				) : null}
			</div>
			<div className="flex flex-col justify-center p-6 sm:p-10">
				<p className="text-sm font-semibold tracking-[0.2em] text-gold-700 uppercase">Step {number}</p>
				<h3 className="mt-2 font-serif text-2xl text-maroon-900 sm:text-3xl">{step.name}</h3>
				<p className="mt-4 text-lg leading-relaxed text-stone-700">{step.text}</p>
			</div>
		</article>
	)
}
