import { en } from '../../app/i18n/en'
import type { Locale } from '../../app/i18n/locales'
import { messagesFor } from '../../app/i18n/messages.server'
import { type Area, createTranslator, type Translator } from '../../app/i18n/translate'

/**
 * The interface texts as a page in `locale` shows them: a test asks for a text by its catalogue key
 * (`text('admin.navProducts')`), so it reads the same words the page does in any language.
 */
function translator(locale: Locale = 'en'): Translator {
	return createTranslator(locale, messagesFor(locale, Object.keys(en) as Area[]))
}

const english = translator('en')

/** A catalogue text in English, placeholders filled (`text('admin.adminTitle', { shop: 'X' })`). */
export const text: Translator['t'] = (key, values) => english.t(key, values)
