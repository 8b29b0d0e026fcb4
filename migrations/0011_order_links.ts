import crypto from 'node:crypto'

import { type Kysely, sql } from 'kysely'

// The customer's own order page (docs/decisions/0035):
// - each order gets the token of its private link /o/<token>: 128 bits from the system's cryptographic
//   random source, base64url (22 characters). It is kept as it is, not hashed, so the seller can send the
//   same link again; a new one replaces it. Unique, so one token opens one order. Every order there is
//   gets one now;
// - the moment each status was reached, for the page's timeline. Orders recorded before this migration
//   have none: the shop never wrote those moments down, and the page says so rather than guess.
export async function up(db: Kysely<{ orders: { id: number; link_token: string | null } }>) {
	for (const statement of [
		`ALTER TABLE orders ADD COLUMN link_token TEXT CHECK (link_token IS NULL OR length(link_token) = 22)`,
		`ALTER TABLE orders ADD COLUMN confirmed_at TEXT`,
		`ALTER TABLE orders ADD COLUMN shipped_at TEXT`,
		`ALTER TABLE orders ADD COLUMN delivered_at TEXT`,
		`ALTER TABLE orders ADD COLUMN cancelled_at TEXT`,
	]) {
		await sql.raw(statement).execute(db)
	}
	const orders = await db.selectFrom('orders').select('id').execute()
	for (const { id } of orders) {
		// The same rule as the app's newOrderLinkToken; a migration keeps its own copy, never changed after it ran.
		await db
			.updateTable('orders')
			.set({ link_token: crypto.randomBytes(16).toString('base64url') })
			.where('id', '=', id)
			.execute()
	}
	await sql.raw(`CREATE UNIQUE INDEX orders_link_token ON orders (link_token)`).execute(db)
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
