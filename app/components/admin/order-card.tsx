import { Link } from 'react-router'

import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { useOrderStatus } from '~/hooks/use-order-status'
import type { OrderListRow } from '~/models/orders.server'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import { formatRelative } from '~/utils/relative-time'

import { OrderStatusBadge } from './order-status-badge'
import { OrderStatusForm } from './order-status-form'
import { SellerText } from './seller-text'

export function OrderCard({ order, q, page }: { order: OrderListRow; q: string; page: number }) {
	const status = useOrderStatus(order.id, order.status)
	const { t, rich, locale } = useI18n()
	const from = <span className="sr-only">{rich('adminOrders.orderFrom', { name: <SellerText>{order.customerName}</SellerText> })}</span>
	const testId = `order-${order.id}`
	return (
		<li data-testid={testId} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
			<div className="flex flex-wrap items-start justify-between gap-2">
				<h2 className="min-w-0 font-serif text-lg break-words text-maroon-800" data-seller-text>
					{order.customerName}
				</h2>
				<OrderStatusBadge status={status} />
			</div>
			<dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
				{order.phone ? (
					<div className="min-w-0">
						<dt className="text-xs text-stone-600">{t('adminOrders.phone')}</dt>
						<dd>
							<a
								href={`tel:${order.phone}`}
								className="inline-flex min-h-11 items-center break-all text-stone-900 underline decoration-stone-300"
							>
								{order.phone}
							</a>
						</dd>
					</div>
				) : null}
				{order.email ? (
					<div className="min-w-0">
						<dt className="text-xs text-stone-600">{t('adminOrders.email')}</dt>
						<dd className="break-all" data-seller-text>
							{order.email}
						</dd>
					</div>
				) : null}
				<div>
					<dt className="text-xs text-stone-600">{t('adminOrders.total')}</dt>
					<dd className="font-semibold" data-testid="order-total">
						{formatPaise(order.totalPaise)}
					</dd>
				</div>
				<div>
					<dt className="text-xs text-stone-600">{t('adminOrders.ordered')}</dt>
					<dd>
						<time dateTime={order.orderDate} title={formatDate(order.orderDate, locale)} suppressHydrationWarning>
							{formatRelative(order.orderDate, new Date(), locale)}
						</time>
					</dd>
				</div>
				{order.deliveryAddress ? (
					<div className="min-w-0 sm:col-span-2">
						<dt className="text-xs text-stone-600">{t('adminOrders.deliveryAddress')}</dt>
						<dd className="break-words whitespace-pre-line" data-seller-text>
							{order.deliveryAddress}
						</dd>
					</div>
				) : null}
			</dl>
			<div className="mt-4 flex flex-wrap items-end justify-between gap-3 border-t border-stone-100 pt-3">
				<OrderStatusForm orderId={order.id} customerName={order.customerName} status={order.status} q={q} page={page} />
				<div className="flex flex-wrap gap-2">
					<Link to={`/admin/orders/${order.id}`} className={buttonClass('secondary', 'px-3')}>
						{t('adminOrders.view')}
						{from}
					</Link>
					<Link to={`/admin/orders/${order.id}/edit`} className={buttonClass('secondary', 'px-3')}>
						{t('adminOrders.edit')}
						{from}
					</Link>
					<Link to={`/admin/orders/${order.id}/delete`} className={buttonClass('quietDanger')}>
						{t('adminOrders.delete')}
						{from}
					</Link>
				</div>
			</div>
		</li>
	)
}
