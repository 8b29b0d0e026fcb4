import { type Kysely, sql } from 'kysely'

// What the seller needs to follow an order up from her phone:
// - orders gain the courier, the tracking number and the day the customer paid (null: not paid);
// - order_settings (one row) keeps the shop's UPI ID and the WhatsApp message templates per status.
//   A template left NULL uses the default text the app ships, so improving a default reaches every
//   shop that never edited it. No public page shows this table (it is not counted by content_version).
export async function up(db: Kysely<{ order_settings: { id: number; updated_at: string } }>) {
	for (const statement of [
		`ALTER TABLE orders ADD COLUMN courier TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE orders ADD COLUMN tracking_number TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE orders ADD COLUMN paid_on TEXT CHECK (paid_on IS NULL OR paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')`,
		`CREATE TABLE order_settings (
			id INTEGER PRIMARY KEY CHECK (id = 1),
			upi_id TEXT NOT NULL DEFAULT '',
			confirmed_message TEXT,
			shipped_message TEXT,
			delivered_message TEXT,
			cancelled_message TEXT,
			updated_at TEXT NOT NULL
		) STRICT`,
	]) {
		await sql.raw(statement).execute(db)
	}
	await db.insertInto('order_settings').values({ id: 1, updated_at: new Date().toISOString() }).execute()
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
