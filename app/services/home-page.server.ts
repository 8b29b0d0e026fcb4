import type { Kysely } from 'kysely'

import { type DB, getDb } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import { type MessageKey, serverTranslator } from '~/i18n/messages.server'
import { getHeroSettings, listStorySteps } from '~/models/site.server'
import { mediaUrl } from '~/utils/media'

import { posterPicture } from './videos.server'

// The home page's hero and story, with the rules for the texts the shop shipped with. The seller's text
// comes in the page's language where she translated it (`langs` says which). Text she never changed
// from what the shop shipped with (the same as the fallback's English) is the shop's, not hers: it
// reads in the page's language too. When a row cannot be read the page still shows the spec's
// defaults, in the page's language. These rules need the shop's messages and its posters, which the
// site model does not know of: they live here, and the model keeps to the rows.

const FALLBACK_HERO = { title: 'home.fallbackHeroTitle', subtitle: 'home.fallbackHeroSubtitle' } as const satisfies Record<
	string,
	MessageKey
>
const FALLBACK_STEPS = [
	['home.fallbackStep1Name', 'home.fallbackStep1Text'],
	['home.fallbackStep2Name', 'home.fallbackStep2Text'],
	['home.fallbackStep3Name', 'home.fallbackStep3Text'],
	['home.fallbackStep4Name', 'home.fallbackStep4Text'],
] as const satisfies ReadonlyArray<readonly [MessageKey, MessageKey]>

type FallbackKey = (typeof FALLBACK_STEPS)[number][number] | (typeof FALLBACK_HERO)[keyof typeof FALLBACK_HERO]

const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', ogg: 'video/ogg', mov: 'video/mp4' }

function videoSource(key: string) {
	const ext = key.split('.').pop()?.toLowerCase() ?? ''
	return { url: mediaUrl(key), type: VIDEO_TYPES[ext] ?? null }
}

/** The hero and the four story steps as the home page in `locale` shows them. */
export async function homePageStory(locale: Locale, db: Kysely<DB> = getDb()) {
	const [hero, steps] = await Promise.all([
		getHeroSettings(locale, db).catch((error: unknown) => {
			console.error('Failed to load hero settings', error)
			return null
		}),
		listStorySteps(locale, db).catch((error: unknown) => {
			console.error('Failed to load story steps', error)
			return null
		}),
	])
	const { t } = serverTranslator(locale, 'home')
	const english = serverTranslator('en', 'home').t
	const shipped = (text: string | undefined, lang: Locale | undefined, key: FallbackKey) =>
		!text || (lang === 'en' && text === english(key)) ? { text: t(key), lang: locale } : { text, lang: lang ?? locale }
	const heroTitle = shipped(hero?.title.trim(), hero?.langs.title, FALLBACK_HERO.title)
	const heroSubtitle = shipped(hero?.subtitle.trim(), hero?.langs.subtitle, FALLBACK_HERO.subtitle)
	return {
		hero: {
			title: heroTitle.text,
			subtitle: heroSubtitle.text,
			langs: { title: heroTitle.lang, subtitle: heroSubtitle.lang },
			poster: hero?.posterKey ? await posterPicture(hero.posterKey) : null,
			video: hero && hero.videoEnabled && hero.videoKey ? videoSource(hero.videoKey) : null,
		},
		steps:
			steps && steps.length > 0
				? await Promise.all(
						steps.map(async (s, i) => {
							const keys = FALLBACK_STEPS[i]
							const name = keys ? shipped(s.name, s.langs.name, keys[0]) : { text: s.name, lang: s.langs.name }
							const text = keys ? shipped(s.text, s.langs.text, keys[1]) : { text: s.text, lang: s.langs.text }
							return {
								name: name.text,
								text: text.text,
								langs: { name: name.lang, text: text.lang },
								video: s.videoKey ? videoSource(s.videoKey) : null,
								poster: s.posterKey ? await posterPicture(s.posterKey) : null,
							}
						}),
					)
				: FALLBACK_STEPS.map(([name, text]) => ({
						name: t(name),
						text: t(text),
						langs: { name: locale, text: locale },
						video: null,
						poster: null,
					})),
	}
}
