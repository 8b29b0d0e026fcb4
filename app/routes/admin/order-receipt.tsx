import { data } from 'react-router'

import { adminMeta, AdminPage } from '~/components/admin/admin-page'
import { OrderItemsTable } from '~/components/admin/order-items-table'
import { OrderRouteError } from '~/components/admin/order-route-error'
import { PrintButton } from '~/components/admin/print-button'
import { QrCode } from '~/components/ui/qr-code'
import { getOrderSettings } from '~/models/order-settings.server'
import { getOrder } from '~/models/orders.server'
import { getShopSettings } from '~/models/site.server'
import { recordId } from '~/services/admin-records.server'
import { orderUpiPayment } from '~/services/order-follow-up.server'
import { requireAdmin } from '~/services/session.server'
import { taxInvoiceOfOrder } from '~/services/tax-invoice.server'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'

import type { Route } from './+types/order-receipt'

// A receipt the seller prints or saves as PDF (the browser's print dialog) to send with the saree or
// on WhatsApp. On paper only the receipt shows (the admin frame hides itself when printing); it is
// laid out to fit one A4 page. With the shop's GSTIN it is a tax invoice (services/tax-invoice.server.ts).

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
	adminMeta(matches, loaderData ? `${loaderData.invoice ? 'Tax Invoice' : 'Receipt'} · Order #${loaderData.order.id}` : 'Receipt')

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const order = await getOrder(recordId(params.id, 'Order not found'))
	if (!order) throw data('Order not found', { status: 404 })
	const [shop, orderSettings, invoice] = await Promise.all([getShopSettings(), getOrderSettings(), taxInvoiceOfOrder(order)])
	const upi =
		order.paidOn || order.status === 'cancelled' ? null : orderUpiPayment(order, { shopName: shop.shopName, upiId: orderSettings.upiId })
	return {
		order,
		shop: { name: shop.shopName, phone: shop.phone, whatsapp: shop.whatsappNumber, email: shop.email, address: shop.address },
		upi: upi ? { ...upi, upiId: orderSettings.upiId } : null,
		invoice,
	}
}

export default function OrderReceipt({ loaderData }: Route.ComponentProps) {
	const { order, shop, upi, invoice } = loaderData
	return (
		<AdminPage
			width="form"
			back={{ to: `/admin/orders/${order.id}`, label: 'Back to the order' }}
			title={`${invoice ? 'Tax Invoice' : 'Receipt'} for Order #${order.id}`}
			actions={<PrintButton label="Print or Save as PDF" />}
		>
			<article
				data-testid="receipt"
				className="space-y-5 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-900 shadow-sm sm:p-8 print:border-0 print:p-0 print:text-[10.5pt] print:shadow-none"
			>
				<header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-300 pb-4">
					<div className="min-w-0">
						<h2 className="font-serif text-2xl text-maroon-900">{shop.name}</h2>
						<address className="mt-1 text-stone-700 not-italic">
							{shop.address ? <span className="block whitespace-pre-line">{shop.address}</span> : null}
							{shop.phone ? <span className="block">Phone: {shop.phone}</span> : null}
							<span className="block">WhatsApp: +{shop.whatsapp}</span>
							{shop.email ? <span className="block break-all">{shop.email}</span> : null}
							{invoice ? <span className="block font-medium">GSTIN: {invoice.gstin}</span> : null}
						</address>
					</div>
					{invoice ? (
						<div className="text-left sm:text-right" data-testid="invoice">
							<p className="font-serif text-xl text-maroon-900">Tax Invoice</p>
							{order.status === 'cancelled' ? (
								<p className="text-lg font-bold tracking-widest text-red-800" data-testid="invoice-cancelled">
									CANCELLED
								</p>
							) : null}
							<p>
								Invoice No. <span data-testid="invoice-number">{invoice.number}</span>
							</p>
							<p>Invoice date: {formatDate(invoice.issuedOn)}</p>
							<p>
								Order #{order.id} of {formatDate(order.orderDate)}
							</p>
						</div>
					) : (
						<div className="text-left sm:text-right">
							<p className="font-serif text-xl text-maroon-900">Receipt</p>
							<p>Order #{order.id}</p>
							<p>{formatDate(order.orderDate)}</p>
						</div>
					)}
				</header>

				<section aria-labelledby="receipt-customer">
					<h3 id="receipt-customer" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
						Billed to
					</h3>
					<p className="mt-1 font-medium">{order.customerName}</p>
					{order.phone ? <p>{order.phone}</p> : null}
					{order.email ? <p className="break-all">{order.email}</p> : null}
					{order.deliveryAddress ? <p className="whitespace-pre-line">{order.deliveryAddress}</p> : null}
				</section>

				<OrderItemsTable
					items={order.items}
					caption="Items"
					hsnByLine={invoice?.hsnByLine}
					footer={
						<tr>
							<th scope="row" colSpan={3} className="pt-3 pr-2 text-right">
								Total
							</th>
							<td className="pt-3 pl-2 text-right text-base font-semibold whitespace-nowrap" data-testid="receipt-total">
								{formatPaise(order.totalPaise)}
							</td>
						</tr>
					}
				/>

				<section aria-labelledby="receipt-payment" className="break-inside-avoid border-t border-stone-300 pt-4">
					<h3 id="receipt-payment" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
						Payment
					</h3>
					{order.paidOn ? (
						<p className="mt-1 text-base font-semibold text-green-800" data-testid="receipt-payment">
							Paid on {formatDate(order.paidOn)}
						</p>
					) : (
						<div className="mt-1 space-y-3">
							<p className="text-base font-semibold text-amber-800" data-testid="receipt-payment">
								Not paid yet: {formatPaise(order.totalPaise)} due
							</p>
							{upi ? (
								<div className="flex flex-wrap items-center gap-4">
									<QrCode code={upi.qr} label={`UPI QR code to pay ${formatPaise(order.totalPaise)}`} className="size-36 shrink-0" />
									<p className="min-w-0 flex-1">
										Scan with any UPI app to pay {formatPaise(order.totalPaise)} to <strong className="break-all">{upi.upiId}</strong>.
									</p>
								</div>
							) : null}
						</div>
					)}
				</section>

				<p className="border-t border-stone-200 pt-3 text-center text-stone-600">
					Thank you for choosing a handwoven saree from {shop.name}.
				</p>
			</article>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return <OrderRouteError title="Receipt" />
}
