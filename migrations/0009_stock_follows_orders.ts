import { type Kysely, sql } from 'kysely'

// Stock follows orders (docs/decisions/0033):
// - products.held counts the pieces open orders (pending, confirmed) hold, kept by the orders model in
//   the transaction of each order change. It lives on the product row so that every list, search and
//   feed reads "Reserved" without a join, and so that a change of it is counted by content_version like
//   any other write the storefront shows.
// - order_items.taken counts the pieces a shipped or delivered line took out of stock, so that moving the
//   order back gives exactly those back.
// Existing open orders hold their pieces from now on. Existing shipped and delivered orders took nothing
// by these rules (the seller kept stock by hand until now), so they are left at 0: today's stock stays.
export async function up(db: Kysely<unknown>) {
	for (const statement of [
		`ALTER TABLE products ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0)`,
		`ALTER TABLE order_items ADD COLUMN taken INTEGER NOT NULL DEFAULT 0 CHECK (taken >= 0 AND taken <= quantity)`,
		`UPDATE products SET held = (
			SELECT coalesce(sum(order_items.quantity), 0) FROM order_items JOIN orders ON orders.id = order_items.order_id
			WHERE order_items.product_id = products.id AND orders.status IN ('pending', 'confirmed')
		) WHERE id IN (
			SELECT order_items.product_id FROM order_items JOIN orders ON orders.id = order_items.order_id
			WHERE orders.status IN ('pending', 'confirmed')
		)`,
	]) {
		await sql.raw(statement).execute(db)
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
