import { Link } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import type { OrderHold, StockWarning } from '~/models/order-stock.server'

import { OrderStatusBadge } from './order-status-badge'

// What orders do to a saree's stock, shown to the seller: the open orders holding a saree (its editor),
// and an order's sarees that more open orders hold than there are pieces (the order's page).

const ORDER_LINK = 'inline-flex min-h-11 items-center font-semibold text-maroon-800 underline'

/** The open orders holding pieces of a saree (it reads Reserved once they hold every piece). */
export function OrdersHolding({ holds, stock }: { holds: OrderHold[]; stock: number }) {
	const { t } = useI18n()
	if (!holds.length) return <p className="mt-4 text-sm text-stone-600">{t('adminProductEditor.holdsNone')}</p>
	const held = holds.reduce((sum, h) => sum + h.quantity, 0)
	const pieces = (count: number) => t('adminProductEditor.pieces', { count })
	return (
		<section aria-labelledby="orders-holding" className="mt-4 text-sm">
			<h3 id="orders-holding" className="font-semibold text-stone-900">
				{t(held >= stock ? 'adminProductEditor.holdsTitleReserved' : 'adminProductEditor.holdsTitle', {
					held: pieces(held),
					stock: pieces(stock),
				})}
			</h3>
			<ul className="mt-1">
				{holds.map((hold) => (
					<li key={hold.orderId} className="flex flex-wrap items-center gap-x-3">
						<Link to={`/admin/orders/${hold.orderId}`} className={ORDER_LINK}>
							{t('adminProductEditor.holdOrder', { id: hold.orderId })}
						</Link>
						<OrderStatusBadge status={hold.status} />
						<span className="text-stone-600">{pieces(hold.quantity)}</span>
					</li>
				))}
			</ul>
		</section>
	)
}

/** Warns (never refuses) that this order and others want more pieces of a saree than there are. */
export function StockWarnings({ warnings }: { warnings: StockWarning[] }) {
	const { t, rich } = useI18n()
	if (!warnings.length) return null
	return (
		<section aria-labelledby="stock-warning" className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 sm:p-6">
			<h2 id="stock-warning" className="font-serif text-lg text-amber-950">
				{t('adminOrders.stockTitle')}
			</h2>
			<ul className="mt-2 space-y-2">
				{warnings.map((w) => {
					const saree = (
						<strong data-seller-text>
							{w.code} – {w.name}
						</strong>
					)
					const pieces = t('adminOrders.pieces', { count: w.stock })
					return (
						<li key={w.code}>
							{w.otherOrders.length
								? rich('adminOrders.stockAlsoWanted', {
										saree,
										pieces,
										orders: w.otherOrders.map((o, i) => (
											<span key={o.id}>
												{i > 0 ? ', ' : ''}
												<Link to={`/admin/orders/${o.id}`} className={ORDER_LINK}>
													{t('adminOrders.orderNumber', { id: o.id })}
												</Link>{' '}
												<OrderStatusBadge status={o.status} />
											</span>
										)),
									})
								: rich('adminOrders.stockFewer', { saree, pieces })}
						</li>
					)
				})}
			</ul>
			<p className="mt-2">{t('adminOrders.stockSaved')}</p>
		</section>
	)
}
