import { data, Link } from 'react-router'

import { adminMeta, AdminPage } from '~/components/admin/admin-page'
import { OrderFollowUp } from '~/components/admin/order-follow-up'
import { OrderItemsTable } from '~/components/admin/order-items-table'
import { OrderLink } from '~/components/admin/order-link'
import { OrderPayment } from '~/components/admin/order-payment'
import { OrderRouteError } from '~/components/admin/order-route-error'
import { OrderStatusBadge } from '~/components/admin/order-status-badge'
import { StockWarnings } from '~/components/admin/order-stock'
import { SellerText } from '~/components/admin/seller-text'
import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getOrderSettings } from '~/models/order-settings.server'
import { listStockWarnings } from '~/models/order-stock.server'
import { getOrder, renewOrderLink, setOrderPaid } from '~/models/orders.server'
import { getShopSettings } from '~/models/site.server'
import { customerWhatsappNumber, ORDER_FORM_MESSAGES, ORDER_MESSAGES, orderPaymentSchema } from '~/schemas/order'
import { recordId, saveRecord } from '~/services/admin-records.server'
import { orderFollowUpMessage, orderLinkUrl, orderUpiPayment } from '~/services/order-follow-up.server'
import { requireAdmin } from '~/services/session.server'
import { indiaDate } from '~/utils/dates'
import { formatDate } from '~/utils/dates'
import { redirectWithFlash } from '~/utils/flash.server'
import { readSubmission } from '~/utils/forms.server'
import { formatPaise } from '~/utils/money'
import { sumLines } from '~/utils/order-lines'
import { formatRelative } from '~/utils/relative-time'
import { whatsappUrl } from '~/utils/whatsapp'

import type { Route } from './+types/order'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
	adminMeta(
		matches,
		loaderData
			? messageRef('adminOrders.orderMeta', { id: loaderData.order.id, name: loaderData.order.customerName })
			: messageRef('admin.navOrders'),
	)

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const order = await getOrder(recordId(params.id, 'Order not found'))
	if (!order) throw data('Order not found', { status: 404 })
	const [shop, orderSettings, stockWarnings] = await Promise.all([getShopSettings(), getOrderSettings(), listStockWarnings(order.id)])
	const upi = order.status === 'cancelled' ? null : orderUpiPayment(order, { shopName: shop.shopName, upiId: orderSettings.upiId })
	return {
		...adminMessages(admin.locale, 'adminOrders', 'adminReceipt'),
		order,
		whatsapp: order.phone ? whatsappUrl(customerWhatsappNumber(order.phone)) : null,
		followUp: orderFollowUpMessage(order, { shopName: shop.shopName, messages: orderSettings.messages }, upi?.url ?? null),
		upi: order.paidOn ? null : upi,
		today: indiaDate(new Date()),
		orderLink: orderLinkUrl(order),
		stockWarnings,
	}
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const id = recordId(params.id, 'Order not found')
	const submission = await readSubmission({ request, context }, { schema: orderPaymentSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const { intent } = submission.value
	const paidOn = submission.value.intent === 'paid' ? submission.value.paidOn : null
	const saved = await saveRecord({
		kind: 'order',
		id,
		update: async (id) => ((intent === 'new-link' ? await renewOrderLink(id) : await setOrderPaid(id, paidOn)) ? [] : null),
		notFoundText: 'Order not found',
	})
	if (!saved.ok) {
		console.error(intent === 'new-link' ? 'Making a new order link failed' : 'Marking an order paid failed', saved.error)
		return data({ result: submission.reply({ formErrors: [ORDER_MESSAGES.updateFailed] }) }, { status: 500 })
	}
	return redirectWithFlash(request, `/admin/orders/${id}`, {
		type: 'success',
		message:
			intent === 'new-link' ? ORDER_FORM_MESSAGES.newLink : paidOn ? ORDER_FORM_MESSAGES.markedPaid : ORDER_FORM_MESSAGES.markedUnpaid,
	})
}

export default function OrderView({ loaderData, actionData }: Route.ComponentProps) {
	const { order, whatsapp, followUp, upi, today, orderLink, stockWarnings } = loaderData
	const { t, rich, locale } = useI18n()
	const itemsTotal = sumLines(order.items)
	const customerName = <SellerText>{order.customerName}</SellerText>
	const back = { to: '/admin/orders', label: t('adminOrders.backToOrders') }
	return (
		<AdminPage
			width="form"
			back={back}
			title={t('adminOrders.orderTitle', { id: order.id })}
			badge={<OrderStatusBadge status={order.status} />}
			actions={
				<>
					{whatsapp ? (
						<a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
							{rich('adminOrders.whatsappName', { name: customerName })}
							<span className="sr-only">{t('adminOrders.newTab')}</span>
						</a>
					) : null}
					<Link to={`/admin/orders/${order.id}/receipt`} className={buttonClass('secondary')}>
						{t('adminOrders.receipt')}
					</Link>
					<Link to={`/admin/orders/${order.id}/edit`} className={buttonClass('secondary')}>
						{t('adminOrders.edit')}
					</Link>
					<Link to={`/admin/orders/${order.id}/delete`} className={buttonClass('quietDanger')}>
						{t('adminOrders.delete')}
					</Link>
				</>
			}
		>
			<StockWarnings warnings={stockWarnings} />

			<OrderFollowUp message={followUp} customerName={order.customerName} />

			<OrderPayment totalPaise={order.totalPaise} paidOn={order.paidOn} today={today} upi={upi} lastResult={actionData?.result} />

			<OrderLink url={orderLink} />

			<section aria-labelledby="order-customer" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
				<h2 id="order-customer" className="font-serif text-lg text-maroon-800">
					{t('adminOrders.customer')}
				</h2>
				<dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
					<Detail label={t('adminOrders.name')}>{customerName}</Detail>
					<Detail label={t('adminOrders.phone')}>
						{order.phone ? (
							<a href={`tel:${order.phone}`} className="inline-flex min-h-11 items-center underline">
								{order.phone}
							</a>
						) : (
							'—'
						)}
					</Detail>
					<Detail label={t('adminOrders.email')}>
						{order.email ? (
							<a href={`mailto:${order.email}`} className="inline-flex min-h-11 items-center break-all underline" data-seller-text>
								{order.email}
							</a>
						) : (
							'—'
						)}
					</Detail>
					<Detail label={t('adminOrders.deliveryAddress')} wide>
						<span className="whitespace-pre-line" data-seller-text>
							{order.deliveryAddress || '—'}
						</span>
					</Detail>
				</dl>
			</section>

			<section aria-labelledby="order-items" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
				<h2 id="order-items" className="font-serif text-lg text-maroon-800">
					{t('adminOrders.items')}
				</h2>
				<OrderItemsTable
					items={order.items}
					footer={
						<>
							{order.totalOverridden ? (
								<tr className="text-stone-600">
									<th scope="row" colSpan={3} className="pt-3 pr-2 text-right font-normal">
										{t('adminOrders.itemsTotal')}
									</th>
									<td className="pt-3 pl-2 text-right whitespace-nowrap">{formatPaise(itemsTotal)}</td>
								</tr>
							) : null}
							<tr>
								<th scope="row" colSpan={3} className="pt-2 pr-2 text-right">
									{order.totalOverridden ? t('adminOrders.totalAmountByHand') : t('adminOrders.totalAmount')}
								</th>
								<td className="pt-2 pl-2 text-right text-base font-semibold whitespace-nowrap" data-testid="order-total">
									{formatPaise(order.totalPaise)}
								</td>
							</tr>
						</>
					}
				/>
			</section>

			<section aria-labelledby="order-details" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
				<h2 id="order-details" className="font-serif text-lg text-maroon-800">
					{t('adminOrders.details')}
				</h2>
				<dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
					<Detail label={t('adminOrders.orderDate')}>
						{formatDate(order.orderDate, locale)}{' '}
						<span className="text-stone-600" suppressHydrationWarning>
							({formatRelative(order.orderDate, new Date(), locale)})
						</span>
					</Detail>
					<Detail label={t('adminOrders.status')}>
						<OrderStatusBadge status={order.status} />
					</Detail>
					<Detail label={t('adminOrders.courier')}>
						<SellerText>{order.courier || '—'}</SellerText>
					</Detail>
					<Detail label={t('adminOrders.trackingNumber')}>
						<SellerText>{order.trackingNumber || '—'}</SellerText>
					</Detail>
					<Detail label={t('adminOrders.recorded')}>{formatDate(order.createdAt, locale)}</Detail>
					<Detail label={t('adminOrders.lastUpdated')}>
						<span suppressHydrationWarning>{formatRelative(order.updatedAt, new Date(), locale)}</span>
					</Detail>
					<Detail label={t('adminOrders.notes')} wide>
						<span className="whitespace-pre-line" data-seller-text>
							{order.notes || '—'}
						</span>
					</Detail>
				</dl>
			</section>
		</AdminPage>
	)
}

function Detail({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
	return (
		<div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
			<dt className="text-xs text-stone-600">{label}</dt>
			<dd className="mt-0.5 break-words text-stone-900">{children}</dd>
		</div>
	)
}

export function ErrorBoundary() {
	const { t } = useI18n()
	return <OrderRouteError title={t('admin.navOrders')} />
}
