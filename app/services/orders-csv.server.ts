import { getDb } from '~/db.server'
import { type LinesCursor, listOrderLinesPage, type OrderLineRow, type ReportRange } from '~/models/reports.server'
import { ORDER_STATUS_LABELS } from '~/schemas/order'
import { csvStream } from '~/utils/csv'
import { indiaDate } from '~/utils/dates'
import { paiseToInput } from '~/utils/money'
import { linePaise } from '~/utils/order-lines'

// The orders CSV for the seller's accountant: one row per order line of the range's orders (cancelled
// ones too, with their status). The file is written while it is sent, one page of orders at a time as
// the reader takes it, so a year of orders costs the server no more memory than one page.

const COLUMNS = ['Order number', 'Order date', 'Customer', 'Code', 'Saree', 'Quantity', 'Unit price', 'Line total', 'Paid on', 'Status']
/** Orders read per page. */
const PAGE_ORDERS = 500

function row(line: OrderLineRow) {
	return [
		String(line.orderId),
		indiaDate(line.orderDate),
		line.customerName,
		line.code,
		line.name,
		String(line.quantity),
		paiseToInput(line.unitPricePaise),
		paiseToInput(linePaise(line)),
		line.paidOn ?? '',
		ORDER_STATUS_LABELS[line.status],
	]
}

export function ordersCsvStream(range: ReportRange, db = getDb()) {
	let cursor: LinesCursor | null = null
	return csvStream(COLUMNS, async () => {
		const page = await listOrderLinesPage(range, cursor, PAGE_ORDERS, db)
		cursor = page.next
		return { rows: page.lines.map(row), last: !page.next }
	})
}

/** The file's name: orders-2026-11-01-to-2026-11-30.csv. */
export function ordersCsvName({ from, to }: ReportRange) {
	return `orders-${from}-to-${to}.csv`
}
