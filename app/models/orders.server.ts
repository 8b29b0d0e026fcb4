import { type Kysely, sql } from 'kysely'

import type { OrderStatus } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'
import { customerKey, ORDER_FORM_MESSAGES, type OrderLineInput } from '~/schemas/order'
import { indiaDate } from '~/utils/dates'
import { sumLines } from '~/utils/order-lines'
import { newOrderLinkToken } from '~/utils/order-link.server'
import { normaliseProductCode } from '~/utils/product-code'

import { containsText, inTransaction } from './columns.server'
import { readOrderStock, settleStock } from './order-stock.server'

// Orders agreed on WhatsApp and recorded by the seller. Each line snapshots the product's code, name
// and sale price when it is added, so later catalogue edits never rewrite an order's history.

const ORDERS_PAGE_SIZE = 50

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

const LIST_COLUMNS = [
	'id',
	'customer_name',
	'customer_phone',
	'customer_email',
	'delivery_address',
	'order_date',
	'status',
	'total_paise',
] as const

function toListRow(r: {
	id: number
	customer_name: string
	customer_phone: string
	customer_email: string
	delivery_address: string
	order_date: string
	status: OrderStatus
	total_paise: number
}): OrderListRow {
	return {
		id: r.id,
		customerName: r.customer_name,
		phone: r.customer_phone,
		email: r.customer_email,
		deliveryAddress: r.delivery_address,
		orderDate: r.order_date,
		status: r.status,
		totalPaise: r.total_paise,
	}
}

/** Newest first; `q` matches the customer's name, phone, email or the status. */
export async function listOrders({ q = '', page = 1 }: { q?: string; page?: number } = {}, db: Kysely<DB> = getDb()) {
	const term = q.trim()
	let query = db.selectFrom('orders')
	if (term) {
		const digits = term.replace(/\D/g, '')
		query = query.where((eb) =>
			eb.or([
				containsText('customer_name', term),
				containsText('customer_email', term),
				containsText('customer_phone', term),
				containsText('status', term),
				// "98765 43210" finds "+919876543210".
				...(digits.length >= 3 ? [containsText('customer_phone', digits)] : []),
			]),
		)
	}
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const rows = await query
		.select(LIST_COLUMNS)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(ORDERS_PAGE_SIZE)
		.offset((Math.max(1, page) - 1) * ORDERS_PAGE_SIZE)
		.execute()
	return { orders: rows.map(toListRow), total: Number(count), pageSize: ORDERS_PAGE_SIZE }
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
	courier: string
	trackingNumber: string
	/** yyyy-mm-dd (India time) the seller marked it paid; null while unpaid. */
	paidOn: string | null
	totalOverridden: boolean
	createdAt: string
	updatedAt: string
	/** The token of the customer's private link (/o/<token>); null for an order that has none yet. */
	linkToken: string | null
	items: OrderItem[]
}

export async function getOrder(id: number, db: Kysely<DB> = getDb()): Promise<OrderDetail | null> {
	const row = await db
		.selectFrom('orders')
		.select([
			...LIST_COLUMNS,
			'notes',
			'courier',
			'tracking_number',
			'paid_on',
			'total_overridden',
			'created_at',
			'updated_at',
			'link_token',
		])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	const items = await orderItems(id, db)
	return {
		...toListRow(row),
		notes: row.notes,
		courier: row.courier,
		trackingNumber: row.tracking_number,
		paidOn: row.paid_on,
		totalOverridden: row.total_overridden === 1,
		createdAt: row.created_at,
		updatedAt: row.updated_at,
		linkToken: row.link_token,
		items,
	}
}

async function orderItems(orderId: number, db: Kysely<DB>): Promise<OrderItem[]> {
	const rows = await db
		.selectFrom('order_items')
		.select(['id', 'product_id', 'product_code', 'product_name', 'unit_price_paise', 'quantity'])
		.where('order_id', '=', orderId)
		.orderBy('position')
		.execute()
	return rows.map((i) => ({
		id: i.id,
		productId: i.product_id,
		code: i.product_code,
		name: i.product_name,
		unitPricePaise: i.unit_price_paise,
		quantity: i.quantity,
	}))
}

/** What the customer's own order page shows (docs/decisions/0035): nothing of her address, phone or email. */
export type CustomerOrder = {
	id: number
	status: OrderStatus
	orderDate: string
	/** When the order last reached each status (ISO); null when it has not, or before the shop recorded it. */
	reached: Record<Exclude<OrderStatus, 'pending'>, string | null>
	items: OrderItem[]
	totalPaise: number
	paidOn: string | null
	courier: string
	trackingNumber: string
}

/** The order whose private link has this token; null when none has (tokens compare exactly, letter case included). */
export async function getCustomerOrder(token: string, db: Kysely<DB> = getDb()): Promise<CustomerOrder | null> {
	const row = await db
		.selectFrom('orders')
		.select([
			'id',
			'status',
			'order_date',
			'confirmed_at',
			'shipped_at',
			'delivered_at',
			'cancelled_at',
			'total_paise',
			'paid_on',
			'courier',
			'tracking_number',
		])
		.where('link_token', '=', token)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		status: row.status,
		orderDate: row.order_date,
		reached: { confirmed: row.confirmed_at, shipped: row.shipped_at, delivered: row.delivered_at, cancelled: row.cancelled_at },
		items: await orderItems(row.id, db),
		totalPaise: row.total_paise,
		paidOn: row.paid_on,
		courier: row.courier,
		trackingNumber: row.tracking_number,
	}
}

/** Gives the order a new private link (the old one stops opening it); false when the order does not exist. */
export async function renewOrderLink(id: number, db: Kysely<DB> = getDb()) {
	const result = await db
		.updateTable('orders')
		.set({ link_token: newOrderLinkToken(), updated_at: nowIso() })
		.where('id', '=', id)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

export type ProductChoice = { code: string; name: string; pricePaise: number }

/** Every product's code, name and current sale price: the order form looks codes up as they are typed. */
export async function listProductChoices(db: Kysely<DB> = getDb()): Promise<ProductChoice[]> {
	const rows = await db.selectFrom('products').select(['code', 'name', 'sale_price_paise']).orderBy('code').execute()
	return rows.map((r) => ({ code: r.code, name: r.name, pricePaise: r.sale_price_paise }))
}

/**
 * The products whose code, without letter case and hyphens, is one of `looseCodes` (see
 * utils/pasted-order.ts): a pasted message's "kpi101" finds KPI-101.
 */
export async function findProductsByLooseCodes(looseCodes: readonly string[], db: Kysely<DB> = getDb()): Promise<ProductChoice[]> {
	if (!looseCodes.length) return []
	const rows = await db
		.selectFrom('products')
		.select(['code', 'name', 'sale_price_paise'])
		.where(sql<string>`upper(replace(code, '-', ''))`, 'in', looseCodes)
		.orderBy('code')
		.execute()
	return rows.map((r) => ({ code: r.code, name: r.name, pricePaise: r.sale_price_paise }))
}

/** What the order form saves: the customer and order fields of a listed order, its notes and lines. */
export type OrderWrite = Omit<OrderListRow, 'id' | 'totalPaise'> & {
	notes: string
	courier: string
	trackingNumber: string
	lines: OrderLineInput[]
	/** Typed by the seller; null means "the sum of the lines". */
	totalOverridePaise: number | null
}

/** Thrown when lines name product codes the catalogue does not have: the message for each line, by its index in the form. */
export class UnknownProductCodesError extends Error {
	constructor(readonly lineErrors: Record<number, string>) {
		super('unknown product codes')
		this.name = 'UnknownProductCodesError'
	}
}

type ResolvedLine = { productId: number | null; code: string; name: string; unitPricePaise: number; quantity: number }

async function resolveLines(trx: Kysely<DB>, lines: OrderLineInput[], orderId?: number): Promise<ResolvedLine[]> {
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
			errors[line.index] = ORDER_FORM_MESSAGES.unknownCode(line.code)
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
	if (Object.keys(errors).length) throw new UnknownProductCodesError(errors)
	return resolved
}

/** `taken`: the pieces each line took out of stock (settleStock). */
async function insertLines(trx: Kysely<DB>, orderId: number, lines: ResolvedLine[], taken: number[]) {
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
				taken: taken[position],
			})),
		)
		.execute()
}

function orderColumns(input: OrderWrite, lines: ResolvedLine[]) {
	return {
		customer_name: input.customerName,
		customer_phone: input.phone,
		customer_email: input.email,
		customer_key: customerKey(input),
		delivery_address: input.deliveryAddress,
		order_date: input.orderDate,
		status: input.status,
		notes: input.notes,
		courier: input.courier,
		tracking_number: input.trackingNumber,
		total_paise: input.totalOverridePaise ?? sumLines(lines),
		total_overridden: input.totalOverridePaise === null ? 0 : 1,
	}
}

/**
 * The order and its lines, and the stock they hold or take (order-stock.server.ts), in one transaction;
 * returns its id. Unknown product codes throw an UnknownProductCodesError (nothing is written). `now` is
 * when it was recorded.
 */
export async function createOrder(input: OrderWrite, db: Kysely<DB> = getDb(), now = nowIso()) {
	return inTransaction(db, async (trx) => {
		const lines = await resolveLines(trx, input.lines)
		const { id } = await trx
			.insertInto('orders')
			.values({
				...orderColumns(input, lines),
				...(input.status === 'pending' ? {} : { [`${input.status}_at` as const]: now }),
				link_token: newOrderLinkToken(),
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		await insertLines(trx, id, lines, await settleStock(trx, null, { status: input.status, lines }))
		return id
	})
}

/**
 * Saves an order and replaces its lines, moving stock from the order as it was to the order as it is
 * now; false when it does not exist. Unknown product codes throw as in createOrder.
 */
export async function updateOrder(id: number, input: OrderWrite, db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const before = await readOrderStock(trx, id)
		if (!before) return false
		const lines = await resolveLines(trx, input.lines, id)
		const now = nowIso()
		await trx
			.updateTable('orders')
			.set({ ...orderColumns(input, lines), ...statusReachedAt(input.status, now), updated_at: now })
			.where('id', '=', id)
			.execute()
		await trx.deleteFrom('order_items').where('order_id', '=', id).execute()
		await insertLines(trx, id, lines, await settleStock(trx, before, { status: input.status, lines }))
		return true
	})
}

/** Sets the status and moves stock as updateOrder does; false when the order does not exist. */
export async function updateOrderStatus(id: number, status: OrderStatus, db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const before = await readOrderStock(trx, id)
		if (!before) return false
		const now = nowIso()
		await trx
			.updateTable('orders')
			.set({ status, ...statusReachedAt(status, now), updated_at: now })
			.where('id', '=', id)
			.execute()
		const taken = await settleStock(trx, before, { status, lines: before.lines })
		for (const [i, line] of before.lines.entries()) {
			if (taken[i] !== line.taken) await trx.updateTable('order_items').set({ taken: taken[i] }).where('id', '=', line.id).execute()
		}
		return true
	})
}

/**
 * For an update that sets `status`: the column recording when the order reached it becomes now when
 * the order comes to that status, and stays as it was when the order already had it (SQLite reads the
 * row's status before the change). A pending order has no moment of its own: its date is the order date.
 */
function statusReachedAt(status: OrderStatus, now: string) {
	if (status === 'pending') return {}
	const column = `${status}_at` as const
	return { [column]: sql<string>`CASE WHEN status IS ${status} THEN ${sql.ref(column)} ELSE ${now} END` }
}

/** Marks the order paid on a day (yyyy-mm-dd, India time), or unpaid with null; false when it does not exist. */
export async function setOrderPaid(id: number, paidOn: string | null, db: Kysely<DB> = getDb()) {
	const result = await db.updateTable('orders').set({ paid_on: paidOn, updated_at: nowIso() }).where('id', '=', id).executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

// ── Order dates ──
// The form edits a calendar date (India time); the row keeps an ISO instant so that lists can say
// "2 hours ago" for today's orders.

/**
 * The stored instant for a date picked in the form: unchanged when the date did not change, the
 * current time for today, otherwise noon India time of that day.
 */
export function orderDateToIso(date: string, previousIso?: string, now: Date = new Date()) {
	if (previousIso && indiaDate(previousIso) === date) return previousIso
	if (date === indiaDate(now)) return now.toISOString()
	return new Date(`${date}T12:00:00+05:30`).toISOString()
}
