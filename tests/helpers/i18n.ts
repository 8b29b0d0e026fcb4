import { en } from '../../app/i18n/en'
import type { Locale } from '../../app/i18n/locales'
import { translateMessage } from '../../app/i18n/message-ref'
import { messagesFor } from '../../app/i18n/messages.server'
import { type Area, createTranslator, type Translator } from '../../app/i18n/translate'

/**
 * The interface texts as a page in `locale` shows them: a test asks for a text by its catalogue key
 * (`text('admin.navProducts')`), so it reads the same words the page does in any language.
 */
export function translator(locale: Locale = 'en') {
	const i18n = createTranslator(locale, messagesFor(locale, Object.keys(en) as Area[]))
	return { ...i18n, msg: (ref: string) => translateMessage(i18n.t, ref) }
}

const english = translator('en')

/** A catalogue text in English, placeholders filled (`text('admin.adminTitle', { shop: 'X' })`). */
export const text: Translator['t'] = (key, values) => english.t(key, values)

/** A message ref (messageRef) as an English page shows it. */
export const message = (ref: string) => english.msg(ref)
