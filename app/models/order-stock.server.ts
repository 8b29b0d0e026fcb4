import { type Kysely, sql } from 'kysely'

import type { OrderStatus } from '~/constants'
import { type DB, getDb } from '~/db.server'

// How orders move a saree's pieces (docs/decisions/0033). `products.stock` is the pieces in hand;
// `products.held` the pieces open orders hold; `order_items.taken` the pieces a shipped or delivered
// line took out of stock. The orders model calls settleStock in the transaction of every order change,
// with the order as it was and as it becomes, so a change of status, of lines or of quantities, and a
// delete, all move stock by the same rule and nothing is counted twice.

/** An order holds its pieces while it is open. */
const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed']
/** A shipped or delivered order's pieces have left the stock. */
const GONE_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered']

type StockLine = { productId: number | null; quantity: number }
type StoredStockLine = StockLine & { id: number; taken: number }
export type OrderStock = { status: OrderStatus; lines: StoredStockLine[] }

/** The order's status and lines as stock sees them; null when it does not exist. */
export async function readOrderStock(trx: Kysely<DB>, orderId: number): Promise<OrderStock | null> {
	const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst()
	if (!order) return null
	const lines = await trx
		.selectFrom('order_items')
		.select(['id', 'product_id', 'quantity', 'taken'])
		.where('order_id', '=', orderId)
		.execute()
	return { status: order.status, lines: lines.map((l) => ({ id: l.id, productId: l.product_id, quantity: l.quantity, taken: l.taken })) }
}

const piecesOf = (lines: ReadonlyArray<StockLine & { taken?: number }>, productId: number, field: 'quantity' | 'taken') =>
	lines.reduce((sum, line) => sum + (line.productId === productId ? (line[field] ?? 0) : 0), 0)

/**
 * Moves the stock of every saree the order names from `before` (null: a new order) to `after` (null: a
 * deleted order): the pieces `before` took come back, an open `after` holds its quantities, a shipped or
 * delivered `after` takes them (never more than are in hand, so stock never goes below 0). A saree left
 * with none becomes sold out; a sold-out saree whose pieces come back is active again. Returns the pieces
 * each line of `after` takes, in its order. Products are written only when something of theirs changes,
 * and each such write is counted by content_version, so the public pages show it.
 */
export async function settleStock(
	trx: Kysely<DB>,
	before: OrderStock | null,
	after: { status: OrderStatus; lines: readonly StockLine[] } | null,
): Promise<number[]> {
	const taken = (after?.lines ?? []).map(() => 0)
	const productIds = [
		...new Set([...(before?.lines ?? []), ...(after?.lines ?? [])].flatMap((l) => (l.productId === null ? [] : [l.productId]))),
	]
	if (!productIds.length) return taken
	const products = await trx.selectFrom('products').select(['id', 'stock', 'held', 'status']).where('id', 'in', productIds).execute()
	for (const product of products) {
		const heldBefore = before && OPEN_STATUSES.includes(before.status) ? piecesOf(before.lines, product.id, 'quantity') : 0
		const heldAfter = after && OPEN_STATUSES.includes(after.status) ? piecesOf(after.lines, product.id, 'quantity') : 0
		let inHand = product.stock + (before ? piecesOf(before.lines, product.id, 'taken') : 0)
		if (after && GONE_STATUSES.includes(after.status)) {
			after.lines.forEach((line, i) => {
				if (line.productId !== product.id) return
				taken[i] = Math.min(line.quantity, inHand)
				inHand -= taken[i]
			})
		}
		const held = product.held - heldBefore + heldAfter
		const status =
			product.status === 'active' && inHand === 0 && product.stock > 0
				? 'out_of_stock'
				: product.status === 'out_of_stock' && product.stock === 0 && inHand > 0
					? 'active'
					: product.status
		if (inHand === product.stock && held === product.held && status === product.status) continue
		await trx.updateTable('products').set({ stock: inHand, held, status }).where('id', '=', product.id).execute()
	}
	return taken
}

export type OrderHold = { orderId: number; status: OrderStatus; quantity: number }

/** The open orders holding pieces of a saree, oldest first (the product editor lists them). */
export async function listOrdersHolding(productId: number, db: Kysely<DB> = getDb()): Promise<OrderHold[]> {
	const rows = await db
		.selectFrom('order_items')
		.innerJoin('orders', 'orders.id', 'order_items.order_id')
		.select(['orders.id', 'orders.status', (eb) => eb.fn.sum<number>('order_items.quantity').as('quantity')])
		.where('order_items.product_id', '=', productId)
		.where('orders.status', 'in', OPEN_STATUSES)
		.groupBy('orders.id')
		.orderBy('orders.id')
		.execute()
	return rows.map((r) => ({ orderId: r.id, status: r.status, quantity: Number(r.quantity) }))
}

export type StockWarning = {
	code: string
	name: string
	/** Pieces in hand. */
	stock: number
	/** The other orders holding or having taken its pieces. */
	otherOrders: Array<{ id: number; status: OrderStatus }>
}

/**
 * For an open order: each saree it holds that open orders hold more pieces of than are in hand, with the
 * other orders that hold it or took it. The seller decides which customer gets it; nothing is refused.
 */
export async function listStockWarnings(orderId: number, db: Kysely<DB> = getDb()): Promise<StockWarning[]> {
	const oversold = await db
		.selectFrom('order_items')
		.innerJoin('orders', 'orders.id', 'order_items.order_id')
		.innerJoin('products', 'products.id', 'order_items.product_id')
		.select(['products.id', 'products.code', 'products.name', 'products.stock'])
		.distinct()
		.where('order_items.order_id', '=', orderId)
		.where('orders.status', 'in', OPEN_STATUSES)
		.whereRef('products.held', '>', 'products.stock')
		.orderBy('products.code')
		.execute()
	if (!oversold.length) return []
	const others = await db
		.selectFrom('order_items')
		.innerJoin('orders', 'orders.id', 'order_items.order_id')
		.select(['order_items.product_id', 'orders.id', 'orders.status'])
		.distinct()
		.where(
			'order_items.product_id',
			'in',
			oversold.map((p) => p.id),
		)
		.where('orders.id', '!=', orderId)
		.where((eb) => eb.or([eb('orders.status', 'in', OPEN_STATUSES), eb('order_items.taken', '>', 0)]))
		.orderBy('orders.id')
		.execute()
	return oversold.map((p) => ({
		code: p.code,
		name: p.name,
		stock: p.stock,
		otherOrders: others.filter((o) => o.product_id === p.id).map((o) => ({ id: o.id, status: o.status })),
	}))
}

/**
 * Sets a saree's held pieces to what the open orders naming it hold: for a saree back from the trash,
 * whose orders may have opened or closed while their lines named no saree (settleStock moved nothing).
 */
export async function recountHeld(trx: Kysely<DB>, productId: number) {
	await sql`UPDATE products SET held = (
		SELECT coalesce(sum(order_items.quantity), 0) FROM order_items JOIN orders ON orders.id = order_items.order_id
		WHERE order_items.product_id = products.id AND orders.status IN (${sql.join(OPEN_STATUSES)})
	) WHERE id = ${productId}`.execute(trx)
}
