import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { useIsPending } from '~/hooks/use-pending'
import { useZodForm } from '~/hooks/use-zod-form'
import { getTaxSettings, type TaxSettings, updateTaxSettings } from '~/models/tax-invoices.server'
import { TAX_SETTINGS_MESSAGES, taxSettingsSchema } from '~/schemas/tax-settings'
import { requireAdmin } from '~/services/session.server'
import { saveSettingsForm } from '~/services/settings-form.server'

import type { Route } from './+types/tax-settings'

// Settings → GST: with a GSTIN, an order's receipt is a tax invoice (docs/decisions/0036).

const PATH = '/admin/settings/gst'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'GST')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return { settings: await getTaxSettings() }
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
	return (
		<AdminPage
			width="form"
			back={{ to: '/admin/settings', label: 'Settings' }}
			title="GST"
			description="With your GSTIN, each order's receipt becomes a tax invoice with its own number in the financial year (April to March). Without one, receipts stay plain receipts."
		>
			<UnsavedChangesGuard forms={['tax-settings']} />
			<Card>
				{/* Saved values come back normalised (the GSTIN in capitals): a new form shows them. */}
				<TaxSettingsForm key={JSON.stringify(loaderData.settings)} settings={loaderData.settings} lastResult={actionData?.result} />
			</Card>
		</AdminPage>
	)
}

function TaxSettingsForm({ settings, lastResult }: { settings: TaxSettings; lastResult?: SubmissionResult<string[]> | null }) {
	const [form, fields] = useZodForm(taxSettingsSchema, {
		id: 'tax-settings',
		lastResult,
		defaultValue: { gstin: settings.gstin },
	})
	const saving = useIsPending()
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-4">
			<ErrorList id={`${form.id}-form-error`} errors={form.errors} />
			<Field
				label="GSTIN"
				{...getInputProps(fields.gstin, { type: 'text' })}
				autoComplete="off"
				autoCapitalize="characters"
				spellCheck={false}
				placeholder="27AAPFU0939F1ZV"
				hint="15 characters, as on your GST registration certificate. Leave it empty if the shop is not registered."
				errors={fields.gstin.errors}
			/>
			<p className="text-sm text-stone-600">
				Each line of a tax invoice carries the HSN code of its saree&apos;s category: set it with the category in{' '}
				<Link to="/admin/settings/categories" className="inline-flex min-h-11 items-center font-medium text-maroon-800 underline">
					Settings → Categories
				</Link>
				.
			</p>
			<Button type="submit" disabled={saving}>
				{saving ? 'Saving…' : 'Save GST Settings'}
			</Button>
		</Form>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="GST"
			width="form"
			failedText="Failed to load settings. Please try again."
			link={{ to: PATH, label: 'Try again' }}
		/>
	)
}
