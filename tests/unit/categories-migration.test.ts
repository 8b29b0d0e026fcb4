import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { type Kysely, Migrator, sql } from 'kysely'
import { afterEach, expect, test } from 'vitest'

import { type DB, openDatabase } from '../../app/db.server'
import { searchMatchQuery } from '../../app/models/products-search.server'
import { migrations } from '../../migrations/index'

// A shop with sarees in each of the three categories of the CHECK, their photos, an order and a seller's
// own HSN code: migration 0013 rebuilds products without the CHECK and with the categories table, and
// everything is where it was.

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const CATEGORIES = ['Kanchipattu Pochampally Ikkat', 'Dharmavaram Pochampally Ikkat', 'Pochampally Ikkat']

async function migrate(db: Kysely<DB>, upTo?: string) {
	const chosen = upTo ? Object.fromEntries(Object.entries(migrations).filter(([name]) => name < upTo)) : migrations
	const result = await new Migrator({ db, provider: { getMigrations: async () => chosen } }).migrateToLatest()
	if (result.error) throw result.error
}

const schemaOf = (sqlite: ReturnType<typeof openDatabase>['sqlite'], table: string) =>
	sqlite
		.prepare(`SELECT type, name FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') ORDER BY name`)
		.all(table) as Array<{ type: string; name: string }>

test('the three categories and every saree, photo and order line come through unchanged; the CHECK becomes a foreign key', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-0013-'))
	dirs.push(dir)
	const { db, sqlite } = openDatabase(path.join(dir, 'shop.db'))
	await migrate(db, '0013')
	const now = new Date().toISOString()
	for (const [i, category] of [...CATEGORIES, CATEGORIES[2]!].entries()) {
		await sql`INSERT INTO products (id, name, name_te, code, description, original_price_paise, sale_price_paise, stock, status, category, tags, created_at, updated_at)
			VALUES (${i + 1}, ${`Saree ${i + 1}`}, ${'చీర'}, ${`C-${i + 1}`}, ${'Red silk'}, ${1000_00}, ${900_00}, ${2}, ${'active'}, ${category}, ${'["wedding"]'}, ${now}, ${now})`.execute(
			db,
		)
		await sql`INSERT INTO product_images (product_id, position, image_key, width, height, created_at)
			VALUES (${i + 1}, 0, ${`images/${String(i).repeat(32)}`}, 800, 1000, ${now})`.execute(db)
	}
	await sql`INSERT INTO orders (id, customer_name, customer_phone, order_date, status, total_paise, created_at, updated_at)
		VALUES (1, 'Lakshmi', '9876543210', ${now}, 'confirmed', 900, ${now}, ${now})`.execute(db)
	await sql`INSERT INTO order_items (order_id, position, product_id, product_code, product_name, unit_price_paise, quantity)
		VALUES (1, 0, 2, 'C-2', 'Saree 2', 900, 1)`.execute(db)
	await sql`UPDATE category_hsn SET hsn = '50072010' WHERE category = ${CATEGORIES[1]!}`.execute(db)

	const products = await sql`SELECT * FROM products ORDER BY id`.execute(db)
	const images = await sql`SELECT * FROM product_images ORDER BY id`.execute(db)
	const lines = await sql`SELECT * FROM order_items ORDER BY id`.execute(db)
	const productSchema = schemaOf(sqlite, 'products')

	await migrate(db)

	expect((await sql`SELECT * FROM products ORDER BY id`.execute(db)).rows).toEqual(products.rows)
	expect((await sql`SELECT * FROM product_images ORDER BY id`.execute(db)).rows).toEqual(images.rows)
	expect((await sql`SELECT * FROM order_items ORDER BY id`.execute(db)).rows).toEqual(lines.rows)
	expect(schemaOf(sqlite, 'products')).toEqual(productSchema)
	expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
	expect(sqlite.pragma('foreign_key_check')).toEqual([])
	expect(sqlite.prepare(`SELECT sql FROM sqlite_master WHERE name = 'products'`).pluck().get()).not.toMatch(/CHECK \(category IN/)
	expect(sqlite.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'category_hsn'`).pluck().get()).toBe(0)

	const categories = await db
		.selectFrom('categories')
		.select(['name', 'name_te', 'name_hi', 'position', 'hidden', 'hsn'])
		.orderBy('position')
		.execute()
	expect(categories.map((c) => [c.name, c.position, c.hidden, c.hsn])).toEqual([
		[CATEGORIES[0], 1, 0, '5007'],
		[CATEGORIES[1], 2, 0, '50072010'],
		[CATEGORIES[2], 3, 0, '5007'],
	])
	expect(categories.map((c) => c.name_te)).toEqual(['కంచిపట్టు పోచంపల్లి ఇక్కత్', 'ధర్మవరం పోచంపల్లి ఇక్కత్', 'పోచంపల్లి ఇక్కత్'])
	expect(categories.every((c) => c.name_hi !== '')).toBe(true)

	// Any category of the table is allowed, nothing else; a saree's category follows a rename, and the
	// search index with it; a category that holds sarees cannot be deleted; deleting a saree still takes its photos.
	const insert = (id: number, category: string) =>
		sql`INSERT INTO products (id, name, code, category, created_at, updated_at) VALUES (${id}, 'New', ${`N-${id}`}, ${category}, ${now}, ${now})`.execute(
			db,
		)
	await expect(insert(10, 'Kalamkari')).rejects.toThrow(/FOREIGN KEY/)
	await sql`INSERT INTO categories (name, position, google_product_category, hsn, created_at, updated_at) VALUES ('Kalamkari', 4, 'x', '5007', ${now}, ${now})`.execute(
		db,
	)
	await insert(10, 'Kalamkari')
	await db.updateTable('categories').set({ name: 'Ikat Silk' }).where('name', '=', CATEGORIES[2]!).execute()
	expect((await db.selectFrom('products').select('category').where('id', 'in', [3, 4]).execute()).map((p) => p.category)).toEqual([
		'Ikat Silk',
		'Ikat Silk',
	])
	const found = async (words: string) =>
		(
			await sql<{
				rowid: number
			}>`SELECT rowid FROM products_fts WHERE products_fts MATCH ${searchMatchQuery(words)} ORDER BY rowid`.execute(db)
		).rows.map((r) => r.rowid)
	expect(await found('ikat silk')).toEqual([3, 4])
	expect(await found('kanchipattu')).toEqual([1])
	await expect(db.deleteFrom('categories').where('name', '=', 'Ikat Silk').execute()).rejects.toThrow(/FOREIGN KEY/)
	await db.deleteFrom('products').where('id', '=', 1).execute()
	expect((await db.selectFrom('product_images').select('product_id').execute()).map((r) => r.product_id)).toEqual([2, 3, 4])
	await db.destroy()
})
