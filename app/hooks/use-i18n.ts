import { useMemo } from 'react'
import { useMatches } from 'react-router'

import { DEFAULT_LOCALE, isLocale, type Locale } from '~/i18n/locales'
import { createTranslator, type Messages, type Translator } from '~/i18n/translate'

// Each route's loader may send `{ locale, messages }` (see messages.server.ts): the shop layout the
// texts every page shares, a page its own. A component reads them all through useI18n(); a `meta`
// function through translatorOfMatches(matches).

export type MatchLike = { loaderData?: unknown; data?: unknown } | undefined

type WithMessages = { locale?: unknown; messages?: Messages }

/** A translator of the chain's last language and its texts merged, later routes winning. */
function mergedTranslator(chain: ReadonlyArray<unknown>): Translator {
	let locale: Locale = DEFAULT_LOCALE
	let messages: Messages = {}
	for (const data of chain as Array<WithMessages | undefined>) {
		if (!data || typeof data !== 'object') continue
		if (isLocale(data.locale)) locale = data.locale
		if (data.messages) messages = { ...messages, ...data.messages }
	}
	return createTranslator(locale, messages)
}

// On the server every component of a render asks for its translator, and each ask would merge the
// texts of the chain again (hundreds of keys per card on a listing, 7 % of an uncached search's time):
// one translator is kept per chain of loader data, found by the last one and checked member by member,
// and goes with that data. The browser merges once per component as it hydrates, and then keeps what
// useMemo gives it; the cache stays out of its scripts (the storefront's budget).
let translators: WeakMap<object, { chain: unknown[]; translator: Translator }> | undefined

/** The language and texts of a chain of matched routes (root first). */
export function translatorOfMatches(matches: ReadonlyArray<MatchLike>): Translator {
	const chain = matches.map((match) => match?.loaderData ?? match?.data)
	if (!import.meta.env.SSR) return mergedTranslator(chain)
	translators ??= new WeakMap()
	const last = chain.findLast((data): data is object => typeof data === 'object' && data !== null)
	const kept = last ? translators.get(last) : undefined
	if (kept && kept.chain.length === chain.length && kept.chain.every((data, i) => data === chain[i])) return kept.translator
	const translator = mergedTranslator(chain)
	if (last) translators.set(last, { chain, translator })
	return translator
}

export function useI18n(): Translator {
	const matches = useMatches()
	return useMemo(() => translatorOfMatches(matches), [matches])
}
