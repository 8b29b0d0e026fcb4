import { data, Form } from 'react-router'
import type { Route } from './+types/order-delete'
import { DeleteButtons } from '~/components/admin/delete-confirmation'
import { OrderErrorView } from '~/components/admin/order-error'
import { deleteOrder, getOrder } from '~/models/orders.server'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import { requireAdmin } from '~/utils/session.server'

// The confirmation is a page of its own, so deleting works (and asks first) without JS.

export const meta: Route.MetaFunction = () => [{ title: 'Delete Order · Admin' }]

function orderId(id: string) {
	if (!/^\d{1,9}$/.test(id)) throw data('Not found', { status: 404 })
	return Number(id)
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const order = await getOrder(orderId(params.id))
	if (!order) throw data('Not found', { status: 404 })
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

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const id = orderId(params.id)
	let deleted: boolean
	try {
		deleted = await deleteOrder(id)
	} catch (error) {
		console.error('Deleting an order failed', error)
		return redirectWithFlash(request, `/admin/orders/${id}`, { type: 'error', message: 'Failed to delete order' })
	}
	if (!deleted) return redirectWithFlash(request, '/admin/orders', { type: 'error', message: 'Failed to delete order' })
	notifyChange('order', 'deleted', id)
	return redirectWithFlash(request, '/admin/orders', { type: 'success', message: 'Order Deleted' })
}

export default function OrderDelete({ loaderData }: Route.ComponentProps) {
	const { order } = loaderData
	return (
		<main className="mx-auto w-full max-w-xl space-y-5 px-4 py-6 sm:px-6">
			<h1 className="font-serif text-2xl text-maroon-800 sm:text-3xl">Delete Order #{order.id}</h1>
			<div className="space-y-4 rounded-lg border border-red-200 bg-white p-4 shadow-sm sm:p-6">
				<p className="text-lg font-medium text-stone-900">Are you sure you want to delete this order?</p>
				<p className="text-sm text-stone-700">
					{order.customerName} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} · {formatPaise(order.totalPaise)} ·{' '}
					{formatDate(order.orderDate)}. This cannot be undone.
				</p>
				<Form method="post" className="flex flex-wrap gap-3">
					<DeleteButtons cancelTo="/admin/orders" />
				</Form>
			</div>
		</main>
	)
}

export function ErrorBoundary() {
	return <OrderErrorView />
}
