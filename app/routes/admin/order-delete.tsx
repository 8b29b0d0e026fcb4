import { data } from 'react-router'

import { adminMeta } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { OrderRouteError } from '~/components/admin/order-route-error'
import { TRASH_DAYS } from '~/constants'
import { getOrder } from '~/models/orders.server'
import { ORDER_MESSAGES } from '~/schemas/order'
import { deleteRecord, recordId, toTrash } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'

import type { Route } from './+types/order-delete'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Delete Order')

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const order = await getOrder(recordId(params.id, 'Order not found'))
	if (!order) throw data('Order not found', { status: 404 })
	return {
		order: {
			id: order.id,
			customerName: order.customerName,
			totalPaise: order.totalPaise,
			orderDate: order.orderDate,
			itemCount: order.items.reduce((n, i) => n + i.quantity, 0),
		},
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	return deleteRecord(request, {
		kind: 'order',
		id: recordId(params.id, 'Order not found'),
		remove: toTrash('order'),
		listPath: '/admin/orders',
		messages: ORDER_MESSAGES,
		failureLog: 'Deleting an order failed:',
	})
}

export default function OrderDelete({ loaderData }: Route.ComponentProps) {
	const { order } = loaderData
	return (
		<DeleteConfirmation title={`Delete Order #${order.id}`} question="Are you sure you want to delete this order?" cancelTo="/admin/orders">
			{order.customerName} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} · {formatPaise(order.totalPaise)} ·{' '}
			{formatDate(order.orderDate)}. The pieces it holds go back to stock; the order waits in the Trash for {TRASH_DAYS} days, where you can
			restore it, then goes for good.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return <OrderRouteError title="Delete Order" />
}
