import { type ReactNode, useState } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import { LOCALE_NAMES, TRANSLATED_LOCALES, type TranslatedLocale } from '~/i18n/locales'
import { type TranslationKey, translationKey } from '~/utils/translations'

// The Telugu and Hindi versions of an editor's fields, folded under the English ones so a phone screen
// shows the English form first. A plain <details>: it opens and closes without JavaScript.

/** A Conform field's metadata, as far as the disclosure reads it. */
type TranslationField = { initialValue?: unknown; errors?: string[] | undefined }

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/**
 * "Telugu and Hindi (optional)" with one group per translated language, each holding what `children`
 * renders for that language's copies of the `names` fields (`nameTe`, `nameHi`, …). Open from the start
 * when a translation is saved or was just typed (a form sent back with errors), and opened whenever one
 * of the fields has an error, so no message is hidden. Once open it stays open until the seller closes it.
 */
export function TranslatedFields<const Name extends string, Fields extends Record<TranslationKey<Name>, TranslationField>>({
	fields,
	names,
	children,
}: {
	fields: Fields
	names: readonly Name[]
	children: (translated: Record<Name, Fields[TranslationKey<Name, 'te'>]>, locale: TranslatedLocale, language: string) => ReactNode
}) {
	const { t, locale: pageLocale } = useI18n()
	// Every language's copy of a field has the same shape: the Telugu one names it.
	type Meta = Fields[TranslationKey<Name, 'te'>]
	const inLanguage = (locale: TranslatedLocale) =>
		Object.fromEntries(names.map((name) => [name, fields[translationKey(name, locale)]])) as Record<Name, Meta>
	const all = TRANSLATED_LOCALES.flatMap((locale) => Object.values<Meta>(inLanguage(locale)))
	const hasError = all.some((field) => field.errors?.length)
	const [open, setOpen] = useState(() => hasError || all.some((field) => hasText(field.initialValue)))
	return (
		<details
			open={open || hasError}
			onToggle={(event) => setOpen(event.currentTarget.open)}
			className="rounded-md border border-stone-200 bg-stone-50"
		>
			<summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-stone-900">
				{t('admin.translationsSummary')}
			</summary>
			<div className="space-y-5 border-t border-stone-200 px-3 pt-3 pb-4">
				<p className="text-sm text-stone-700">{t('admin.translationsHint')}</p>
				{TRANSLATED_LOCALES.map((locale) => (
					<fieldset key={locale} className="min-w-0 space-y-4">
						<legend className="mb-2 text-sm font-semibold text-maroon-800">
							{t(`admin.language_${locale}`)}
							{locale === pageLocale ? null : (
								<>
									{' '}
									(<span lang={locale}>{LOCALE_NAMES[locale]}</span>)
								</>
							)}
						</legend>
						{children(inLanguage(locale), locale, t(`admin.language_${locale}`))}
					</fieldset>
				))}
			</div>
		</details>
	)
}
