import type { ReactNode } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import type { OrderItem } from '~/models/orders.server'
import { formatPaise } from '~/utils/money'
import { linePaise } from '~/utils/order-lines'

/**
 * An order's lines (product, price, quantity, line total); `footer` holds the total rows of the page
 * showing it. A tax invoice gives each line's HSN code in `hsnByLine` (by the line's id).
 */
export function OrderItemsTable({
	items,
	caption,
	footer,
	hsnByLine,
}: {
	items: OrderItem[]
	caption?: string
	footer: ReactNode
	hsnByLine?: Record<number, string>
}) {
	const { t } = useI18n()
	return (
		<table className="mt-3 w-full text-left text-sm">
			{caption ? <caption className="sr-only">{caption}</caption> : null}
			<thead className="border-b border-stone-200 text-xs text-stone-600">
				<tr>
					<th scope="col" className="py-2 pr-2 font-medium">
						{t('adminReceipt.product')}
					</th>
					<th scope="col" className="px-2 py-2 text-right font-medium">
						{t('adminReceipt.price')}
					</th>
					<th scope="col" className="px-2 py-2 text-right font-medium">
						{t('adminReceipt.qty')}
					</th>
					<th scope="col" className="py-2 pl-2 text-right font-medium">
						{t('adminReceipt.total')}
					</th>
				</tr>
			</thead>
			<tbody>
				{items.map((item) => (
					<tr key={item.id} className="break-inside-avoid border-b border-stone-100 align-top">
						<td className="py-2 pr-2">
							<span className="block font-medium break-words" data-seller-text>
								{item.name}
							</span>
							<span className="text-xs text-stone-600" data-seller-text>
								{item.code}
							</span>
							{hsnByLine?.[item.id] ? (
								<span className="block text-xs text-stone-600" data-testid="line-hsn">
									{t('adminReceipt.hsn', { code: hsnByLine[item.id]! })}
								</span>
							) : null}
						</td>
						<td className="px-2 py-2 text-right whitespace-nowrap">{formatPaise(item.unitPricePaise)}</td>
						<td className="px-2 py-2 text-right">{item.quantity}</td>
						<td className="py-2 pl-2 text-right whitespace-nowrap">{formatPaise(linePaise(item))}</td>
					</tr>
				))}
				{items.length === 0 ? (
					<tr>
						<td colSpan={4} className="py-3 text-stone-600">
							{t('adminReceipt.noItems')}
						</td>
					</tr>
				) : null}
			</tbody>
			<tfoot>{footer}</tfoot>
		</table>
	)
}
