import { data, Link } from 'react-router'

import { adminMeta, AdminPage } from '~/components/admin/admin-page'
import { OrderItemsTable } from '~/components/admin/order-items-table'
import { OrderRouteError } from '~/components/admin/order-route-error'
import { PrintButton } from '~/components/admin/print-button'
import { SellerText } from '~/components/admin/seller-text'
import { ScriptFonts } from '~/components/shop/script-fonts'
import { buttonClass } from '~/components/ui/button'
import { QrCode } from '~/components/ui/qr-code'
import { useI18n } from '~/hooks/use-i18n'
import { useNonce } from '~/hooks/use-nonce'
import { isLocale, type Locale, LOCALES } from '~/i18n/locales'
import { messageRef } from '~/i18n/message-ref'
import { messagesFor } from '~/i18n/messages.server'
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

const languageKey = (code: Locale) => `admin.language_${code}` as const

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
	adminMeta(
		matches,
		loaderData
			? messageRef(loaderData.invoice ? 'adminOrders.invoiceMeta' : 'adminOrders.receiptMeta', { id: loaderData.order.id })
			: messageRef('adminOrders.receipt'),
	)

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const order = await getOrder(recordId(params.id, 'Order not found'))
	if (!order) throw data('Order not found', { status: 404 })
	// The receipt is printed in the language the seller picks for her customer (`?lang=`), her own by default.
	const lang = new URL(request.url).searchParams.get('lang')
	const receiptLocale = isLocale(lang) ? lang : admin.locale
	const [shop, orderSettings, invoice] = await Promise.all([getShopSettings(), getOrderSettings(), taxInvoiceOfOrder(order)])
	const upi =
		order.paidOn || order.status === 'cancelled' ? null : orderUpiPayment(order, { shopName: shop.shopName, upiId: orderSettings.upiId })
	return {
		locale: admin.locale,
		messages: { ...messagesFor(admin.locale, ['adminOrders']), ...messagesFor(receiptLocale, ['adminReceipt']) },
		receiptLocale,
		order,
		shop: { name: shop.shopName, phone: shop.phone, whatsapp: shop.whatsappNumber, email: shop.email, address: shop.address },
		upi: upi ? { ...upi, upiId: orderSettings.upiId } : null,
		invoice,
	}
}

export default function OrderReceipt({ loaderData }: Route.ComponentProps) {
	const { order, shop, upi, invoice, receiptLocale } = loaderData
	const { t, rich, textLang, locale } = useI18n()
	const nonce = useNonce()
	const date = (iso: string) => formatDate(iso, receiptLocale)
	const total = formatPaise(order.totalPaise)
	const back = { to: `/admin/orders/${order.id}`, label: t('adminOrders.backToOrder') }
	const cancelled = order.status === 'cancelled'
	return (
		<AdminPage
			width="form"
			back={back}
			title={t(invoice ? 'adminOrders.invoiceTitle' : 'adminOrders.receiptTitle', { id: order.id })}
			actions={<PrintButton label={t('adminOrders.print')} />}
		>
			<nav aria-label={t('adminOrders.receiptLanguage')} className="flex flex-wrap items-center gap-2 text-sm print:hidden">
				<span className="text-stone-700">{t('adminOrders.receiptLanguage')}:</span>
				{LOCALES.map((code) => (
					<Link
						key={code}
						to={`?lang=${code}`}
						replace
						preventScrollReset
						aria-current={code === receiptLocale ? 'true' : undefined}
						className={buttonClass(code === receiptLocale ? 'primary' : 'secondary', 'px-3')}
					>
						{t(languageKey(code))}
					</Link>
				))}
			</nav>
			{/* The page declares the font of the admin's own language; a receipt in another script brings its own. */}
			{receiptLocale === locale ? null : <ScriptFonts locale={receiptLocale} nonce={nonce} />}
			<article
				data-testid="receipt"
				lang={textLang(receiptLocale)}
				className="space-y-5 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-900 shadow-sm sm:p-8 print:border-0 print:p-0 print:text-[10.5pt] print:shadow-none"
			>
				<header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-300 pb-4">
					<div className="min-w-0">
						<h2 className="font-serif text-2xl text-maroon-900" data-seller-text>
							{shop.name}
						</h2>
						<address className="mt-1 text-stone-700 not-italic">
							{shop.address ? (
								<span className="block whitespace-pre-line" data-seller-text>
									{shop.address}
								</span>
							) : null}
							{shop.phone ? <span className="block">{t('adminReceipt.phone', { phone: shop.phone })}</span> : null}
							<span className="block">{t('adminReceipt.whatsapp', { number: shop.whatsapp })}</span>
							{shop.email ? (
								<span className="block break-all" data-seller-text>
									{shop.email}
								</span>
							) : null}
							{invoice ? <span className="block font-medium">{t('adminReceipt.gstin', { gstin: invoice.gstin })}</span> : null}
						</address>
					</div>
					{invoice ? (
						<div className="text-left sm:text-right" data-testid="invoice">
							<p className="font-serif text-xl text-maroon-900">{t('adminReceipt.taxInvoice')}</p>
							{cancelled ? (
								<p className="text-lg font-bold tracking-widest text-red-800" data-testid="invoice-cancelled">
									{t('adminReceipt.cancelled')}
								</p>
							) : null}
							<p>{rich('adminReceipt.invoiceNumber', { number: <span data-testid="invoice-number">{invoice.number}</span> })}</p>
							<p>{t('adminReceipt.invoiceDate', { date: date(invoice.issuedOn) })}</p>
							<p>{t('adminReceipt.orderOf', { id: order.id, date: date(order.orderDate) })}</p>
						</div>
					) : (
						<div className="text-left sm:text-right">
							<p className="font-serif text-xl text-maroon-900">{t('adminReceipt.receipt')}</p>
							<p>{t('adminReceipt.orderNumber', { id: order.id })}</p>
							<p>{date(order.orderDate)}</p>
						</div>
					)}
				</header>

				<section aria-labelledby="receipt-customer">
					<h3 id="receipt-customer" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
						{t('adminReceipt.billedTo')}
					</h3>
					<div data-seller-text>
						<p className="mt-1 font-medium">{order.customerName}</p>
						{order.phone ? <p>{order.phone}</p> : null}
						{order.email ? <p className="break-all">{order.email}</p> : null}
						{order.deliveryAddress ? <p className="whitespace-pre-line">{order.deliveryAddress}</p> : null}
					</div>
				</section>

				<OrderItemsTable
					items={order.items}
					caption={t('adminReceipt.items')}
					hsnByLine={invoice?.hsnByLine}
					footer={
						<tr>
							<th scope="row" colSpan={3} className="pt-3 pr-2 text-right">
								{t('adminReceipt.total')}
							</th>
							<td className="pt-3 pl-2 text-right text-base font-semibold whitespace-nowrap" data-testid="receipt-total">
								{total}
							</td>
						</tr>
					}
				/>

				<section aria-labelledby="receipt-payment" className="break-inside-avoid border-t border-stone-300 pt-4">
					<h3 id="receipt-payment" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
						{t('adminReceipt.payment')}
					</h3>
					{order.paidOn ? (
						<p className="mt-1 text-base font-semibold text-green-800" data-testid="receipt-payment">
							{t('adminReceipt.paidOn', { date: date(order.paidOn) })}
						</p>
					) : (
						<div className="mt-1 space-y-3">
							<p className="text-base font-semibold text-amber-800" data-testid="receipt-payment">
								{t('adminReceipt.notPaidDue', { amount: total })}
							</p>
							{upi ? (
								<div className="flex flex-wrap items-center gap-4">
									<QrCode code={upi.qr} label={t('adminReceipt.upiQr', { amount: total })} className="size-36 shrink-0" />
									<p className="min-w-0 flex-1">
										{rich('adminReceipt.scanToPay', {
											amount: total,
											upi: (
												<strong className="break-all" data-seller-text>
													{upi.upiId}
												</strong>
											),
										})}
									</p>
								</div>
							) : null}
						</div>
					)}
				</section>

				<p className="border-t border-stone-200 pt-3 text-center text-stone-600">
					{rich('adminReceipt.thanks', { shop: <SellerText>{shop.name}</SellerText> })}
				</p>
			</article>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	const { t } = useI18n()
	return <OrderRouteError title={t('admin.navOrders')} />
}
