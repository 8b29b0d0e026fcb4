import type { ReactNode } from 'react'
import { createElement, Fragment } from 'react'

import type { en } from './en'
import { DEFAULT_LOCALE, type Locale, LOCALE_TAGS, localizedPath } from './locales'

// Interface text by key. The server picks each page's texts in the visitor's language (English where
// a translation is missing) and sends them with the page's data (app/i18n/messages.server.ts); the
// browser's scripts carry no catalogue at all, and no i18n library (docs/decisions/0022).
//
// Messages are plain strings. `{name}` is replaced by a value; a key with `_one`/`_other` variants is
// chosen by `count` under the language's plural rule.

type Catalogue = typeof en
export type Area = keyof Catalogue
type AreaKey<A extends Area> = Extract<keyof Catalogue[A], string>
export type MessageKey = { [A in Area]: `${A}.${AreaKey<A>}` }[Area]
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never
/** Every key a page may ask for: a message, or the base of a plural pair. */
export type TranslationKey = MessageKey | PluralBase<MessageKey>

/** Texts sent to a page: flat keys (`shop.home`) in the page's language. */
export type Messages = Partial<Record<MessageKey, string>>

export type Values = Record<string, string | number>

/** CLDR's cardinal "one" for our languages: 1 in English and Telugu, 0 and 1 in Hindi. */
export function isPluralOne(locale: Locale, count: number) {
	return locale === 'hi' ? count === 0 || count === 1 : count === 1
}

const PLACEHOLDER = /\{(\w+)\}/g

export function format(template: string, values?: Values) {
	if (!values) return template
	return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

export type Translator = {
	locale: Locale
	/** A message with its `{placeholders}` filled in (a plural pair by `values.count`). */
	t: (key: TranslationKey, values?: Values) => string
	/** A message whose placeholders are elements (a link, a <strong>): returns React nodes. */
	rich: (key: TranslationKey, parts: Record<string, ReactNode>) => ReactNode
	/** A shop path in this language (`/collections` → `/te/collections`). */
	path: (path: string) => string
	/**
	 * The `lang` attribute for a text in `textLocale` on this page: none when it is the page's own
	 * language, else its tag (a seller's English text on a Telugu page is read out as English).
	 */
	textLang: (textLocale: Locale) => string | undefined
}

export function createTranslator(locale: Locale, messages: Messages): Translator {
	const lookup = (key: TranslationKey, values?: Values) => {
		const table = messages as Record<string, string | undefined>
		const direct = table[key]
		if (direct !== undefined) return direct
		if (values && typeof values.count === 'number') {
			const plural = table[`${key}_${isPluralOne(locale, values.count) ? 'one' : 'other'}`]
			if (plural !== undefined) return plural
		}
		// A key this page was not sent: visible in development, and never a crash for a visitor.
		if (import.meta.env?.DEV) console.warn(`Missing message "${key}" (${locale})`)
		return key
	}
	return {
		locale,
		t: (key, values) => format(lookup(key, values), values),
		rich: (key, parts) => {
			const template = lookup(key)
			const nodes: ReactNode[] = []
			let last = 0
			for (const match of template.matchAll(PLACEHOLDER)) {
				const name = match[1]!
				if (!(name in parts)) continue
				nodes.push(template.slice(last, match.index))
				nodes.push(createElement(Fragment, { key: `${name}-${match.index}` }, parts[name]))
				last = match.index + match[0].length
			}
			nodes.push(template.slice(last))
			return nodes
		},
		path: (path) => (locale === DEFAULT_LOCALE ? path : localizedPath(path, locale)),
		textLang: (textLocale) => (textLocale === locale ? undefined : LOCALE_TAGS[textLocale]),
	}
}
