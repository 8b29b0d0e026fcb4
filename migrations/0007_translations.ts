import { type Kysely, sql } from 'kysely'

// The seller's own text in Telugu and Hindi, beside the English original: a saree's name and
// description, a post's title, excerpt and Markdown, the hero's title and subtitle, and the name and
// text of each weaving-story step. An empty string means "not translated": visitors reading that
// language see the English text (app/utils/translations.ts holds that rule).
//
// The content-version triggers of 0002 fire on every update of these tables whatever the column, so
// a saved translation refreshes cached pages. The search index of 0005 names its columns (and its
// update trigger fires only on those), so it is built again here with the translated name and
// description, and visitors find a saree by its Telugu or Hindi words too.

const TRANSLATED_COLUMNS = {
	products: ['name', 'description'],
	blogs: ['title', 'excerpt', 'content'],
	hero_settings: ['title', 'subtitle'],
	story_steps: ['step_name', 'step_text'],
} as const

const INDEXED = ['name', 'code', 'description', 'tags', 'category', 'name_te', 'name_hi', 'description_te', 'description_hi']
const columns = INDEXED.join(', ')
const values = (row: 'new' | 'old') => INDEXED.map((column) => `${row}.${column}`).join(', ')

export async function up(db: Kysely<unknown>) {
	const statements = [
		...Object.entries(TRANSLATED_COLUMNS).flatMap(([table, english]) =>
			english.flatMap((column) =>
				['te', 'hi'].map((locale) => `ALTER TABLE ${table} ADD COLUMN ${column}_${locale} TEXT NOT NULL DEFAULT ''`),
			),
		),
		`DROP TRIGGER products_insert_fts`,
		`DROP TRIGGER products_delete_fts`,
		`DROP TRIGGER products_update_fts`,
		`DROP TABLE products_fts`,
		`CREATE VIRTUAL TABLE products_fts USING fts5(${columns}, content='products', content_rowid='id', tokenize="unicode61 remove_diacritics 2 categories 'L* N* M* Co'", prefix='2 3 4')`,
		`CREATE TRIGGER products_insert_fts AFTER INSERT ON products BEGIN
			INSERT INTO products_fts (rowid, ${columns}) VALUES (new.id, ${values('new')});
		END`,
		`CREATE TRIGGER products_delete_fts AFTER DELETE ON products BEGIN
			INSERT INTO products_fts (products_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
		END`,
		`CREATE TRIGGER products_update_fts AFTER UPDATE OF ${columns} ON products BEGIN
			INSERT INTO products_fts (products_fts, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
			INSERT INTO products_fts (rowid, ${columns}) VALUES (new.id, ${values('new')});
		END`,
		`INSERT INTO products_fts (products_fts) VALUES ('rebuild')`,
	]
	await db.transaction().execute(async (trx) => {
		for (const statement of statements) await sql.raw(statement).execute(trx)
	})
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
