import { z } from 'zod'

import { TRANSLATED_LOCALES, type TranslatedLocale } from '~/i18n/locales'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '~/utils/email'
import { TRANSLATION_LANGUAGE_NAMES, type TranslationKey, translationKey } from '~/utils/translations'

// The text fields every form schema is built from. Each has a hard maximum length that is checked
// first and aborts: zod 4 goes on to the next checks (patterns, refinements, transforms) after a failed
// `.max()` unless that check aborts, so without it a megabyte posted into a short field would still be
// fed to every rule after it. app/schemas/fields.test.ts walks every form schema to hold this.

type TextOptions = {
	/** The message when the field is missing or empty; without it the field is optional. */
	required?: string
	/**
	 * Invisible control characters and leading and trailing spaces are dropped before anything else
	 * (default). Passwords keep theirs.
	 */
	trim?: boolean
}

/**
 * Characters nobody types on purpose that change how the rest of a text shows: C0 controls (tabs and
 * line breaks aside), DEL, and the bidirectional embeddings, overrides and isolates (a right-to-left
 * override would reverse a saree's name, a page title or the WhatsApp message built from it). The
 * joiners Telugu and Devanagari need (U+200C, U+200D) are kept.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const INVISIBLE_CONTROLS = /[\u0000-\u0008\v\f\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g

export function withoutControls(value: string) {
	return value.replace(INVISIBLE_CONTROLS, '')
}

/**
 * A text field of at most `max` characters. Over the limit, `tooLong` is the only message and no
 * later rule runs, not even the form's cross-field ones. Required fields refuse empty (and, trimmed,
 * blank) input with `required`; that check does not abort, so the form's other messages still show.
 */
export function text(max: number, tooLong: string, { required, trim = true }: TextOptions = {}) {
	const base = required ? z.string({ error: required }) : z.string()
	const bounded = (trim ? base.overwrite(withoutControls).trim() : base).max(max, { error: tooLong, abort: true })
	return required ? bounded.min(1, { error: required }) : bounded
}

/** An email field: required when `required` names its message, else empty or a valid address. */
export function email(messages: { invalid: string; required: string }): z.ZodString
export function email(messages: { invalid: string }): z.ZodOptional<z.ZodString>
export function email({ invalid, required }: { invalid: string; required?: string }) {
	const address = text(EMAIL_MAX_LENGTH, invalid, { required })
	return required ? address.regex(EMAIL_PATTERN, invalid) : address.refine((v) => v === '' || EMAIL_PATTERN.test(v), invalid).optional()
}

/**
 * The optional Telugu and Hindi versions of a field (`nameTe`, `nameHi`: see utils/translations), each
 * made by `make(languageName, locale)` with the bound and trimming of the English field and a message
 * naming the language: a ref given `{ language: locale }` shows the language's name in the reader's
 * language ("Keep the name in Telugu under 200 characters.").
 */
export function translated<const Field extends string, Schema extends z.ZodType>(
	field: Field,
	make: (languageName: string, locale: TranslatedLocale) => Schema,
) {
	return Object.fromEntries(
		TRANSLATED_LOCALES.map((locale) => [translationKey(field, locale), make(TRANSLATION_LANGUAGE_NAMES[locale], locale)]),
	) as Record<TranslationKey<Field>, Schema>
}
