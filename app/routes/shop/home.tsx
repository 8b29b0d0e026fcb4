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
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { shouldRevalidateAroundShortlist } from '~/components/shop/shortlist'
import { Slideshow } from '~/components/shop/slideshow'
import { LIMITS, YEARS_OF_EXPERIENCE } from '~/constants'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShopLayoutData } from '~/hooks/use-shop-layout-data'
import { pageMessages } from '~/i18n/messages.server'
import { listCategorySummaries, listNewArrivals } from '~/models/products-storefront.server'
import { homePageStory } from '~/services/home-page.server'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { absoluteUrl, organizationJsonLd, seoMeta } from '~/utils/seo'

import type { Route } from './+types/home'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export const shouldRevalidate = shouldRevalidateAroundShortlist

export function meta({ matches }: Route.MetaArgs) {
	const { t, locale } = translatorOfMatches(matches)
	const layout = layoutDataFromMatches(matches)
	if (!layout) return [{ title: t('home.metaTitleShort') }]
	const { shop, origin, shareImage } = layout
	return seoMeta({
		origin,
		path: '/',
		locale,
		siteName: shop.shopName,
		title: t('home.metaTitle', { shop: shop.shopName }),
		description: t('home.metaDescription', { shop: shop.shopName, years: YEARS_OF_EXPERIENCE }),
		image: shareImage,
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const page = pageMessages(request, 'home')
	const [story, newArrivals, categories] = await Promise.all([
		homePageStory(page.locale),
		listNewArrivals(LIMITS.newArrivals, page.locale).catch((error: unknown) => {
			console.error('Failed to load new arrivals', error)
			return null
		}),
		listCategorySummaries(page.locale).catch((error: unknown) => {
			console.error('Failed to load categories', error)
			return []
		}),
	])
	return {
		...page,
		...story,
		newArrivals,
		categories,
	}
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { hero, steps, newArrivals, categories } = loaderData
	const { shop, origin } = useShopLayoutData()
	const { t, path, textLang } = useI18n()
	const aboutImage = categories.find((c) => c.image)?.image ?? null
	return (
		<>
			<ScrollProgress />
			<Hero
				title={hero.title}
				subtitle={hero.subtitle}
				titleLang={textLang(hero.langs.title)}
				subtitleLang={textLang(hero.langs.subtitle)}
				poster={hero.poster}
				video={hero.video}
			/>

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
							<p className="mt-1 text-sm font-semibold">{t('home.aboutYears')}</p>
						</div>
					</div>
					<div>
						<Eyebrow>{t('home.aboutEyebrow')}</Eyebrow>
						<h2 id="about-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							{t('home.aboutTitle')}
						</h2>
						<div className="mt-6 space-y-4 text-lg leading-relaxed text-stone-700">
							<p>{t('home.aboutText', { shop: shop.shopName, years: YEARS_OF_EXPERIENCE })}</p>
							<p>{t('home.aboutUnique')}</p>
						</div>
						<Link to={path('/about')} className={`${OUTLINE_BUTTON} mt-8`}>
							{t('home.aboutLink')}
							<ArrowRightIcon className="h-5 w-5" />
						</Link>
					</div>
				</div>
			</section>

			<section id="collections" aria-labelledby="categories-title" className={`scroll-mt-24 bg-white py-16 sm:py-24 ${BELOW_THE_FOLD}`}>
				<div className={CONTAINER}>
					<div className="text-center">
						<Eyebrow>{t('home.categoriesEyebrow')}</Eyebrow>
						<h2 id="categories-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							{t('home.categoriesTitle')}
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
							<Eyebrow>{t('home.newArrivalsEyebrow')}</Eyebrow>
							<h2 id="new-arrivals-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
								{t('home.newArrivalsTitle')}
							</h2>
						</div>
						<Link
							to={path('/collections')}
							className="inline-flex min-h-11 items-center gap-2 font-semibold text-maroon-800 hover:text-maroon-900 hover:underline"
						>
							{t('home.newArrivalsSeeAll')}
							<ArrowRightIcon className="h-5 w-5" />
						</Link>
					</div>
					<div className="mt-10">
						{newArrivals === null ? (
							<EmptyState title={t('home.newArrivalsFailed')} />
						) : newArrivals.length === 0 ? (
							<EmptyState title={t('home.newArrivalsEmpty')} />
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
						<Eyebrow>{t('home.storyEyebrow')}</Eyebrow>
						<h2 id="story-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							{t('home.storyTitle')}
						</h2>
						<Ornament className="mt-5" />
					</div>
					<div className="mt-10">
						<Slideshow
							label={t('home.storySteps')}
							idPrefix="story-step"
							intervalMs={LIMITS.storySlideMs}
							showNames
							staticClassName="nojs:grid nojs:gap-6 nojs:md:grid-cols-2"
							slides={steps.map((step, i) => ({
								id: `${i}-${step.name}`,
								name: step.name,
								lang: textLang(step.langs.name),
								content: <StoryStep step={step} number={i + 1} />,
							}))}
						/>
					</div>
				</div>
			</section>

			<Achievements />
			<PromiseStrip />
			<JsonLd
				data={{
					...organizationJsonLd({
						origin,
						name: shop.shopName,
						description: t('home.organizationDescription'),
						phone: shop.phone,
						email: shop.email,
						address: shop.address,
						sameAs: [shop.instagramUrl],
					}),
					url: absoluteUrl(origin, path('/')),
				}}
			/>
		</>
	)
}

function CategoryCard({ category }: { category: Route.ComponentProps['loaderData']['categories'][number] }) {
	const { t, path, textLang } = useI18n()
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
						{t('home.categoryComingSoon')}
					</span>
				)}
				<div className="absolute inset-x-0 bottom-0 p-6 text-white">
					<h3 className="font-serif text-2xl leading-tight" lang={textLang(category.label.lang)}>
						{category.label.text}
					</h3>
					{category.description.text ? (
						<p className="mt-2 text-sm text-white/90" lang={textLang(category.description.lang)}>
							{category.description.text}
						</p>
					) : null}
					<p className="mt-2 flex items-center gap-2 text-sm text-gold-200">
						{available ? (
							<>
								{t('home.categoryCount', { count: category.activeCount })}
								<ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-1" />
							</>
						) : (
							t('home.categoryOnTheLoom')
						)}
					</p>
				</div>
			</div>
		</>
	)
	return available ? (
		<Link to={path(`/collections?category=${encodeURIComponent(category.name)}`)} className="group block" prefetch="intent">
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
	const { t, textLang } = useI18n()
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
				<p className="text-sm font-semibold tracking-[0.2em] text-gold-700 uppercase">{t('home.storyStep', { number })}</p>
				<h3 lang={textLang(step.langs.name)} className="mt-2 font-serif text-2xl text-maroon-900 sm:text-3xl">
					{step.name}
				</h3>
				<p lang={textLang(step.langs.text)} className="mt-4 text-lg leading-relaxed text-stone-700">
					{step.text}
				</p>
			</div>
		</article>
	)
}
