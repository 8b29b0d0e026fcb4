import { data, isRouteErrorResponse, useMatches, useRouteError } from 'react-router'

import { ErrorPanel } from '~/components/shop/error-panel'
import { container, PageHeading, PRIMARY_BUTTON } from '~/components/shop/page-bits'
import { ImagePlaceholder, Picture } from '~/components/shop/picture'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { QrCode } from '~/components/ui/qr-code'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShopLayoutData } from '~/hooks/use-shop-layout-data'
import { pageMessages } from '~/i18n/messages.server'
import { getOrderSettings } from '~/models/order-settings.server'
import { type CustomerOrder, getCustomerOrder } from '~/models/orders.server'
import { listListedProductsById } from '~/models/products-storefront.server'
import { getShopSettings } from '~/models/site.server'
import { orderUpiPayment } from '~/services/order-follow-up.server'
import { hasOpenedOrderLink, openedOrderLinkHeader } from '~/services/order-link-cookie.server'
import { beginGuess, cancelAttempt, throttledHeaders } from '~/services/throttle.server'
import { courierTracking } from '~/utils/courier-tracking'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import { linePaise } from '~/utils/order-lines'
import { isOrderLinkToken } from '~/utils/order-link'
import { privatePage } from '~/utils/private-page'
import { requestFacts } from '~/utils/request-context.server'

import type { Route } from './+types/order'
import { ErrorBoundary as NotFoundBoundary } from './not-found'

// The customer's own order page, opened by the private link the seller sends (docs/decisions/0035).
// Personal: never kept by the page cache (no SHAREABLE_PAGE handle, and `private, no-store` on every
// answer, its data requests and its errors included), never indexed, and no address of it leaves with a
// link followed from it (no-referrer). It shows no address, phone or email of the customer. Guesses are
// counted per client address and network: too many wrong ones and every link waits (429).

// Set on whatever this route answers (the page, its `.data`, a 404 or 429 drawn by the error boundary).
export const middleware: Route.MiddlewareFunction[] = [privatePage]

// A refusal's Retry-After travels with the error it was thrown with.
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
	return errorHeaders ?? loaderHeaders
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
	const refused = isRouteErrorResponse(error) ? error : null
	const { t } = translatorOfMatches([...matches, { data: refused?.data as unknown }])
	const shopName = layoutDataFromMatches(matches)?.shop.shopName
	const title = loaderData
		? t('order.metaTitle', { number: loaderData.order.id, shop: shopName ?? '' })
		: refused?.status === 429
			? t('order.tooManyTitle')
			: t('shop.notFoundMetaTitle')
	return [{ title }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const messages = pageMessages(request, 'order')
	// Counted before the order is looked for (parallel guesses are counted too), taken back when it is found.
	// A browser that opened this link before is not guessing: strangers refused on its network do not hold it.
	const opened = isOrderLinkToken(params.token) && (await hasOpenedOrderLink(request, params.token))
	const guess = opened ? null : await beginGuess('order-link', requestFacts(context).clientAddress)
	if (guess?.limited) {
		throw data(
			{ ...messages, retryAfterMinutes: Math.ceil(guess.retryAfterSeconds / 60) },
			{ status: 429, headers: throttledHeaders(guess.retryAfterSeconds) },
		)
	}
	const order = isOrderLinkToken(params.token) ? await getCustomerOrder(params.token) : null
	if (!order) throw data(messages, { status: 404 })
	if (guess) await cancelAttempt(guess)

	const [photos, shop, orderSettings] = await Promise.all([
		listListedProductsById([...new Set(order.items.flatMap((item) => (item.productId === null ? [] : [item.productId])))]),
		getShopSettings(),
		getOrderSettings(),
	])
	const imageOf = new Map(photos.map((product) => [product.id, product.image]))
	const owing = !order.paidOn && order.status !== 'cancelled'
	const upi = owing ? orderUpiPayment(order, { shopName: shop.shopName, upiId: orderSettings.upiId }) : null
	const page = {
		...messages,
		order: {
			id: order.id,
			status: order.status,
			orderDate: order.orderDate,
			totalPaise: order.totalPaise,
			paidOn: order.paidOn,
			items: order.items.map((item) => ({
				id: item.id,
				code: item.code,
				name: item.name,
				quantity: item.quantity,
				amountPaise: linePaise(item),
				image: item.productId === null ? null : (imageOf.get(item.productId) ?? null),
			})),
		},
		steps: timeline(order),
		tracking: courierTracking(order.courier, order.trackingNumber),
		upi: upi ? { ...upi, upiId: orderSettings.upiId } : null,
	}
	return data(page, { headers: { 'Set-Cookie': await openedOrderLinkHeader(request, params.token) } })
}

const FLOW = ['pending', 'confirmed', 'shipped', 'delivered'] as const
type Step = { status: CustomerOrder['status']; reached: boolean; current: boolean; date: string | null }

/**
 * The steps of the order as the customer follows it, each with the date it was reached: the order date
 * for the first, the recorded moment for the others (none for an order older than that record). A
 * cancelled order shows the steps it had reached, then the cancellation.
 */
function timeline(order: CustomerOrder): Step[] {
	const dateOf = (status: CustomerOrder['status']) => (status === 'pending' ? order.orderDate : order.reached[status])
	if (order.status === 'cancelled') {
		const before = FLOW.filter((status) => status === 'pending' || order.reached[status] !== null)
		return [
			...before.map((status) => ({ status, reached: true, current: false, date: dateOf(status) })),
			{ status: 'cancelled', reached: true, current: true, date: dateOf('cancelled') },
		]
	}
	const at = FLOW.indexOf(order.status)
	return FLOW.map((status, i) => ({ status, reached: i <= at, current: i === at, date: i <= at ? dateOf(status) : null }))
}

const STEP_LABELS = {
	pending: 'order.stepPending',
	confirmed: 'order.stepConfirmed',
	shipped: 'order.stepShipped',
	delivered: 'order.stepDelivered',
	cancelled: 'order.stepCancelled',
} as const

const SECTION = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-900/5 sm:p-6'
const SECTION_TITLE = 'font-serif text-2xl text-maroon-900'

export default function OrderPage({ loaderData }: Route.ComponentProps) {
	const { order, steps, tracking, upi } = loaderData
	const { t, locale } = useI18n()
	const { shop } = useShopLayoutData()
	const total = formatPaise(order.totalPaise)
	const orderDate = formatDate(order.orderDate, locale)

	return (
		<>
			<PageHeading eyebrow={t('order.eyebrow')} title={t('order.title', { number: order.id })}>
				<p>{t('order.intro')}</p>
			</PageHeading>
			<div className={`${container('max-w-3xl')} space-y-6 py-10 sm:py-14`}>
				<section aria-labelledby="order-timeline" className={SECTION}>
					<h2 id="order-timeline" className={SECTION_TITLE}>
						{t('order.timelineTitle')}
					</h2>
					<ol className="mt-4 space-y-3" data-testid="order-timeline">
						{steps.map((step) => (
							<li
								key={step.status}
								aria-current={step.current ? 'step' : undefined}
								className="flex items-start gap-3"
								data-testid={`step-${step.status}`}
							>
								<span
									aria-hidden="true"
									className={`mt-1.5 size-3 shrink-0 rounded-full ${step.reached ? (step.status === 'cancelled' ? 'bg-stone-700' : 'bg-maroon-700') : 'border-2 border-stone-400'}`}
								/>
								<p className="min-w-0">
									<span className={step.reached ? 'font-semibold text-stone-900' : 'text-stone-600'}>{t(STEP_LABELS[step.status])}</span>
									{step.current ? <span className="ml-1 text-stone-700">{t('order.stepCurrent')}</span> : null}
									<span className="block text-sm text-stone-600" data-testid="step-date">
										{step.reached ? (step.date ? formatDate(step.date, locale) : t('order.dateNotRecorded')) : t('order.stepNotYet')}
									</span>
								</p>
							</li>
						))}
					</ol>
					{steps.some((step) => step.reached && !step.date) ? <p className="mt-4 text-sm text-stone-600">{t('order.datesNote')}</p> : null}
				</section>

				<section aria-labelledby="order-parcel" className={SECTION}>
					<h2 id="order-parcel" className={SECTION_TITLE}>
						{t('order.deliveryTitle')}
					</h2>
					{tracking ? (
						<>
							<dl className="mt-3 grid gap-3 sm:grid-cols-2">
								<div>
									<dt className="text-sm text-stone-600">{t('order.courier')}</dt>
									<dd className="font-semibold break-words text-stone-900">{tracking.courier || '—'}</dd>
								</div>
								<div>
									<dt className="text-sm text-stone-600">{t('order.trackingNumber')}</dt>
									<dd className="font-mono text-lg break-all text-stone-900 select-all" data-testid="tracking-number">
										{tracking.trackingNumber || '—'}
									</dd>
								</div>
							</dl>
							{tracking.url ? (
								<div className="mt-4">
									<a href={tracking.url} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON} data-testid="tracking-link">
										{t(tracking.opensParcel ? 'order.trackParcel' : 'order.openTrackingPage', { courier: tracking.courier })}
										<span className="sr-only"> {t('order.opensNewTab')}</span>
									</a>
									{tracking.opensParcel ? null : <p className="mt-2 text-sm text-stone-600">{t('order.enterNumberNote')}</p>}
								</div>
							) : null}
						</>
					) : (
						<p className="mt-3 text-stone-700">{t('order.notShippedNote')}</p>
					)}
				</section>

				<section aria-labelledby="order-payment" className={SECTION}>
					<h2 id="order-payment" className={SECTION_TITLE}>
						{t('order.paymentTitle')}
					</h2>
					<p className="mt-3 text-lg font-semibold" data-testid="payment-state">
						{order.paidOn ? (
							<span className="text-green-800">{t('order.paidOn', { date: formatDate(order.paidOn, locale) })}</span>
						) : order.status === 'cancelled' ? (
							<span className="text-stone-700">{t('order.cancelledNote')}</span>
						) : (
							<span className="text-amber-800">{t('order.notPaid', { amount: total })}</span>
						)}
					</p>
					{upi ? (
						<div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
							<QrCode code={upi.qr} label={t('order.qrLabel', { amount: total })} className="size-44 shrink-0" />
							<div className="min-w-0 space-y-3">
								<a href={upi.url} className={PRIMARY_BUTTON} data-testid="upi-link">
									{t('order.payByUpi', { amount: total })}
								</a>
								<p className="text-sm text-stone-700">{t('order.upiNote', { upiId: upi.upiId })}</p>
							</div>
						</div>
					) : !order.paidOn && order.status !== 'cancelled' ? (
						<p className="mt-2 text-stone-700">{t('order.noUpiNote')}</p>
					) : null}
				</section>

				<section aria-labelledby="order-sarees" className={SECTION}>
					<h2 id="order-sarees" className={SECTION_TITLE}>
						{t('order.sareesTitle')}
					</h2>
					<ul className="mt-4 divide-y divide-gold-200/70">
						{order.items.map((item) => (
							<li key={item.id} className="flex items-center gap-4 py-3">
								<div className="w-20 shrink-0 overflow-hidden rounded-lg bg-maroon-50">
									{item.image ? (
										<Picture
											image={item.image}
											alt=""
											sizes="80px"
											fallbackWidth={160}
											imgClassName="aspect-[3/4] h-auto w-full object-cover"
										/>
									) : (
										<ImagePlaceholder className="aspect-[3/4] w-full" />
									)}
								</div>
								<div className="min-w-0">
									<p className="font-serif text-lg leading-snug text-stone-900" lang={locale === 'en' ? undefined : 'en'}>
										{item.name}
									</p>
									<p className="text-xs tracking-wide text-stone-600 uppercase">
										{t('shop.code')} <span className="font-semibold text-stone-800">{item.code}</span>
									</p>
									<p className="text-sm text-stone-700">{t('order.quantity', { quantity: item.quantity })}</p>
								</div>
							</li>
						))}
					</ul>
				</section>

				<section aria-labelledby="order-receipt" className={SECTION} data-testid="receipt">
					<h2 id="order-receipt" className={SECTION_TITLE}>
						{t('order.receiptTitle')}
					</h2>
					<div className="mt-3 text-stone-800">
						<p className="font-semibold">{shop.shopName}</p>
						{shop.address ? <p className="text-sm whitespace-pre-line">{shop.address}</p> : null}
						<p className="mt-2 text-sm">{t('order.receiptOrder', { number: order.id, date: orderDate })}</p>
					</div>
					<table className="mt-4 w-full text-sm">
						<thead>
							<tr className="border-b border-stone-300 text-left text-stone-600">
								<th scope="col" className="py-2 pr-2 font-medium">
									{t('order.receiptItem')}
								</th>
								<th scope="col" className="px-2 py-2 text-right font-medium">
									{t('order.receiptQuantity')}
								</th>
								<th scope="col" className="py-2 pl-2 text-right font-medium">
									{t('order.receiptAmount')}
								</th>
							</tr>
						</thead>
						<tbody>
							{order.items.map((item) => (
								<tr key={item.id} className="border-b border-stone-200">
									<td className="py-2 pr-2 break-words">
										<span lang={locale === 'en' ? undefined : 'en'}>{item.name}</span> ({item.code})
									</td>
									<td className="px-2 py-2 text-right">{item.quantity}</td>
									<td className="py-2 pl-2 text-right whitespace-nowrap">{formatPaise(item.amountPaise)}</td>
								</tr>
							))}
						</tbody>
						<tfoot>
							<tr>
								<th scope="row" colSpan={2} className="pt-3 pr-2 text-right">
									{t('order.total')}
								</th>
								<td className="pt-3 pl-2 text-right text-base font-semibold whitespace-nowrap" data-testid="order-total">
									{total}
								</td>
							</tr>
						</tfoot>
					</table>
					<p className="mt-3 font-semibold" data-testid="receipt-payment">
						{order.paidOn ? t('order.receiptPaid', { date: formatDate(order.paidOn, locale) }) : t('order.receiptDue', { amount: total })}
					</p>
					<p className="mt-3 text-sm text-stone-600">{t('order.receiptKeep')}</p>
				</section>
			</div>
		</>
	)
}

/** A 404 is the shop's own not-found page (an unknown link says nothing more); a 429 asks to wait. */
export function ErrorBoundary() {
	const error = useRouteError()
	const texts = isRouteErrorResponse(error) ? (error.data as { retryAfterMinutes?: number } | undefined) : undefined
	const { t } = translatorOfMatches([...useMatches(), { data: texts }])
	if (isRouteErrorResponse(error) && error.status === 429) {
		return (
			<ErrorPanel title={t('order.tooManyTitle')}>
				<p>{t('order.tooManyText', { minutes: texts?.retryAfterMinutes ?? 15 })}</p>
			</ErrorPanel>
		)
	}
	return <NotFoundBoundary />
}
