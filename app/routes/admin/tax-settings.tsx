import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getTaxSettings, type TaxSettings, updateTaxSettings } from '~/models/tax-invoices.server'
import { TAX_SETTINGS_MESSAGES, taxSettingsSchema } from '~/schemas/tax-settings'
import { requireAdmin } from '~/services/session.server'
import { saveSettingsForm } from '~/services/settings-form.server'

import type { Route } from './+types/tax-settings'

// Settings → GST: with a GSTIN, an order's receipt is a tax invoice (docs/decisions/0036).

const PATH = '/admin/settings/gst'
const SETTINGS_PATH = '/admin/settings'
const FORM_ID = 'tax-settings'
// A valid GSTIN to show its shape, the same in every language.
const GSTIN_EXAMPLE = '27AAPFU0939F1ZV'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminSettings.gstTitle'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminSettings'), settings: await getTaxSettings() }
}

export async function action({ request, context }: Route.ActionArgs) {
	return saveSettingsForm({
		request,
		context,
		schema: taxSettingsSchema,
		save: (v) => updateTaxSettings({ gstin: v.gstin }),
		to: PATH,
		savedText: TAX_SETTINGS_MESSAGES.saved,
		failedText: TAX_SETTINGS_MESSAGES.saveFailed,
	})
}

export default function TaxSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useI18n()
	return (
		<AdminPage
			width="form"
			back={{ to: SETTINGS_PATH, label: t('adminSettings.title') }}
			title={t('adminSettings.gstTitle')}
			description={t('adminSettings.gstDescription')}
		>
			<UnsavedChangesGuard forms={[FORM_ID]} />
			<Card>
				{/* Saved values come back normalised (the GSTIN in capitals): a new form shows them. */}
				<TaxSettingsForm key={JSON.stringify(loaderData.settings)} settings={loaderData.settings} lastResult={actionData?.result} />
			</Card>
		</AdminPage>
	)
}

function TaxSettingsForm({ settings, lastResult }: { settings: TaxSettings; lastResult?: SubmissionResult<string[]> | null }) {
	const [form, fields] = useZodForm(taxSettingsSchema, {
		id: FORM_ID,
		lastResult,
		defaultValue: { gstin: settings.gstin },
	})
	const saving = useIsPending()
	const { t, rich } = useI18n()
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-4">
			<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
			<Field
				label={t('adminSettings.gstin')}
				{...getInputProps(fields.gstin, { type: 'text' })}
				autoComplete="off"
				autoCapitalize="characters"
				spellCheck={false}
				placeholder={GSTIN_EXAMPLE}
				hint={t('adminSettings.gstinHint')}
				errors={fields.gstin.errors}
			/>
			<p className="text-sm text-stone-600">
				{rich('adminSettings.hsnNote', {
					link: (
						<Link to="/admin/settings/categories" className="inline-flex min-h-11 items-center font-medium text-maroon-800 underline">
							{t('adminSettings.hsnLink')}
						</Link>
					),
				})}
			</p>
			<Button type="submit" disabled={saving}>
				{saving ? t('adminSettings.saving') : t('adminSettings.saveGst')}
			</Button>
		</Form>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError title="admin.navSettings" width="form" failedText="admin.loadFailed" link={{ to: PATH, label: 'admin.tryAgain' }} />
	)
}
