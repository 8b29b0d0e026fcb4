import { type Kysely, sql } from 'kysely'

// Visitors search the catalogue by name, code, description, tags and category (/collections?q=).
// An FTS5 index over those columns, kept in step with `products` by SQLite itself: the table holds no
// copy of the text (external content), and the triggers below update it on every insert, update and
// delete, by any process that writes the file. Tokens are letters, digits and combining marks (so
// Telugu and Devanagari words stay whole); case and diacritics are ignored; prefixes of 2–4
// characters are indexed so "kanchi*" is a lookup, not a scan.
//
// The indexes serve the price sort, the price filter and "similar sarees" (same category, nearest
// price) without sorting the whole catalogue.

const INDEXED = 'name, code, description, tags, category'

export async function up(db: Kysely<unknown>) {
	const statements = [
		`CREATE VIRTUAL TABLE products_fts USING fts5(${INDEXED}, content='products', content_rowid='id', tokenize="unicode61 remove_diacritics 2 categories 'L* N* M* Co'", prefix='2 3 4')`,
		`CREATE TRIGGER products_insert_fts AFTER INSERT ON products BEGIN
			INSERT INTO products_fts (rowid, ${INDEXED}) VALUES (new.id, new.name, new.code, new.description, new.tags, new.category);
		END`,
		`CREATE TRIGGER products_delete_fts AFTER DELETE ON products BEGIN
			INSERT INTO products_fts (products_fts, rowid, ${INDEXED}) VALUES ('delete', old.id, old.name, old.code, old.description, old.tags, old.category);
		END`,
		`CREATE TRIGGER products_update_fts AFTER UPDATE OF ${INDEXED} ON products BEGIN
			INSERT INTO products_fts (products_fts, rowid, ${INDEXED}) VALUES ('delete', old.id, old.name, old.code, old.description, old.tags, old.category);
			INSERT INTO products_fts (rowid, ${INDEXED}) VALUES (new.id, new.name, new.code, new.description, new.tags, new.category);
		END`,
		`INSERT INTO products_fts (products_fts) VALUES ('rebuild')`,
		`CREATE INDEX products_status_price ON products (status, sale_price_paise)`,
		`CREATE INDEX products_category_status_price ON products (category, status, sale_price_paise)`,
	]
	await db.transaction().execute(async (trx) => {
		for (const statement of statements) await sql.raw(statement).execute(trx)
	})
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
