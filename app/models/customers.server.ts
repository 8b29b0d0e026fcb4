import { type Kysely, sql } from 'kysely'

import type { OrderStatus } from '~/constants'
import { type DB, getDb } from '~/db.server'
import { cityOfAddress } from '~/utils/address'

import { containsText } from './columns.server'

// The seller's customers: the people in her orders, one per `customer_key` (their phone in one
// spelling, or their email: see customerKey and migration 0010). Grouped in SQL over the
// orders_customer index; a customer's name and city come from their latest order.

const CUSTOMERS_PAGE_SIZE = 50

export type Customer = {
	/** customer_key: "+919876543210", or the email in lower case for a customer with no phone. */
	key: string
	name: string
	/** The latest order's, as it was typed. */
	phone: string
	email: string
	/** From their latest delivery address (see cityOfAddress); '' when none says. */
	city: string
	orderCount: number
	/** Orders marked paid, cancelled ones left out. */
	paidPaise: number
	/** The latest order's date (an ISO instant). */
	lastOrderDate: string
}

/** Customers whose name (in any of their orders) or phone (in any spelling) or email matches `term`. */
function matching(db: Kysely<DB>, term: string) {
	let digits = term.replace(/\D/g, '')
	// "098765 43210": the trunk 0 is not part of the number.
	if (/^0\d{10}$/.test(digits)) digits = digits.slice(1)
	return db
		.selectFrom('orders')
		.select('customer_key')
		.where((eb) =>
			eb.or([
				containsText('customer_name', term),
				containsText('customer_key', term.toLowerCase()),
				...(digits.length >= 3 ? [containsText('customer_key', digits)] : []),
			]),
		)
}

/** Which customers: those matching a search (`term`, '' for all), the one of `key`, or those with a phone after `afterKey`. */
type Which = { term: string } | { key: string } | { phonesAfter: string }

function groups(db: Kysely<DB>, which: Which) {
	if ('key' in which) return db.selectFrom('orders').where('customer_key', '=', which.key)
	// A phone's key is "+<digits>": the keys from "+" up to "," (the next character) are the phones, a range of the index.
	if ('phonesAfter' in which) return db.selectFrom('orders').where('customer_key', '>', which.phonesAfter).where('customer_key', '<', ',')
	let query = db.selectFrom('orders').where('customer_key', '!=', '')
	if (which.term) query = query.where('customer_key', 'in', matching(db, which.term))
	return query
}

/** Their latest order's column (`onlyFilled`: the latest in which it is not empty), for each group row. */
function latest(column: 'customer_name' | 'customer_phone' | 'customer_email' | 'delivery_address', onlyFilled = false) {
	return sql<string>`(SELECT o.${sql.ref(column)} FROM orders o WHERE o.customer_key = g.customer_key${
		onlyFilled ? sql` AND o.${sql.ref(column)} != ''` : sql``
	} ORDER BY o.order_date DESC, o.id DESC LIMIT 1)`
}

type CustomerRow = {
	customer_key: string
	name: string | null
	phone: string | null
	email: string | null
	address: string | null
	order_count: number
	paid_paise: number | null
	last_order_date: string
}

function toCustomer(row: CustomerRow): Customer {
	return {
		key: row.customer_key,
		name: row.name ?? '',
		phone: row.phone ?? '',
		email: row.email ?? '',
		city: cityOfAddress(row.address ?? ''),
		orderCount: Number(row.order_count),
		paidPaise: Number(row.paid_paise ?? 0),
		lastOrderDate: row.last_order_date,
	}
}

/**
 * The customers `which` names, one row each, in `order` (latest order first, or by key), `limit` of them
 * from `offset`. The page is chosen among the groups first; only its rows then look up their latest
 * name, phone, email and address, so a page costs the same however many customers there are.
 */
function customerRows(
	db: Kysely<DB>,
	which: Which,
	{ order, limit, offset = 0 }: { order: 'latest' | 'key'; limit: number; offset?: number },
) {
	let grouped = groups(db, which)
		.select((eb) => [
			'customer_key',
			eb.fn.countAll<number>().as('order_count'),
			sql<number>`sum(CASE WHEN paid_on IS NOT NULL AND status != 'cancelled' THEN total_paise ELSE 0 END)`.as('paid_paise'),
			eb.fn.max('order_date').as('last_order_date'),
		])
		.groupBy('customer_key')
	grouped = order === 'latest' ? grouped.orderBy('last_order_date', 'desc').orderBy('customer_key') : grouped.orderBy('customer_key')
	let query = db
		.selectFrom(grouped.limit(limit).offset(offset).as('g'))
		.select([
			'g.customer_key',
			'g.order_count',
			'g.paid_paise',
			'g.last_order_date',
			latest('customer_name').as('name'),
			latest('customer_phone').as('phone'),
			latest('customer_email').as('email'),
			latest('delivery_address', true).as('address'),
		])
	query = order === 'latest' ? query.orderBy('g.last_order_date', 'desc').orderBy('g.customer_key') : query.orderBy('g.customer_key')
	return query
}

/**
 * How many customers there are (the dashboard's figure): one per customer_key (the phone however it
 * was written, or the email of an order with no phone), read from its index alone.
 */
export async function countCustomers(db: Kysely<DB> = getDb()) {
	const row = await db
		.selectFrom('orders')
		.select((eb) => eb.fn.count<number>('customer_key').distinct().as('people'))
		.where('customer_key', '!=', '')
		.executeTakeFirstOrThrow()
	return Number(row.people)
}

/** Latest customer first, 50 a page; `q` matches a name, a phone in any spelling, or an email. */
export async function listCustomers({ q = '', page = 1 }: { q?: string; page?: number } = {}, db: Kysely<DB> = getDb()) {
	const term = q.trim()
	const { count } = await groups(db, { term })
		.select(sql<number>`count(DISTINCT customer_key)`.as('count'))
		.executeTakeFirstOrThrow()
	const rows = await customerRows(
		db,
		{ term },
		{ order: 'latest', limit: CUSTOMERS_PAGE_SIZE, offset: (Math.max(1, page) - 1) * CUSTOMERS_PAGE_SIZE },
	).execute()
	return { customers: rows.map(toCustomer), total: Number(count), pageSize: CUSTOMERS_PAGE_SIZE }
}

/**
 * One page of the customers with a phone (the contacts export reads them a page at a time), in the order
 * of their keys: those after `afterKey` ('' for the first page).
 */
export async function listCustomersWithPhonesPage(afterKey: string, size: number, db: Kysely<DB> = getDb()) {
	const rows = await customerRows(db, { phonesAfter: afterKey || '+' }, { order: 'key', limit: size }).execute()
	return rows.map(toCustomer)
}

export type CustomerOrder = { id: number; orderDate: string; status: OrderStatus; totalPaise: number; paidOn: string | null }

/** One customer and their orders, newest first; null when no order is theirs. */
export async function getCustomer(key: string, db: Kysely<DB> = getDb()) {
	const row = await customerRows(db, { key }, { order: 'key', limit: 1 }).executeTakeFirst()
	if (!row) return null
	const orders = await db
		.selectFrom('orders')
		.select(['id', 'order_date', 'status', 'total_paise', 'paid_on'])
		.where('customer_key', '=', key)
		.orderBy('order_date', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return {
		customer: toCustomer(row),
		orders: orders.map((o): CustomerOrder => ({
			id: o.id,
			orderDate: o.order_date,
			status: o.status,
			totalPaise: o.total_paise,
			paidOn: o.paid_on,
		})),
	}
}
