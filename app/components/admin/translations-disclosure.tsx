import { type ReactNode, useState } from 'react'

import { LOCALE_NAMES, type TranslatedLocale } from '~/i18n/locales'
import { TRANSLATION_LANGUAGE_NAMES } from '~/utils/translations'

// The Telugu and Hindi versions of an editor's fields, folded under the English ones so a phone screen
// shows the English form first. A plain <details>: it opens and closes without JavaScript.

/** A Conform field's metadata, as far as the disclosure reads it. */
type TranslationField = { initialValue?: unknown; errors?: string[] | undefined }

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/**
 * "Telugu and Hindi (optional)": open from the start when a translation is saved or was just typed
 * (a form sent back with errors), and opened whenever one of `fields` has an error, so no message is
 * hidden. Once open it stays open until the seller closes it.
 */
export function TranslationsDisclosure({ fields, children }: { fields: TranslationField[]; children: ReactNode }) {
	const hasError = fields.some((field) => field.errors?.length)
	const [open, setOpen] = useState(() => hasError || fields.some((field) => hasText(field.initialValue)))
	return (
		<details
			open={open || hasError}
			onToggle={(event) => setOpen(event.currentTarget.open)}
			className="rounded-md border border-stone-200 bg-stone-50"
		>
			<summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-stone-900">
				Telugu and Hindi (optional)
			</summary>
			<div className="space-y-5 border-t border-stone-200 px-3 pt-3 pb-4">
				<p className="text-sm text-stone-700">
					Visitors reading the shop in Telugu or Hindi see these. Left empty, they see the English text.
				</p>
				{children}
			</div>
		</details>
	)
}

/** One language's fields inside the disclosure, under its name ("Telugu (తెలుగు)"). */
export function TranslationGroup({ locale, children }: { locale: TranslatedLocale; children: ReactNode }) {
	return (
		<fieldset className="min-w-0 space-y-4">
			<legend className="mb-2 text-sm font-semibold text-maroon-800">
				{TRANSLATION_LANGUAGE_NAMES[locale]} (<span lang={locale}>{LOCALE_NAMES[locale]}</span>)
			</legend>
			{children}
		</fieldset>
	)
}
