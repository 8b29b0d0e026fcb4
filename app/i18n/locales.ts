// The shop's languages. English lives at the bare addresses (`/`, `/product/5`); every other language
// under its own first segment (`/te/product/5`, `/hi/product/5`). Nothing is chosen from headers or
// cookies on the server: a public page is the same for every visitor at one address (page cache).

export const LOCALES = ['en', 'te', 'hi'] as const
export type Locale = (typeof LOCALES)[number]

/** The languages a seller may translate her own text into (English is the original). */
export const TRANSLATED_LOCALES = ['te', 'hi'] as const satisfies ReadonlyArray<Locale>
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/** BCP 47 tags for `<html lang>` and hreflang, and Open Graph's underscore spelling. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-IN', te: 'te-IN', hi: 'hi-IN' }
export const OG_LOCALES: Record<Locale, string> = { en: 'en_IN', te: 'te_IN', hi: 'hi_IN' }

/** Each language's own name, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', te: 'తెలుగు', hi: 'हिन्दी' }

/**
 * The invitation to read a page in a language, written in that language (the page itself may be in
 * another one, whose catalogue does not hold it).
 */
export const LOCALE_INVITATIONS: Record<Locale, string> = {
	en: 'Read this page in English',
	te: 'ఈ పేజీని తెలుగులో చదవండి',
	hi: 'यह पेज हिन्दी में पढ़ें',
}

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function isTranslatedLocale(value: unknown): value is TranslatedLocale {
	return typeof value === 'string' && (TRANSLATED_LOCALES as readonly string[]).includes(value)
}

/** The language of a canonical path: its first segment when that is a translated language. */
export function localeOfPath(pathname: string): Locale {
	const first = pathname.split('/', 2)[1]
	return isTranslatedLocale(first) ? first : DEFAULT_LOCALE
}

/** The path without its language segment (`/te/product/5` → `/product/5`, `/te` → `/`). */
export function pathWithoutLocale(pathname: string): string {
	const locale = localeOfPath(pathname)
	if (locale === DEFAULT_LOCALE) return pathname
	const rest = pathname.slice(locale.length + 1)
	return rest === '' ? '/' : rest
}

/** The same page in another language (`/product/5`, 'te' → `/te/product/5`). */
export function localizedPath(pathname: string, locale: Locale): string {
	const base = pathWithoutLocale(pathname)
	if (locale === DEFAULT_LOCALE) return base
	return base === '/' ? `/${locale}` : `/${locale}${base}`
}
