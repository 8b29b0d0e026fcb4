import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Achievements } from '~/components/shop/achievements'
import { ArrowRightIcon, AwardIcon, CheckIcon, HandIcon, SpoolIcon, WhatsAppIcon } from '~/components/shop/icons'
import { CONTAINER, container, Eyebrow, Ornament, OUTLINE_BUTTON, PageHeading, PRIMARY_BUTTON } from '~/components/shop/page-bits'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { Slideshow } from '~/components/shop/slideshow'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { LIMITS, YEARS_OF_EXPERIENCE } from '~/constants'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShopLayoutData } from '~/hooks/use-shop-layout-data'
import { pageMessages } from '~/i18n/messages.server'
import type { Messages } from '~/i18n/translate'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { seoMeta } from '~/utils/seo'

import type { Route } from './+types/about'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export function meta({ matches }: Route.MetaArgs) {
	const { t, locale } = translatorOfMatches(matches)
	const layout = layoutDataFromMatches(matches)
	if (!layout) return [{ title: t('about.metaTitleShort') }]
	const { shop, origin, shareImage } = layout
	return seoMeta({
		origin,
		path: '/about',
		locale,
		siteName: shop.shopName,
		title: t('about.metaTitle', { shop: shop.shopName }),
		description: t('about.metaDescription', { shop: shop.shopName, years: YEARS_OF_EXPERIENCE }),
		image: shareImage,
	})
}

/** The home area's texts this page shows too: the achievements band and the slideshow controls. */
const SHARED_HOME_KEYS = /^home\.(?:achievements|slideshow)/

export function loader({ request }: Route.LoaderArgs) {
	const { locale, messages } = pageMessages(request, 'about', 'home')
	const sent = Object.entries(messages).filter(([key]) => !key.startsWith('home.') || SHARED_HOME_KEYS.test(key))
	return { locale, messages: Object.fromEntries(sent) as Messages }
}

const UNIQUE = [
	{ title: 'about.uniqueIkatTitle', text: 'about.uniqueIkatText', Icon: SpoolIcon },
	{ title: 'about.uniqueHandwovenTitle', text: 'about.uniqueHandwovenText', Icon: HandIcon },
	{ title: 'about.uniqueAwardTitle', text: 'about.uniqueAwardText', Icon: AwardIcon },
] as const

const PROMISES = ['about.promisePureSilk', 'about.promisePhotos', 'about.promisePrices', 'about.promiseShipping'] as const

export default function About() {
	const { shop } = useShopLayoutData()
	const { t, path } = useI18n()
	return (
		<>
			<PageHeading eyebrow={t('about.eyebrow')} title={t('about.welcomeTitle', { shop: shop.shopName })}>
				<p>{t('about.welcomeText', { years: YEARS_OF_EXPERIENCE })}</p>
			</PageHeading>

			<section aria-label={t('about.missionVision')} className="py-16 sm:py-20">
				<div className={container('max-w-4xl')}>
					<Slideshow
						label={t('about.missionVision')}
						idPrefix="about-slide"
						intervalMs={LIMITS.aboutSlideMs}
						startDelayMs={LIMITS.aboutSlideDelayMs}
						staticClassName="nojs:grid nojs:gap-6 nojs:md:grid-cols-2"
						slides={[
							{
								id: 'mission',
								name: t('about.missionTitle'),
								content: <MissionCard title={t('about.missionTitle')}>{t('about.missionText')}</MissionCard>,
							},
							{
								id: 'vision',
								name: t('about.visionTitle'),
								content: <MissionCard title={t('about.visionTitle')}>{t('about.visionText')}</MissionCard>,
							},
						]}
					/>
				</div>
			</section>

			<section aria-labelledby="story-title" className="bg-white py-16 sm:py-24">
				<div className={`${CONTAINER} grid gap-10 lg:grid-cols-2 lg:gap-16`}>
					<div>
						<Eyebrow>{t('about.storyEyebrow')}</Eyebrow>
						<h2 id="story-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							{t('about.storyTitle')}
						</h2>
					</div>
					<div className="space-y-5 text-lg leading-relaxed text-stone-700">
						<p>{t('about.storyBeginning')}</p>
						<p>{t('about.storyToday', { years: YEARS_OF_EXPERIENCE })}</p>
					</div>
				</div>
			</section>

			<section aria-labelledby="unique-title" className="py-16 sm:py-24">
				<div className={CONTAINER}>
					<div className="text-center">
						<Eyebrow>{t('about.uniqueEyebrow')}</Eyebrow>
						<h2 id="unique-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							{t('about.uniqueTitle')}
						</h2>
						<Ornament className="mt-5" />
					</div>
					<ul className="mt-12 grid gap-6 md:grid-cols-3">
						{UNIQUE.map(({ title, text, Icon }) => (
							<li key={title} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-stone-900/5">
								<span className="flex h-12 w-12 items-center justify-center rounded-full bg-maroon-800 text-gold-200">
									<Icon className="h-6 w-6" />
								</span>
								<h3 className="mt-5 font-serif text-2xl text-maroon-900">{t(title)}</h3>
								<p className="mt-3 leading-relaxed text-stone-700">{t(text)}</p>
							</li>
						))}
					</ul>
				</div>
			</section>

			<section aria-labelledby="promise-title" className="bg-gold-50 py-16 sm:py-24">
				<div className={`${CONTAINER} grid gap-10 lg:grid-cols-2 lg:gap-16`}>
					<div>
						<Eyebrow>{t('about.promiseEyebrow')}</Eyebrow>
						<h2 id="promise-title" className="mt-3 font-serif text-3xl text-maroon-900 sm:text-4xl">
							{t('about.promiseTitle')}
						</h2>
						<p className="mt-5 text-lg leading-relaxed text-stone-700">{t('about.promiseText', { shop: shop.shopName })}</p>
					</div>
					<ul className="space-y-4">
						{PROMISES.map((promise) => (
							<li key={promise} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gold-200">
								<CheckIcon className="mt-0.5 h-6 w-6 shrink-0 text-gold-600" />
								<span className="text-lg text-stone-800">{t(promise)}</span>
							</li>
						))}
					</ul>
				</div>
			</section>

			<Achievements />

			<section aria-labelledby="invite-title" className="py-16 sm:py-24">
				<div className={`${container('max-w-3xl')} text-center`}>
					<h2 id="invite-title" className="font-serif text-3xl text-maroon-900 sm:text-4xl">
						{t('about.inviteTitle')}
					</h2>
					<Ornament className="mt-5" />
					<p className="mt-6 text-lg leading-relaxed text-stone-700">{t('about.inviteText')}</p>
					<div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
						<Link to={path('/collections')} className={PRIMARY_BUTTON}>
							{t('about.inviteExplore')}
							<ArrowRightIcon className="h-5 w-5" />
						</Link>
						<WhatsAppLink className={OUTLINE_BUTTON}>
							<WhatsAppIcon className="h-5 w-5" />
							{t('about.inviteWhatsApp')}
						</WhatsAppLink>
					</div>
				</div>
			</section>
		</>
	)
}

function MissionCard({ title, children }: { title: string; children: ReactNode }) {
	return (
		<article className="relative h-full overflow-hidden rounded-2xl bg-maroon-900 px-8 py-12 text-center text-white sm:px-14 sm:py-16">
			<div className="bg-ikat absolute inset-0 opacity-30" aria-hidden="true" />
			<div className="relative">
				<h2 className="font-serif text-3xl text-gold-200 sm:text-4xl">{title}</h2>
				<div className="mx-auto mt-5 flex items-center justify-center gap-3 text-gold-400" aria-hidden="true">
					<span className="h-px w-10 bg-current" />
					<span className="h-1.5 w-1.5 rotate-45 bg-current" />
					<span className="h-px w-10 bg-current" />
				</div>
				<p className="mx-auto mt-6 max-w-2xl font-serif text-xl leading-relaxed text-maroon-50 sm:text-2xl">{children}</p>
			</div>
		</article>
	)
}
