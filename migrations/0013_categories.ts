import { type Kysely, sql } from 'kysely'

// Categories the seller manages (docs/decisions/0037). Until now a category was one of three names in a
// CHECK on products.category; it becomes a row of `categories` with its translations, description,
// picture, order, hidden flag, Google product category and HSN code (category_hsn folds into it).
// products.category keeps the category's English name, now a foreign key that follows a rename
// (ON UPDATE CASCADE, which re-indexes the search through products' update trigger) and refuses to
// delete a category that holds sarees (ON DELETE RESTRICT). category_aliases keeps the names a
// category had, so its old addresses redirect.
//
// SQLite cannot drop a CHECK or add a REFERENCES in place: products is rebuilt (create, copy, drop,
// rename, then its indexes and triggers as they were), with foreign keys off so the drop does not
// cascade into photos and order lines, and checked before the transaction commits.

const SAREE_PRODUCT_CATEGORY = 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas'

// The three categories the shop started with, in their display order, with the names its storefront
// already showed in Telugu and Hindi.
const SEED = [
	{ name: 'Kanchipattu Pochampally Ikkat', te: 'కంచిపట్టు పోచంపల్లి ఇక్కత్', hi: 'कांचीपट्टु पोचमपल्ली इकत' },
	{ name: 'Dharmavaram Pochampally Ikkat', te: 'ధర్మవరం పోచంపల్లి ఇక్కత్', hi: 'धर्मावरम पोचमपल्ली इकत' },
	{ name: 'Pochampally Ikkat', te: 'పోచంపల్లి ఇక్కత్', hi: 'पोचमपल्ली इकत' },
]

const CATEGORY_CHECK = /category TEXT NOT NULL CHECK \(category IN \([^)]*\)\)/

export async function up(db: Kysely<any>) {
	const now = new Date().toISOString()
	const { rows } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)
	const foreignKeys = rows[0]?.foreign_keys === 1
	await sql`PRAGMA foreign_keys = OFF`.execute(db)
	try {
		await db.transaction().execute(async (trx) => {
			const run = (statement: string) => sql.raw(statement).execute(trx)
			await run(`CREATE TABLE categories (
				id INTEGER PRIMARY KEY,
				name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
				name_te TEXT NOT NULL DEFAULT '',
				name_hi TEXT NOT NULL DEFAULT '',
				description TEXT NOT NULL DEFAULT '',
				description_te TEXT NOT NULL DEFAULT '',
				description_hi TEXT NOT NULL DEFAULT '',
				picture_key TEXT,
				picture_width INTEGER,
				picture_height INTEGER,
				position INTEGER NOT NULL,
				hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
				google_product_category TEXT NOT NULL,
				hsn TEXT NOT NULL CHECK (length(hsn) IN (4, 6, 8) AND hsn NOT GLOB '*[^0-9]*'),
				created_at TEXT NOT NULL,
				updated_at TEXT NOT NULL
			) STRICT`)
			await run(`CREATE INDEX categories_position ON categories (position, id)`)
			// An earlier name of a category; the current names are never here (a rename back removes it).
			await run(`CREATE TABLE category_aliases (
				name TEXT PRIMARY KEY COLLATE NOCASE,
				category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE
			) STRICT, WITHOUT ROWID`)
			await run(`CREATE INDEX category_aliases_category ON category_aliases (category_id)`)
			for (const table of ['categories', 'category_aliases']) {
				for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
					await run(
						`CREATE TRIGGER ${table}_${event.toLowerCase()}_content_version AFTER ${event} ON ${table} BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END`,
					)
				}
			}
			for (const [i, category] of SEED.entries()) {
				await sql`INSERT INTO categories (name, name_te, name_hi, position, google_product_category, hsn, created_at, updated_at)
					VALUES (${category.name}, ${category.te}, ${category.hi}, ${i + 1}, ${SAREE_PRODUCT_CATEGORY},
						coalesce((SELECT hsn FROM category_hsn WHERE category = ${category.name}), '5007'), ${now}, ${now})`.execute(trx)
			}

			const schema = await sql<{ type: string; sql: string }>`
				SELECT type, sql FROM sqlite_master WHERE tbl_name = 'products' AND sql IS NOT NULL ORDER BY type = 'table' DESC, rowid
			`.execute(trx)
			const [table, ...dependents] = schema.rows
			if (!table || !CATEGORY_CHECK.test(table.sql)) throw new Error('products.category is not the CHECK this migration replaces')
			await run(
				table.sql
					.replace(/^CREATE TABLE products\b/, 'CREATE TABLE products_new')
					.replace(CATEGORY_CHECK, 'category TEXT NOT NULL REFERENCES categories (name) ON UPDATE CASCADE ON DELETE RESTRICT'),
			)
			await run(`INSERT INTO products_new SELECT * FROM products`)
			await run(`DROP TABLE products`)
			await run(`ALTER TABLE products_new RENAME TO products`)
			for (const dependent of dependents) await run(dependent.sql)
			await run(`DROP TABLE category_hsn`)
			const broken = await sql`PRAGMA foreign_key_check`.execute(trx)
			if (broken.rows.length) throw new Error(`Foreign keys broken by the categories migration: ${JSON.stringify(broken.rows)}`)
		})
	} finally {
		if (foreignKeys) await sql`PRAGMA foreign_keys = ON`.execute(db)
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
