import { en } from './en'
import { hi } from './hi'
import { DEFAULT_LOCALE, isLocale, type Locale, localeOfPath } from './locales'
import { translateMessage } from './message-ref'
import { te } from './te'
import { type Area, createTranslator, type MessageKey, type Messages } from './translate'

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

/** Texts for the server's own use (WhatsApp messages, flash messages), message refs included. */
export function serverTranslator(locale: Locale, ...areas: Area[]) {
	const translator = createTranslator(locale, messagesFor(locale, areas))
	return { ...translator, msg: (message: string) => translateMessage(translator.t, message) }
}

export type { MessageKey }

/**
 * The language of the admin's pages: the account's choice once signed in; before that (sign-in, reset,
 * set-password) the first of Telugu, Hindi and English the browser's Accept-Language prefers. The
 * admin's addresses stay the same in every language.
 */
export function adminLocale(request: Request, admin: { locale: Locale } | null): Locale {
	return admin ? admin.locale : preferredLocale(request.headers.get('Accept-Language'))
}

/** The first of our languages in an Accept-Language header, by its weights (English when none is named). */
export function preferredLocale(header: string | null): Locale {
	let best: { locale: Locale; weight: number } | null = null
	for (const [position, part] of (header ?? '').slice(0, 500).split(',').slice(0, 20).entries()) {
		const [range = '', ...params] = part.trim().split(';')
		const language = range.trim().toLowerCase().split('-')[0]
		if (!isLocale(language)) continue
		// A weight is RFC 9110's qvalue (0 to 1, three decimals at most); an entry with any other
		// (`q=-1`, `q=NaN`, `q=2`) is not understood, and left out rather than taken at full weight.
		const weights = params.filter((p) => /^\s*q\s*=/i.test(p))
		const q = weights.length ? /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.exec(weights[0]!)?.[1] : '1'
		if (q === undefined || weights.length > 1) continue
		// Equal weights keep the header's order.
		const weight = Number(q) - position / 1000
		if (weight > 0 && (!best || weight > best.weight)) best = { locale: language, weight }
	}
	return best?.locale ?? DEFAULT_LOCALE
}

/** What an admin page's loader adds to its data: the admin's language and its areas' texts. */
export function adminMessages(locale: Locale, ...areas: Area[]) {
	return { locale, messages: messagesFor(locale, areas) }
}
