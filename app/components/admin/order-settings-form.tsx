import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'

import { Button } from '~/components/ui/button'
import { ErrorList, Field, TextareaField } from '~/components/ui/field'
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import type { OrderSettings } from '~/models/order-settings.server'
import { orderSettingsSchema } from '~/schemas/order-settings'
import { PLACEHOLDERS } from '~/utils/order-messages'

/** The form's id, for its screen's unsaved-changes guard. */
export const ORDER_SETTINGS_FORM_ID = 'order-settings'

const MESSAGE_FIELDS = [
	{ name: 'confirmedMessage', label: 'adminSettings.confirmedMessage' },
	{ name: 'shippedMessage', label: 'adminSettings.shippedMessage' },
	{ name: 'deliveredMessage', label: 'adminSettings.deliveredMessage' },
	{ name: 'cancelledMessage', label: 'adminSettings.cancelledMessage' },
] as const

/** The shop's UPI ID and the WhatsApp follow-up texts; a refused value comes back with every typed text kept. */
export function OrderSettingsForm({ settings, lastResult }: { settings: OrderSettings; lastResult?: SubmissionResult<string[]> | null }) {
	const [form, fields] = useZodForm(orderSettingsSchema, {
		id: ORDER_SETTINGS_FORM_ID,
		lastResult,
		defaultValue: {
			upiId: settings.upiId,
			confirmedMessage: settings.messages.confirmed,
			shippedMessage: settings.messages.shipped,
			deliveredMessage: settings.messages.delivered,
			cancelledMessage: settings.messages.cancelled,
		},
	})
	const saving = useIsPending()
	const { t } = useI18n()
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-4">
			<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
			<Field
				label={t('adminSettings.upiId')}
				{...getInputProps(fields.upiId, { type: 'text' })}
				autoComplete="off"
				autoCapitalize="none"
				spellCheck={false}
				placeholder={t('adminSettings.upiExample')}
				hint={t('adminSettings.upiHint')}
				errors={fields.upiId.errors}
			/>
			<details className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">
				<summary className="min-h-11 cursor-pointer py-2 font-medium text-stone-900">{t('adminSettings.placeholdersSummary')}</summary>
				<dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
					{Object.keys(PLACEHOLDERS).map((name) => (
						<div key={name} className="contents">
							<dt>
								{/* A placeholder is typed as it is, whatever the language. */}
								<code className="font-mono text-maroon-800" data-seller-text>{`{${name}}`}</code>
							</dt>
							<dd className="mb-1 sm:mb-0">{t(`adminSettings.placeholder_${name as keyof typeof PLACEHOLDERS}`)}</dd>
						</div>
					))}
				</dl>
				<p className="mt-2">{t('adminSettings.placeholdersNote')}</p>
			</details>
			{MESSAGE_FIELDS.map(({ name, label }) => (
				<TextareaField {...getTextareaProps(fields[name])} key={name} label={t(label)} rows={5} errors={fields[name].errors} />
			))}
			<Button type="submit" disabled={saving}>
				{saving ? t('adminSettings.saving') : t('adminSettings.saveOrderSettings')}
			</Button>
		</Form>
	)
}
