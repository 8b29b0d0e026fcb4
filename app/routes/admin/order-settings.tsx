import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { OrderSettingsForm } from '~/components/admin/order-settings-form'
import { getOrderSettings, updateOrderSettings } from '~/models/order-settings.server'
import { ORDER_SETTINGS_MESSAGES, orderSettingsSchema } from '~/schemas/order-settings'
import { saveRecord } from '~/utils/admin-records.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { requireAdmin } from '~/utils/session.server'

import type { Route } from './+types/order-settings'

// Settings → Orders and payments: its own page (the Settings page links to it), since the four
// message texts are long enough to deserve one.

export const meta: Route.MetaFunction = () => adminMeta('Orders and Payments')

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { settings: await getOrderSettings() }
}

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const submission = parseWithZod(await readFormData(request), { schema: orderSettingsSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const v = submission.value
	const saved = await saveRecord({
		kind: 'settings',
		id: 1,
		update: async () => {
			await updateOrderSettings({
				upiId: v.upiId,
				messages: {
					confirmed: v.confirmedMessage,
					shipped: v.shippedMessage,
					delivered: v.deliveredMessage,
					cancelled: v.cancelledMessage,
				},
			})
			return []
		},
	})
	if (!saved.ok) {
		console.error('Saving order settings failed', saved.error)
		return data({ result: submission.reply({ formErrors: [ORDER_SETTINGS_MESSAGES.saveFailed] }) }, { status: 500 })
	}
	return redirectWithFlash(request, '/admin/settings/orders', { type: 'success', message: ORDER_SETTINGS_MESSAGES.saved })
}

export default function OrderSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<AdminPage
			width="form"
			back={{ to: '/admin/settings', label: 'Settings' }}
			title="Orders and Payments"
			description="Your UPI ID, and the WhatsApp messages each order's page offers to send for its status."
		>
			<Card>
				{/* Saved values come back normalised (the UPI ID in lower case): a new form shows them. */}
				<OrderSettingsForm key={JSON.stringify(loaderData.settings)} settings={loaderData.settings} lastResult={actionData?.result} />
			</Card>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Orders and Payments"
			width="form"
			failedText="Failed to load settings. Please try again."
			link={{ to: '/admin/settings/orders', label: 'Try again' }}
		/>
	)
}
