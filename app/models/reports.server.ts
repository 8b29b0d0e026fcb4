import { type Kysely, sql } from 'kysely'

import type { OrderStatus } from '~/constants'
import { type DB, getDb } from '~/db.server'
import { addDays, indiaDayStart } from '~/utils/dates'

// The seller's sales figures for a range of days (India time, both ends included), added up by SQL
// over the orders dated in the range (index orders_order_date), and the orders' lines a page at a time
// for the CSV her accountant reads. Cancelled orders count as orders placed but bring no revenue and
// sell no saree.

/** Calendar days (yyyy-mm-dd, India time), both included. */
export type ReportRange = { from: string; to: string }

function instants({ from, to }: ReportRange) {
	return { start: indiaDayStart(from), end: indiaDayStart(addDays(to, 1)) }
}

type CategoryFigures = { category: string; pieces: number; revenuePaise: number }
type SareeFigures = { productId: number | null; code: string; name: string; pieces: number; revenuePaise: number }
type EnquiryFigures = { productId: number; code: string; name: string; enquiries: number; orders: number }

export type SalesReport = {
	orders: number
	cancelled: number
	pieces: number
	paidPaise: number
	unpaidPaise: number
	byCategory: CategoryFigures[]
	topSarees: SareeFigures[]
	enquiries: EnquiryFigures[]
}

const TOP_SAREES = 10
const ENQUIRY_ROWS = 20

export async function getSalesReport(range: ReportRange, db: Kysely<DB> = getDb()): Promise<SalesReport> {
	const { start, end } = instants(range)
	const inRange = sql`o.order_date >= ${start} AND o.order_date < ${end}`
	const [totals, sarees, taps] = await Promise.all([
		sql<{ orders: number; cancelled: number; paid: number; unpaid: number }>`
			SELECT count(*) AS orders,
				coalesce(sum(o.status = 'cancelled'), 0) AS cancelled,
				coalesce(sum(CASE WHEN o.status != 'cancelled' AND o.paid_on IS NOT NULL THEN o.total_paise END), 0) AS paid,
				coalesce(sum(CASE WHEN o.status != 'cancelled' AND o.paid_on IS NULL THEN o.total_paise END), 0) AS unpaid
			FROM orders o WHERE ${inRange}`.execute(db),
		// One pass over the lines of the orders that still stand: per saree (a saree gone from the
		// catalogue by its code), with its category. The tables below are sums and orderings of these rows.
		sql<{
			product_id: number | null
			code: string
			name: string
			category: string | null
			pieces: number
			revenue: number
			orders: number
		}>`
			SELECT i.product_id, max(i.product_code) AS code, max(i.product_name) AS name, p.category,
				sum(i.quantity) AS pieces, sum(i.quantity * i.unit_price_paise) AS revenue, count(DISTINCT o.id) AS orders
			FROM orders o JOIN order_items i ON i.order_id = o.id LEFT JOIN products p ON p.id = i.product_id
			WHERE ${inRange} AND o.status != 'cancelled'
			GROUP BY coalesce(i.product_id, 'code ' || upper(i.product_code))`.execute(db),
		// Taps are counted per UTC day (enquiries.server.ts): the range's days are matched as days.
		sql<{ product_id: number; code: string; name: string; enquiries: number }>`
			SELECT p.id AS product_id, p.code, p.name, t.enquiries FROM (
				SELECT product_id, sum(count) AS enquiries FROM product_enquiries
				WHERE day >= ${range.from} AND day <= ${range.to} GROUP BY product_id
			) t JOIN products p ON p.id = t.product_id`.execute(db),
	])
	const total = totals.rows[0]!
	const perSaree = sarees.rows.map((r) => ({
		productId: r.product_id,
		code: r.code,
		name: r.name,
		category: r.category ?? '',
		pieces: Number(r.pieces),
		revenuePaise: Number(r.revenue),
		orders: Number(r.orders),
	}))
	const byCategory = new Map<string, CategoryFigures>()
	for (const saree of perSaree) {
		const figures = byCategory.get(saree.category) ?? { category: saree.category, pieces: 0, revenuePaise: 0 }
		figures.pieces += saree.pieces
		figures.revenuePaise += saree.revenuePaise
		byCategory.set(saree.category, figures)
	}
	const enquiries = new Map<number, EnquiryFigures>()
	for (const t of taps.rows)
		enquiries.set(t.product_id, { productId: t.product_id, code: t.code, name: t.name, enquiries: Number(t.enquiries), orders: 0 })
	for (const saree of perSaree) {
		if (saree.productId === null) continue
		const figures = enquiries.get(saree.productId) ?? {
			productId: saree.productId,
			code: saree.code,
			name: saree.name,
			enquiries: 0,
			orders: 0,
		}
		figures.orders = saree.orders
		enquiries.set(saree.productId, figures)
	}
	const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
	return {
		orders: Number(total.orders) - Number(total.cancelled),
		cancelled: Number(total.cancelled),
		pieces: perSaree.reduce((sum, s) => sum + s.pieces, 0),
		paidPaise: Number(total.paid),
		unpaidPaise: Number(total.unpaid),
		byCategory: [...byCategory.values()].sort(
			(a, b) => b.revenuePaise - a.revenuePaise || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
		),
		topSarees: perSaree
			.sort((a, b) => b.revenuePaise - a.revenuePaise || byCode(a, b))
			.slice(0, TOP_SAREES)
			.map(({ productId, code, name, pieces, revenuePaise }) => ({ productId, code, name, pieces, revenuePaise })),
		enquiries: [...enquiries.values()]
			.sort((a, b) => b.enquiries - a.enquiries || b.orders - a.orders || byCode(a, b))
			.slice(0, ENQUIRY_ROWS),
	}
}

/** One line of an order, with what the accountant needs of its order. */
export type OrderLineRow = {
	orderId: number
	orderDate: string
	customerName: string
	status: OrderStatus
	paidOn: string | null
	code: string
	name: string
	quantity: number
	unitPricePaise: number
}

/** Where a page of lines ends: the next page starts after this order. */
export type LinesCursor = { orderDate: string; orderId: number }

/**
 * The lines of up to `orders` orders of the range (cancelled ones too), in date order, after `cursor`.
 * Paging by the orders' date and id keeps each page one index range, however deep into the range.
 */
export async function listOrderLinesPage(
	range: ReportRange,
	cursor: LinesCursor | null,
	orders: number,
	db: Kysely<DB> = getDb(),
): Promise<{ lines: OrderLineRow[]; next: LinesCursor | null }> {
	const { start, end } = instants(range)
	let query = db
		.selectFrom('orders')
		.select(['id', 'order_date', 'customer_name', 'status', 'paid_on'])
		.where('order_date', '>=', start)
		.where('order_date', '<', end)
	if (cursor) {
		// The plain bound lets the index start at the cursor; the pair then skips the orders already sent.
		query = query
			.where('order_date', '>=', cursor.orderDate)
			.where((eb) =>
				eb.or([eb('order_date', '>', cursor.orderDate), eb.and([eb('order_date', '=', cursor.orderDate), eb('id', '>', cursor.orderId)])]),
			)
	}
	const page = await query.orderBy('order_date').orderBy('id').limit(orders).execute()
	if (!page.length) return { lines: [], next: null }
	const items = await db
		.selectFrom('order_items')
		.select(['order_id', 'product_code', 'product_name', 'quantity', 'unit_price_paise'])
		.where(
			'order_id',
			'in',
			page.map((o) => o.id),
		)
		.orderBy('order_id')
		.orderBy('position')
		.execute()
	const byOrder = new Map<number, typeof items>()
	for (const item of items) {
		const list = byOrder.get(item.order_id)
		if (list) list.push(item)
		else byOrder.set(item.order_id, [item])
	}
	const lines = page.flatMap((o) =>
		(byOrder.get(o.id) ?? []).map((i) => ({
			orderId: o.id,
			orderDate: o.order_date,
			customerName: o.customer_name,
			status: o.status,
			paidOn: o.paid_on,
			code: i.product_code,
			name: i.product_name,
			quantity: i.quantity,
			unitPricePaise: i.unit_price_paise,
		})),
	)
	const last = page.at(-1)!
	return { lines, next: page.length < orders ? null : { orderDate: last.order_date, orderId: last.id } }
}
