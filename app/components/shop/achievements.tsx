import { YEARS_OF_EXPERIENCE } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'

import { AwardIcon, CalendarIcon, HandIcon, SpoolIcon, TruckIcon } from './icons'
import { CONTAINER, Eyebrow } from './page-bits'

// Texts: the `home` area's `achievements…` and `promise…` keys (the About page is sent the achievements ones too).

const ACHIEVEMENTS = [
	{ value: YEARS_OF_EXPERIENCE, label: 'home.achievementsYears', Icon: CalendarIcon },
	{ value: '1', label: 'home.achievementsAward', Icon: AwardIcon },
	{ value: '100%', label: 'home.achievementsHandmade', Icon: HandIcon },
] as const

export function Achievements({ headingId = 'achievements-title' }: { headingId?: string }) {
	const { t } = useI18n()
	return (
		<section aria-labelledby={headingId} className="relative overflow-hidden bg-maroon-900 text-white">
			<div className="bg-ikat absolute inset-0 opacity-40" aria-hidden="true" />
			<div className={`${CONTAINER} relative py-16 sm:py-20`}>
				<div className="text-center">
					<Eyebrow className="text-gold-300!">{t('home.achievementsEyebrow')}</Eyebrow>
					<h2 id={headingId} className="mt-3 font-serif text-3xl sm:text-4xl">
						{t('home.achievementsTitle')}
					</h2>
				</div>
				<ul className="mt-10 grid grid-cols-3 gap-2 sm:mt-12 sm:gap-6">
					{ACHIEVEMENTS.map(({ value, label, Icon }) => (
						<li
							key={label}
							className="flex flex-col items-center rounded-2xl border border-gold-300/30 bg-maroon-950/40 px-2 py-6 text-center sm:px-6 sm:py-8"
						>
							<Icon className="hidden h-8 w-8 text-gold-300 sm:block" />
							<p className="font-serif text-4xl text-gold-200 sm:mt-4 sm:text-5xl">{value}</p>
							<p className="mt-2 text-sm leading-snug text-maroon-100 sm:text-base">{t(label)}</p>
						</li>
					))}
				</ul>
			</div>
		</section>
	)
}

// The delivery days are written into each language's text (`home.promiseShippingText`), in step with
// DELIVERY_ESTIMATE (app/constants.ts).
const PROMISES = [
	{ title: 'home.promiseSilkTitle', text: 'home.promiseSilkText', Icon: SpoolIcon },
	{ title: 'home.promiseShippingTitle', text: 'home.promiseShippingText', Icon: TruckIcon },
	{ title: 'home.promiseHandmadeTitle', text: 'home.promiseHandmadeText', Icon: HandIcon },
] as const

/** The Pure Silk / Free Shipping / Handmade strip. */
export function PromiseStrip() {
	const { t } = useI18n()
	return (
		<section aria-label={t('home.promiseLabel')} className="border-y border-gold-200 bg-gold-50">
			<ul className={`${CONTAINER} grid gap-6 py-10 sm:grid-cols-3`}>
				{PROMISES.map(({ title, text, Icon }) => (
					<li key={title} className="flex items-center gap-4 sm:justify-center">
						<span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-maroon-800 text-gold-200">
							<Icon className="h-6 w-6" />
						</span>
						<span>
							<span className="block font-serif text-xl text-maroon-900">{t(title)}</span>
							<span className="block text-sm text-stone-600">{t(text)}</span>
						</span>
					</li>
				))}
			</ul>
		</section>
	)
}
