import { getDb } from '~/db.server'
import { type LinesCursor, listOrderLinesPage, type OrderLineRow, type ReportRange } from '~/models/reports.server'
import { ORDER_STATUS_LABELS } from '~/schemas/order'
import { CSV_LINE_END, csvRow } from '~/utils/csv'
import { indiaDate } from '~/utils/dates'
import { paiseToInput } from '~/utils/money'
import { linePaise } from '~/utils/order-lines'

// The orders CSV for the seller's accountant: one row per order line of the range's orders (cancelled
// ones too, with their status). The file is written while it is sent, one page of orders at a time as
// the reader takes it, so a year of orders costs the server no more memory than one page.

const COLUMNS = ['Order number', 'Order date', 'Customer', 'Code', 'Saree', 'Quantity', 'Unit price', 'Line total', 'Paid on', 'Status']
/** Orders read per page. */
const PAGE_ORDERS = 500
/** Spreadsheets (Excel above all) read the file as UTF-8, names in Telugu and Hindi included, when it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF'

function row(line: OrderLineRow) {
	return csvRow([
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
	])
}

export function ordersCsvStream(range: ReportRange, db = getDb()) {
	const encoder = new TextEncoder()
	let cursor: LinesCursor | null = null
	let started = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvRow(COLUMNS) + CSV_LINE_END))
				return
			}
			const page = await listOrderLinesPage(range, cursor, PAGE_ORDERS, db)
			if (page.lines.length) controller.enqueue(encoder.encode(page.lines.map((l) => row(l) + CSV_LINE_END).join('')))
			if (page.next) cursor = page.next
			else controller.close()
		},
	})
}

/** The file's name: orders-2026-11-01-to-2026-11-30.csv. */
export function ordersCsvName({ from, to }: ReportRange) {
	return `orders-${from}-to-${to}.csv`
}
