import { useFetcher } from 'react-router'

import { Button } from '~/components/ui/button'
import { ORDER_STATUSES, type OrderStatus } from '~/constants'
import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'
import { orderStatusFetcherKey, useOrderStatus } from '~/hooks/use-order-status'

import { ORDER_STATUS_KEYS } from './order-status-badge'
import { SellerText } from './seller-text'

/**
 * Changes an order's status from the list. With JS the select saves as soon as it changes;
 * without JS the small Update button posts the same form.
 */
export function OrderStatusForm({
	orderId,
	customerName,
	status,
	q,
	page,
}: {
	orderId: number
	customerName: string
	status: OrderStatus
	q: string
	page: number
}) {
	const { t, rich } = useI18n()
	const fetcher = useFetcher({ key: orderStatusFetcherKey(orderId) })
	const hydrated = useHydrated()
	const current = useOrderStatus(orderId, status)
	const selectId = `order-${orderId}-status`
	return (
		<fetcher.Form method="post" action="/admin/orders" className="flex items-end gap-2">
			<input type="hidden" name="intent" value="status" />
			<input type="hidden" name="orderId" value={orderId} />
			<input type="hidden" name="q" value={q} />
			<input type="hidden" name="page" value={page} />
			<div>
				<label htmlFor={selectId} className="mb-1 block text-xs font-medium text-stone-700">
					{t('adminOrders.status')}
					<span className="sr-only">{rich('adminOrders.statusOf', { name: <SellerText>{customerName}</SellerText> })}</span>
				</label>
				<select
					id={selectId}
					name="status"
					value={current}
					onChange={(event) => {
						void fetcher.submit(event.currentTarget.form, { preventScrollReset: true })
					}}
					className="block min-h-11 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 focus:border-maroon-700 focus:ring-2 focus:ring-maroon-700/30 focus:outline-none"
				>
					{ORDER_STATUSES.map((s) => (
						<option key={s} value={s}>
							{t(ORDER_STATUS_KEYS[s])}
						</option>
					))}
				</select>
			</div>
			{/* Shown only until the page's JS runs: then the select saves by itself. */}
			<Button type="submit" variant="secondary" className="min-h-11 px-3" hidden={hydrated}>
				{t('adminOrders.update')}
			</Button>
		</fetcher.Form>
	)
}
