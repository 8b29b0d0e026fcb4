import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { ORDER_SETTINGS_FORM_ID, OrderSettingsForm } from '~/components/admin/order-settings-form'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getOrderSettings, updateOrderSettings } from '~/models/order-settings.server'
import { ORDER_SETTINGS_MESSAGES, orderSettingsSchema } from '~/schemas/order-settings'
import { requireAdmin } from '~/services/session.server'
import { saveSettingsForm } from '~/services/settings-form.server'

import type { Route } from './+types/order-settings'

// Settings → Orders and payments: its own page (the Settings page links to it), since the four
// message texts are long enough to deserve one.

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminSettings.orderSettingsTitle'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminSettings'), settings: await getOrderSettings() }
}

export async function action({ request, context }: Route.ActionArgs) {
	return saveSettingsForm({
		request,
		context,
		schema: orderSettingsSchema,
		save: (v) =>
			updateOrderSettings({
				upiId: v.upiId,
				messages: {
					confirmed: v.confirmedMessage,
					shipped: v.shippedMessage,
					delivered: v.deliveredMessage,
					cancelled: v.cancelledMessage,
				},
			}),
		to: '/admin/settings/orders',
		savedText: ORDER_SETTINGS_MESSAGES.saved,
		failedText: ORDER_SETTINGS_MESSAGES.saveFailed,
	})
}

export default function OrderSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useI18n()
	return (
		<AdminPage
			width="form"
			back={{ to: '/admin/settings', label: t('adminSettings.title') }}
			title={t('adminSettings.orderSettingsTitle')}
			description={t('adminSettings.orderSettingsIntro')}
		>
			<UnsavedChangesGuard forms={[ORDER_SETTINGS_FORM_ID]} />
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
			title="admin.navSettings"
			width="form"
			failedText="admin.loadFailed"
			link={{ to: '/admin/settings/orders', label: 'admin.tryAgain' }}
		/>
	)
}
