import { useMemo } from 'react'
import { useMatches } from 'react-router'

import { DEFAULT_LOCALE, isLocale, type Locale } from '~/i18n/locales'
import { createTranslator, type Messages, type Translator } from '~/i18n/translate'

// Each route's loader may send `{ locale, messages }` (see messages.server.ts): the shop layout the
// texts every page shares, a page its own. A component reads them all through useI18n(); a `meta`
// function through translatorOfMatches(matches).

export type MatchLike = { loaderData?: unknown; data?: unknown } | undefined

type WithMessages = { locale?: unknown; messages?: Messages }

/** The language and texts of a chain of matched routes (root first). */
export function translatorOfMatches(matches: ReadonlyArray<MatchLike>): Translator {
	let locale: Locale = DEFAULT_LOCALE
	let messages: Messages = {}
	for (const match of matches) {
		const data = (match?.loaderData ?? match?.data) as WithMessages | undefined
		if (!data || typeof data !== 'object') continue
		if (isLocale(data.locale)) locale = data.locale
		if (data.messages) messages = { ...messages, ...data.messages }
	}
	return createTranslator(locale, messages)
}

export function useI18n(): Translator {
	const matches = useMatches()
	return useMemo(() => translatorOfMatches(matches), [matches])
}
