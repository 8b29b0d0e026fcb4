import { en } from './en'
import { hi } from './hi'
import { type Locale, localeOfPath } from './locales'
import { te } from './te'
import { type Area, createTranslator, type MessageKey, type Messages, type Translator } from './translate'

// The message catalogues live on the server only: a page receives the texts of its own areas in its
// own language (English for any key a translation lacks), with its loader data.

type AreaTable = Record<string, string>
const CATALOGUES: Record<Locale, Partial<Record<Area, Partial<AreaTable>>>> = { en, te, hi }

const cache = new Map<string, Messages>()

/** The flat texts of some areas in one language, English filling any gap. */
export function messagesFor(locale: Locale, areas: readonly Area[]): Messages {
	const cacheKey = `${locale}:${areas.join(',')}`
	const cached = cache.get(cacheKey)
	if (cached) return cached
	const out: Record<string, string> = {}
	for (const area of areas) {
		const english = en[area] as AreaTable
		const translated = (CATALOGUES[locale][area] ?? {}) as Partial<AreaTable>
		for (const [key, text] of Object.entries(english)) out[`${area}.${key}`] = translated[key] || text
	}
	cache.set(cacheKey, out)
	return out as Messages
}

/** The language of a request: its path's first segment (never a header or cookie). */
export function requestLocale(request: Request): Locale {
	return localeOfPath(new URL(request.url).pathname)
}

/** What a page loader adds to its data: its language and its areas' texts. */
export function pageMessages(request: Request, ...areas: Area[]) {
	const locale = requestLocale(request)
	return { locale, messages: messagesFor(locale, areas) }
}

/** Texts for the server's own use (WhatsApp messages, flash messages). */
export function serverTranslator(locale: Locale, ...areas: Area[]): Translator {
	return createTranslator(locale, messagesFor(locale, areas))
}

export type { MessageKey }
