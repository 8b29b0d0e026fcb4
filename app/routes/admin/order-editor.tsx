import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { adminMeta, AdminPage } from '~/components/admin/admin-page'
import { OrderForm, type OrderFormDefaults } from '~/components/admin/order-form'
import { OrderRouteError } from '~/components/admin/order-route-error'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes-guard'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listStockWarnings } from '~/models/order-stock.server'
import { createOrder, getOrder, listProductChoices, orderDateToIso, UnknownProductCodesError, updateOrder } from '~/models/orders.server'
import { filledLines, normalisePhone, ORDER_FORM_LISTS, ORDER_MESSAGES, orderSchema } from '~/schemas/order'
import { recordId, saveRecord } from '~/services/admin-records.server'
import { fillOrderFromMessage } from '~/services/pasted-order.server'
import { requireAdmin } from '~/services/session.server'
import { indiaDate } from '~/utils/dates'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { paiseToInput, parseRupeesToPaise } from '~/utils/money'

import type { Route } from './+types/order-editor'

// One module for /admin/orders/new (admin-add-order) and /admin/orders/:id/edit (admin-edit-order).

const LIST = '/admin/orders'
const GUARDED_FORMS = ['order-form']
const CREATE = 'create'
const EDIT = 'edit'

export const meta: Route.MetaFunction = ({ params, matches }) =>
	adminMeta(matches, messageRef(params.id ? 'adminOrders.editMeta' : 'adminOrders.addTitle'))

function orderIdParam(id: string | undefined) {
	return id === undefined ? null : recordId(id, 'Order not found')
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const texts = adminMessages(admin.locale, 'adminOrders')
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
			courier: '',
			trackingNumber: '',
			total: '',
			lines: [],
		}
		return { ...texts, orderId: null, defaults, products }
	}
	const order = await getOrder(id)
	if (!order) throw data('Order not found', { status: 404 })
	const defaults: OrderFormDefaults = {
		customerName: order.customerName,
		phone: order.phone,
		email: order.email,
		deliveryAddress: order.deliveryAddress,
		orderDate: indiaDate(order.orderDate),
		status: order.status,
		notes: order.notes,
		courier: order.courier,
		trackingNumber: order.trackingNumber,
		total: order.totalOverridden ? paiseToInput(order.totalPaise) : '',
		lines: order.items,
	}
	return { ...texts, orderId: id, defaults, products }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const id = orderIdParam(params.id)
	const formData = await readFormData({ request, context }, { schema: orderSchema, lists: ORDER_FORM_LISTS })
	// "Fill in from the message" (New order only): the form comes back filled in, nothing is saved.
	if (id === null && formData.get('intent') === 'paste') {
		const filled = await fillOrderFromMessage(formData, indiaDate(new Date()))
		return 'pasted' in filled ? filled : data(filled, { status: 400 })
	}
	const submission = parseWithZod(formData, { schema: orderSchema })
	// "Add item" / "Remove" without JS come here too: the form goes back with the list changed.
	if (submission.status !== 'success') {
		return data({ result: submission.reply() }, { status: submission.status === 'error' ? 400 : 200 })
	}
	const value = submission.value
	const existing = id === null ? null : await getOrder(id)
	if (id !== null && !existing) throw data('Order not found', { status: 404 })
	const input = {
		customerName: value.customerName,
		phone: value.phone ? (normalisePhone(value.phone) ?? '') : '',
		email: value.email ?? '',
		deliveryAddress: value.deliveryAddress ?? '',
		orderDate: orderDateToIso(value.orderDate, existing?.orderDate),
		status: value.status,
		notes: value.notes ?? '',
		courier: value.courier ?? '',
		trackingNumber: value.trackingNumber ?? '',
		lines: filledLines(value),
		totalOverridePaise: value.total ? parseRupeesToPaise(value.total) : null,
	}
	const saved = await saveRecord({
		kind: 'order',
		id,
		create: () => createOrder(input),
		update: async (id) => ((await updateOrder(id, input)) ? [] : null),
		notFoundText: 'Order not found',
	})
	if (!saved.ok) {
		if (saved.error instanceof UnknownProductCodesError) {
			const fieldErrors = Object.fromEntries(
				Object.entries(saved.error.lineErrors).map(([index, message]) => [`items[${index}].code`, [message]]),
			)
			return data({ result: submission.reply({ fieldErrors }) }, { status: 400 })
		}
		const failed = id === null ? ORDER_MESSAGES.createFailed : ORDER_MESSAGES.updateFailed
		console.error(failed, saved.error)
		return data({ result: submission.reply({ formErrors: [failed] }) }, { status: 500 })
	}
	const message = id === null ? ORDER_MESSAGES.created : ORDER_MESSAGES.updated
	// Saved, never refused: the order's own page names the other orders wanting the same last pieces.
	if ((await listStockWarnings(saved.id)).length) {
		return redirectWithFlash(request, `/admin/orders/${saved.id}`, {
			type: 'info',
			message: id === null ? ORDER_MESSAGES.createdStockShort : ORDER_MESSAGES.updatedStockShort,
		})
	}
	return redirectWithFlash(request, '/admin/orders', { type: 'success', message })
}

export default function OrderEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { orderId, products } = loaderData
	const { t } = useI18n()
	const editing = orderId !== null
	const back = editing
		? { to: `/admin/orders/${orderId}`, label: t('adminOrders.backToOrder') }
		: { to: LIST, label: t('adminOrders.backToOrders') }
	const pasted = actionData && 'pasted' in actionData ? actionData.pasted : null
	const defaults = pasted?.defaults ?? loaderData.defaults
	const result = actionData && 'result' in actionData ? actionData.result : undefined
	return (
		<AdminPage width="form" back={back} title={orderId ? t('adminOrders.editTitle', { id: orderId }) : t('adminOrders.addTitle')}>
			<UnsavedChangesGuard forms={GUARDED_FORMS} />
			<OrderForm
				// A filled-in form starts again from what the message added.
				key={pasted?.key ?? orderId ?? 'new'}
				mode={editing ? EDIT : CREATE}
				defaults={defaults}
				products={products}
				lastResult={result}
				pasteReport={pasted?.report}
				cancelTo={back.to}
			/>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	const { t } = useI18n()
	return <OrderRouteError title={t('admin.navOrders')} />
}
