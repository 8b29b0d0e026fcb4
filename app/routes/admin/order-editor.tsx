import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import type { Route } from './+types/order-editor'
import { OrderErrorView } from '~/components/admin/order-error'
import { OrderForm, type OrderFormDefaults } from '~/components/admin/order-form'
import { createOrder, getOrder, indiaDate, listProductChoices, orderDateToIso, updateOrder } from '~/models/orders.server'
import { filledLines, normalisePhone, ORDER_FORM_LISTS, orderSchema } from '~/schemas/order'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { paiseToInput, parseRupeesToPaise } from '~/utils/money'
import { requireAdmin } from '~/utils/session.server'

// One module for /admin/orders/new (admin-add-order) and /admin/orders/:id/edit (admin-edit-order).

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.id ? 'Edit Order' : 'Add Order'} · Admin` }]

function orderIdParam(id: string | undefined) {
	if (id === undefined) return null
	if (!/^\d{1,9}$/.test(id)) throw data('Not found', { status: 404 })
	return Number(id)
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const id = orderIdParam(params.id)
	const products = await listProductChoices()
	if (id === null) {
		const defaults: OrderFormDefaults = {
			customerName: '',
			phone: '',
			email: '',
			deliveryAddress: '',
			orderDate: indiaDate(new Date()),
			status: 'pending',
			notes: '',
			total: '',
			lines: [],
		}
		return { orderId: null, defaults, products }
	}
	const order = await getOrder(id)
	if (!order) throw data('Not found', { status: 404 })
	const defaults: OrderFormDefaults = {
		customerName: order.customerName,
		phone: order.phone,
		email: order.email,
		deliveryAddress: order.deliveryAddress,
		orderDate: indiaDate(order.orderDate),
		status: order.status,
		notes: order.notes,
		total: order.totalOverridden ? paiseToInput(order.totalPaise) : '',
		lines: order.items.map((i) => ({ id: i.id, code: i.code, name: i.name, unitPricePaise: i.unitPricePaise, quantity: i.quantity })),
	}
	return { orderId: id, defaults, products }
}

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const id = orderIdParam(params.id)
	const failed = id === null ? 'Failed to create order' : 'Failed to update order'
	const formData = await readFormData(request, { lists: ORDER_FORM_LISTS })
	const submission = parseWithZod(formData, { schema: orderSchema })
	// "Add item" / "Remove" without JS come here too: the form goes back with the list changed.
	if (submission.status !== 'success') {
		return data({ result: submission.reply() }, { status: submission.status === 'error' ? 400 : 200 })
	}
	const value = submission.value
	const existing = id === null ? null : await getOrder(id)
	if (id !== null && !existing) throw data('Not found', { status: 404 })
	const input = {
		customerName: value.customerName,
		phone: value.phone ? (normalisePhone(value.phone) ?? '') : '',
		email: value.email ?? '',
		deliveryAddress: value.deliveryAddress ?? '',
		orderDate: orderDateToIso(value.orderDate, existing?.orderDate),
		status: value.status,
		notes: value.notes ?? '',
		lines: filledLines(value),
		totalOverridePaise: value.total ? parseRupeesToPaise(value.total) : null,
	}
	let result
	try {
		result = id === null ? await createOrder(input) : await updateOrder(id, input)
	} catch (error) {
		console.error(failed, error)
		return data({ result: submission.reply({ formErrors: [failed] }) }, { status: 500 })
	}
	if (!result.ok) {
		if (result.reason === 'not-found') throw data('Not found', { status: 404 })
		const fieldErrors = Object.fromEntries(Object.entries(result.lineErrors).map(([index, message]) => [`items[${index}].code`, [message]]))
		return data({ result: submission.reply({ fieldErrors }) }, { status: 400 })
	}
	notifyChange('order', id === null ? 'created' : 'updated', result.id)
	return redirectWithFlash(request, '/admin/orders', { type: 'success', message: id === null ? 'Order Created' : 'Order Updated' })
}

export default function OrderEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { orderId, defaults, products } = loaderData
	return (
		<main className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6 sm:px-6">
			<div>
				<Link to={orderId ? `/admin/orders/${orderId}` : '/admin/orders'} className="text-sm text-maroon-800 underline">
					{orderId ? '← Back to the order' : '← Back to orders'}
				</Link>
				<h1 className="mt-2 font-serif text-2xl text-maroon-800 sm:text-3xl">{orderId ? `Edit Order #${orderId}` : 'Add Order'}</h1>
			</div>
			<OrderForm
				key={orderId ?? 'new'}
				mode={orderId ? 'edit' : 'create'}
				defaults={defaults}
				products={products}
				lastResult={actionData?.result}
				cancelTo={orderId ? `/admin/orders/${orderId}` : '/admin/orders'}
			/>
		</main>
	)
}

export function ErrorBoundary() {
	return <OrderErrorView />
}
