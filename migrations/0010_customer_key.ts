import { type Kysely, sql } from 'kysely'

import { customerKey } from '../app/schemas/order'

// The seller's customers are the people in her orders, one per phone number however it was typed
// ("98765 43210", "+91-98765-43210"), or per email for an order with no phone. Each order keeps whose it
// is in `customer_key` (customerKey: "+919876543210", or the email in lower case), written with every
// order, so the customers list groups and searches in SQL over an index instead of reading every order.
// Existing orders get theirs here.

type Db = Kysely<{ orders: { id: number; customer_phone: string; customer_email: string; customer_key: string } }>

export async function up(db: Kysely<any>) {
	await (db as Db).transaction().execute(async (trx) => {
		await sql`ALTER TABLE orders ADD COLUMN customer_key TEXT NOT NULL DEFAULT ''`.execute(trx)
		const orders = await trx.selectFrom('orders').select(['id', 'customer_phone', 'customer_email']).execute()
		for (const order of orders) {
			const key = customerKey({ phone: order.customer_phone, email: order.customer_email })
			if (key) await trx.updateTable('orders').set({ customer_key: key }).where('id', '=', order.id).execute()
		}
		// A customer's orders, newest last: the grouping, their page and their latest name and address.
		await sql`CREATE INDEX orders_customer ON orders (customer_key, order_date)`.execute(trx)
	})
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
