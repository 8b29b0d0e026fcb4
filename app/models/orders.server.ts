import { sql, type Transaction } from 'kysely'
import type { OrderStatus } from '~/constants'
import { getDb, nowIso, type DB } from '~/db.server'
import { MESSAGES, sumLines, type OrderLineInput } from '~/schemas/order'
import { normaliseProductCode } from '~/utils/product-code'

// Orders agreed on WhatsApp and recorded by the seller. Each line snapshots the product's code, name
// and sale price when it is added, so later catalogue edits never rewrite an order's history.

export const ORDERS_PAGE_SIZE = 50

export type OrderListRow = {
	id: number
	customerName: string
	phone: string
	email: string
	deliveryAddress: string
	orderDate: string
	status: OrderStatus
	totalPaise: number
}

function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Newest first; `q` matches the customer's name, phone, email or the status. */
export async function listOrders({ q = '', page = 1 }: { q?: string; page?: number } = {}) {
	const db = getDb()
	const term = q.trim()
	let query = db.selectFrom('orders')
	if (term) {
		const like = `%${escapeLike(term)}%`
		const digits = term.replace(/\D/g, '')
		const matches = (column: string, pattern: string) => sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`
		query = query.where((eb) =>
			eb.or([
				matches('customer_name', like),
				matches('customer_email', like),
				matches('customer_phone', like),
				matches('status', like),
				// "98765 43210" finds "+919876543210".
				...(digits.length >= 3 ? [matches('customer_phone', `%${digits}%`)] : []),
			]),
		)
	}
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const rows = await query
		.select([
			'id',
			'customer_name',
			'customer_phone',
			'customer_email',
			'delivery_address',
			'order_date',
			'status',
			'total_paise',
		])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(ORDERS_PAGE_SIZE)
		.offset((Math.max(1, page) - 1) * ORDERS_PAGE_SIZE)
		.execute()
	const orders: OrderListRow[] = rows.map((r) => ({
		id: r.id,
		customerName: r.customer_name,
		phone: r.customer_phone,
		email: r.customer_email,
		deliveryAddress: r.delivery_address,
		orderDate: r.order_date,
		status: r.status,
		totalPaise: r.total_paise,
	}))
	return { orders, total: Number(count), pageSize: ORDERS_PAGE_SIZE }
}

export async function countAllOrders() {
	const { count } = await getDb()
		.selectFrom('orders')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.executeTakeFirstOrThrow()
	return Number(count)
}

export type OrderItem = {
	id: number
	productId: number | null
	code: string
	name: string
	unitPricePaise: number
	quantity: number
}

export type OrderDetail = OrderListRow & {
	notes: string
	totalOverridden: boolean
	createdAt: string
	updatedAt: string
	items: OrderItem[]
}

export async function getOrder(id: number): Promise<OrderDetail | null> {
	const db = getDb()
	const row = await db
		.selectFrom('orders')
		.select([
			'id',
			'customer_name',
			'customer_phone',
			'customer_email',
			'delivery_address',
			'order_date',
			'status',
			'notes',
			'total_paise',
			'total_overridden',
			'created_at',
			'updated_at',
		])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	const items = await db
		.selectFrom('order_items')
		.select(['id', 'product_id', 'product_code', 'product_name', 'unit_price_paise', 'quantity'])
		.where('order_id', '=', id)
		.orderBy('position')
		.execute()
	return {
		id: row.id,
		customerName: row.customer_name,
		phone: row.customer_phone,
		email: row.customer_email,
		deliveryAddress: row.delivery_address,
		orderDate: row.order_date,
		status: row.status,
		notes: row.notes,
		totalPaise: row.total_paise,
		totalOverridden: row.total_overridden === 1,
		createdAt: row.created_at,
		updatedAt: row.updated_at,
		items: items.map((i) => ({
			id: i.id,
			productId: i.product_id,
			code: i.product_code,
			name: i.product_name,
			unitPricePaise: i.unit_price_paise,
			quantity: i.quantity,
		})),
	}
}

export type ProductChoice = { code: string; name: string; pricePaise: number }

/** Every product's code, name and current sale price: the order form looks codes up as they are typed. */
export async function listProductChoices(): Promise<ProductChoice[]> {
	const rows = await getDb()
		.selectFrom('products')
		.select(['code', 'name', 'sale_price_paise'])
		.orderBy('code')
		.execute()
	return rows.map((r) => ({ code: r.code, name: r.name, pricePaise: r.sale_price_paise }))
}

export type OrderWrite = {
	customerName: string
	phone: string
	email: string
	deliveryAddress: string
	orderDate: string
	status: OrderStatus
	notes: string
	lines: OrderLineInput[]
	/** Typed by the seller; null means "the sum of the lines". */
	totalOverridePaise: number | null
}

export type OrderWriteResult =
	| { ok: true; id: number }
	| { ok: false; reason: 'lines'; lineErrors: Record<number, string> }
	| { ok: false; reason: 'not-found' }

class LineErrors extends Error {
	constructor(readonly lineErrors: Record<number, string>) {
		super('unknown product codes')
	}
}

type ResolvedLine = { productId: number | null; code: string; name: string; unitPricePaise: number; quantity: number }

async function resolveLines(trx: Transaction<DB>, lines: OrderLineInput[], orderId?: number): Promise<ResolvedLine[]> {
	const existing = new Map<number, { product_id: number | null; product_code: string; product_name: string; unit_price_paise: number }>()
	if (orderId !== undefined) {
		const rows = await trx
			.selectFrom('order_items')
			.select(['id', 'product_id', 'product_code', 'product_name', 'unit_price_paise'])
			.where('order_id', '=', orderId)
			.execute()
		for (const r of rows) existing.set(r.id, r)
	}
	const errors: Record<number, string> = {}
	const resolved: ResolvedLine[] = []
	for (const line of lines) {
		const kept = line.id !== undefined ? existing.get(line.id) : undefined
		// The line's code arrives in its one spelling (the order schema); a snapshot may predate that.
		if (kept && normaliseProductCode(kept.product_code).toLowerCase() === line.code.toLowerCase()) {
			resolved.push({
				productId: kept.product_id,
				code: kept.product_code,
				name: kept.product_name,
				unitPricePaise: kept.unit_price_paise,
				quantity: line.quantity,
			})
			continue
		}
		// products.code is COLLATE NOCASE: "ps-001" finds "PS-001".
		const product = await trx
			.selectFrom('products')
			.select(['id', 'code', 'name', 'sale_price_paise'])
			.where('code', '=', line.code)
			.executeTakeFirst()
		if (!product) {
			errors[line.index] = MESSAGES.unknownCode(line.code)
			continue
		}
		resolved.push({
			productId: product.id,
			code: product.code,
			name: product.name,
			unitPricePaise: product.sale_price_paise,
			quantity: line.quantity,
		})
	}
	if (Object.keys(errors).length) throw new LineErrors(errors)
	return resolved
}

async function insertLines(trx: Transaction<DB>, orderId: number, lines: ResolvedLine[]) {
	if (!lines.length) return
	await trx
		.insertInto('order_items')
		.values(
			lines.map((l, position) => ({
				order_id: orderId,
				position,
				product_id: l.productId,
				product_code: l.code,
				product_name: l.name,
				unit_price_paise: l.unitPricePaise,
				quantity: l.quantity,
			})),
		)
		.execute()
}

function orderColumns(input: OrderWrite, lines: ResolvedLine[]) {
	return {
		customer_name: input.customerName,
		customer_phone: input.phone,
		customer_email: input.email,
		delivery_address: input.deliveryAddress,
		order_date: input.orderDate,
		status: input.status,
		notes: input.notes,
		total_paise: input.totalOverridePaise ?? sumLines(lines),
		total_overridden: input.totalOverridePaise === null ? 0 : 1,
	}
}

/** The order and its lines in one transaction; unknown product codes come back per line. */
export async function createOrder(input: OrderWrite): Promise<OrderWriteResult> {
	try {
		const id = await getDb()
			.transaction()
			.execute(async (trx) => {
				const lines = await resolveLines(trx, input.lines)
				const now = nowIso()
				const { id } = await trx
					.insertInto('orders')
					.values({ ...orderColumns(input, lines), created_at: now, updated_at: now })
					.returning('id')
					.executeTakeFirstOrThrow()
				await insertLines(trx, id, lines)
				return id
			})
		return { ok: true, id }
	} catch (error) {
		if (error instanceof LineErrors) return { ok: false, reason: 'lines', lineErrors: error.lineErrors }
		throw error
	}
}

export async function updateOrder(id: number, input: OrderWrite): Promise<OrderWriteResult> {
	try {
		return await getDb()
			.transaction()
			.execute(async (trx) => {
				const found = await trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()
				if (!found) return { ok: false, reason: 'not-found' } as const
				const lines = await resolveLines(trx, input.lines, id)
				await trx
					.updateTable('orders')
					.set({ ...orderColumns(input, lines), updated_at: nowIso() })
					.where('id', '=', id)
					.execute()
				await trx.deleteFrom('order_items').where('order_id', '=', id).execute()
				await insertLines(trx, id, lines)
				return { ok: true, id } as const
			})
	} catch (error) {
		if (error instanceof LineErrors) return { ok: false, reason: 'lines', lineErrors: error.lineErrors }
		throw error
	}
}

/** false when the order does not exist. */
export async function updateOrderStatus(id: number, status: OrderStatus) {
	const result = await getDb()
		.updateTable('orders')
		.set({ status, updated_at: nowIso() })
		.where('id', '=', id)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

/** Deletes the order and (by cascade) its lines; false when it did not exist. */
export async function deleteOrder(id: number) {
	const result = await getDb().deleteFrom('orders').where('id', '=', id).executeTakeFirst()
	return Number(result.numDeletedRows) > 0
}

// ── Order dates ──
// The form edits a calendar date (India time); the row keeps an ISO instant so that lists can say
// "2 hours ago" for today's orders.

const IST_OFFSET_MS = 5.5 * 3600 * 1000

/** The India-time calendar date (yyyy-mm-dd) of an ISO instant. */
export function indiaDate(iso: string | Date) {
	return new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * The stored instant for a date picked in the form: unchanged when the date did not change, the
 * current time for today, otherwise noon India time of that day.
 */
export function orderDateToIso(date: string, previousIso?: string, now: Date = new Date()) {
	if (previousIso && indiaDate(previousIso) === date) return previousIso
	if (date === indiaDate(now)) return now.toISOString()
	return new Date(`${date}T12:00:00+05:30`).toISOString()
}
