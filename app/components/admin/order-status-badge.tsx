import type { OrderStatus } from '~/constants'
import { useAdminI18n } from '~/hooks/use-admin-i18n'

/**
 * The catalogue key of each status's name (the admin frame's area). Here, not beside the order form's
 * schema: the badge and the dashboard would carry the form library into their scripts.
 */
export const ORDER_STATUS_KEYS = {
	pending: 'admin.orderPending',
	confirmed: 'admin.orderConfirmed',
	shipped: 'admin.orderShipped',
	delivered: 'admin.orderDelivered',
	cancelled: 'admin.orderCancelled',
} as const satisfies Record<OrderStatus, string>

// Colour per status (pending yellow, confirmed blue, shipped purple, delivered green, cancelled red),
// always with the word: colour alone says nothing to a colour-blind seller or a screen reader.
const STYLES: Record<OrderStatus, string> = {
	pending: 'bg-yellow-100 text-yellow-900 ring-yellow-400',
	confirmed: 'bg-blue-100 text-blue-900 ring-blue-400',
	shipped: 'bg-purple-100 text-purple-900 ring-purple-400',
	delivered: 'bg-green-100 text-green-900 ring-green-500',
	cancelled: 'bg-red-100 text-red-900 ring-red-400',
}
const DOTS: Record<OrderStatus, string> = {
	pending: 'bg-yellow-500',
	confirmed: 'bg-blue-600',
	shipped: 'bg-purple-600',
	delivered: 'bg-green-600',
	cancelled: 'bg-red-600',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
	const { t } = useAdminI18n()
	return (
		<span
			data-status={status}
			className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
		>
			<span aria-hidden="true" className={`h-2 w-2 rounded-full ${DOTS[status]}`} />
			{t(ORDER_STATUS_KEYS[status])}
		</span>
	)
}
