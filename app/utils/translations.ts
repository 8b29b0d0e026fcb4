import { isTranslatedLocale, type Locale, type TranslatedLocale } from '~/i18n/locales'

// The seller writes her text in English and may add Telugu and Hindi beside it. Stored: one column
// per language, `<column>_te` and `<column>_hi`, '' when not translated (migrations/0007). Typed in
// the admin forms as `<field>Te` and `<field>Hi`. Shown: the visitor's language when the seller gave
// it, else English, and the page is told which (see pickTranslation, the one place of that rule).

/** How the admin screens name each translated language. */
export const TRANSLATION_LANGUAGE_NAMES: Record<TranslatedLocale, string> = { te: 'Telugu', hi: 'Hindi' }

/** The form field and domain key of a translation: ('name', 'te') → 'nameTe'. */
export type TranslationKey<Field extends string, L extends TranslatedLocale = TranslatedLocale> = `${Field}${Capitalize<L>}`

/** The translations of `Field`s in every translated language, as the admin forms and models carry them. */
export type Translations<Field extends string> = Record<TranslationKey<Field>, string>

export function translationKey<Field extends string, L extends TranslatedLocale>(field: Field, locale: L): TranslationKey<Field, L> {
	return `${field}${locale.charAt(0).toUpperCase()}${locale.slice(1)}` as TranslationKey<Field, L>
}

/** The column of a translation: ('name', 'te') → 'name_te'. */
export type TranslationColumn<Column extends string> = `${Column}_${TranslatedLocale}`

/**
 * The columns to read, besides the English ones, for a visitor reading `locale`: only that language's
 * (none for English), so the other languages never leave the database. Names come from this fixed
 * list, never from a request: anything but a translated locale reads English only.
 */
export function translationColumns<const Column extends string>(
	columns: readonly Column[],
	locale: Locale,
): Array<TranslationColumn<Column>> {
	if (!isTranslatedLocale(locale)) return []
	return columns.map((column) => `${column}_${locale}` as const)
}

/** A text as shown to a visitor, and the language it is really in (the page marks English fallback with lang). */
export type Localized = { text: string; lang: Locale }

/**
 * THE rule: a field's text in `locale` is the seller's translation when she gave one (not empty), else
 * the English original. English visitors always get the original.
 */
export function pickTranslation(english: string, translation: string | null | undefined, locale: Locale): Localized {
	if (isTranslatedLocale(locale) && translation != null && translation.trim() !== '') return { text: translation, lang: locale }
	return { text: english, lang: 'en' }
}

/** `column` of a row read with translationColumns(…, locale), in `locale` (see pickTranslation). */
export function localizedColumn<const Column extends string>(
	row: Record<Column, string> & Partial<Record<TranslationColumn<Column>, string>>,
	column: Column,
	locale: Locale,
): Localized {
	const translation = isTranslatedLocale(locale) ? (row[`${column}_${locale}`] as string | undefined) : undefined
	return pickTranslation(row[column], translation, locale)
}
