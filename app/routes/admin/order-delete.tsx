import { data } from 'react-router'

import { adminMeta } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { OrderRouteError } from '~/components/admin/order-route-error'
import { SellerText } from '~/components/admin/seller-text'
import { TRASH_DAYS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getOrder } from '~/models/orders.server'
import { ORDER_MESSAGES } from '~/schemas/order'
import { deleteRecord, recordId, toTrash } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'

import type { Route } from './+types/order-delete'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminOrders.deleteMeta'))

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const order = await getOrder(recordId(params.id, 'Order not found'))
	if (!order) throw data('Order not found', { status: 404 })
	return {
		...adminMessages(admin.locale, 'adminOrders'),
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
	const { t, rich, locale } = useI18n()
	return (
		<DeleteConfirmation
			title={t('adminOrders.deleteTitle', { id: order.id })}
			question={t('adminOrders.deleteQuestion')}
			cancelTo="/admin/orders"
		>
			{rich('adminOrders.deleteSummary', {
				name: <SellerText>{order.customerName}</SellerText>,
				items: t('adminOrders.itemCount', { count: order.itemCount }),
				total: formatPaise(order.totalPaise),
				date: formatDate(order.orderDate, locale),
				days: String(TRASH_DAYS),
			})}
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	const { t } = useI18n()
	return <OrderRouteError title={t('admin.navOrders')} />
}
