import type { TranslationKey, Translator, Values } from './translate'

// Message refs: the admin's form messages (docs/decisions/0045). A module of its own, which only the
// admin imports, so none of it reaches the storefront's scripts.

/**
 * A message whose words are chosen where it is shown, in the reader's language: a catalogue key and the
 * values of its placeholders (`adminCategories.nameTooLong?max=80`). Form schemas run in the browser and on the
 * server alike and know no language, so their messages are refs; `translateMessage` (in the admin, `useAdminI18n().msg`) turns one into text.
 * A value named `language` holding a language code is shown as that language's name.
 */
export function messageRef(key: TranslationKey, values?: Values) {
	if (!values || Object.keys(values).length === 0) return key
	return `${key}?${new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]))}`
}

const REF = /^([a-z]+\.\w+)(?:\?(.*))?$/is

function readMessageRef(message: string): { key: string; values: Values } | null {
	const match = REF.exec(message)
	if (!match) return null
	const values: Values = {}
	for (const [name, value] of new URLSearchParams(match[2] ?? '')) values[name] = /^-?\d+$/.test(value) ? Number(value) : value
	return { key: match[1]!, values }
}

/**
 * `message` in the reader's language when it is a ref this page has the text of (a value named
 * `language` holding a language code shown as that language's name); any other text (a name, a
 * message the server already wrote in the reader's language) as it is. The storefront never shows a
 * ref, so its scripts leave this out.
 */
export function translateMessage(t: Translator['t'], message: string) {
	const ref = readMessageRef(message)
	if (!ref) return message
	const key = ref.key as TranslationKey
	const { language } = ref.values
	if (typeof language === 'string') {
		const name = t(`admin.language_${language}` as TranslationKey)
		if (name !== `admin.language_${language}`) ref.values.language = name
	}
	const text = t(key, ref.values)
	return text === key ? message : text
}
