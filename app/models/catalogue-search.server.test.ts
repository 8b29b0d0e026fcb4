import { Kysely, SqliteDialect } from 'kysely'
import { describe, expect, test } from 'vitest'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import type { DB } from '../db.server'
import { browseCatalogue, findListedProductIdByCode, listActiveProducts, searchMatchQuery } from './products-search.server'
import { listSimilarProducts } from './products-storefront.server'

// Search, filters and sorts of /collections and "You may also like", against a migrated database
// (the FTS5 index is kept by the triggers of migration 0005, not by this code).

const freshDb = useTempDatabases('catalogue-search')
type Db = Awaited<ReturnType<typeof freshDb>>['db']

let n = 0
async function add(db: Db, fields: Record<string, unknown>) {
	n += 1
	const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString()
	const { id } = await db
		.insertInto('products')
		.values({
			name: `Saree ${n}`,
			code: `S-${n}`,
			original_price_paise: 30_000_00,
			sale_price_paise: 30_000_00,
			status: 'active',
			category: 'Pochampally Ikkat',
			created_at: at,
			updated_at: at,
			...fields,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

const names = (result: { products: Array<{ name: string }> }) => result.products.map((p) => p.name)
const page = { page: 1, pageSize: 20 }

describe('catalogue search', () => {
	test('finds by name, word prefix, code, description, tags and category, ignoring case and accents; follows edits and deletes', async () => {
		const { db, sqlite } = await freshDb()
		const ruby = await add(db, { name: 'Ruby Red Wedding Saree', code: 'KPI-101', category: 'Kanchipattu Pochampally Ikkat' })
		await add(db, { name: 'Peacock Blue', description: 'Double ikat with a zari border', tags: '["festive","blue"]' })
		const sold = await add(db, { name: 'Mango Yellow', status: 'out_of_stock', tags: '["haldi"]' })
		await add(db, { name: 'Draft Red', status: 'draft' })

		expect(names(await listActiveProducts({ ...page, search: 'RUBY' }, 'en', db))).toEqual(['Ruby Red Wedding Saree'])
		expect(names(await listActiveProducts({ ...page, search: 'kanchi' }, 'en', db))).toEqual(['Ruby Red Wedding Saree'])
		expect(names(await listActiveProducts({ ...page, search: 'kpi-101' }, 'en', db))).toEqual(['Ruby Red Wedding Saree'])
		expect(names(await listActiveProducts({ ...page, search: 'zari' }, 'en', db))).toEqual(['Peacock Blue'])
		expect(names(await listActiveProducts({ ...page, search: 'festive' }, 'en', db))).toEqual(['Peacock Blue'])
		expect(names(await listActiveProducts({ ...page, search: 'wédding' }, 'en', db))).toEqual(['Ruby Red Wedding Saree'])
		// Every word must match; drafts never; sold out only when asked.
		expect(names(await listActiveProducts({ ...page, search: 'red blue' }, 'en', db))).toEqual([])
		expect(names(await listActiveProducts({ ...page, search: 'red' }, 'en', db))).toEqual(['Ruby Red Wedding Saree'])
		expect(names(await listActiveProducts({ ...page, search: 'haldi' }, 'en', db))).toEqual([])
		const withSold = await listActiveProducts({ ...page, search: 'haldi', includeSoldOut: true }, 'en', db)
		expect(withSold.products.map((p) => [p.name, p.soldOut])).toEqual([['Mango Yellow', true]])
		// FTS5 syntax typed by a visitor is only words.
		expect(names(await listActiveProducts({ ...page, search: 'ruby" OR "peacock' }, 'en', db))).toEqual([])
		// Nothing searchable typed: the list is not narrowed by words.
		expect(await listActiveProducts({ ...page, search: '*** (' }, 'en', db)).toMatchObject({ total: 2 })

		await db.updateTable('products').set({ name: 'Emerald Green' }).where('id', '=', ruby).execute()
		expect(names(await listActiveProducts({ ...page, search: 'ruby' }, 'en', db))).toEqual([])
		expect(names(await listActiveProducts({ ...page, search: 'emerald' }, 'en', db))).toEqual(['Emerald Green'])
		await db.deleteFrom('products').where('id', '=', sold).execute()
		expect(names(await listActiveProducts({ ...page, search: 'mango', includeSoldOut: true }, 'en', db))).toEqual([])
		// FTS5 compares the index with the products table and throws if they differ.
		expect(() => sqlite.prepare(`INSERT INTO products_fts (products_fts) VALUES ('integrity-check')`).run()).not.toThrow()
		sqlite.close()
	})

	test('only letters and digits reach the FTS5 query, each as a quoted prefix', () => {
		expect(searchMatchQuery('Kanchi "pattu" NEAR(xy)*')).toBe('"Kanchi"* "pattu"* "NEAR"* "xy"*')
		expect(searchMatchQuery('  --- ')).toBeNull()
		expect(searchMatchQuery('పట్టు చీర')).toBe('"పట్టు"* "చీర"*')
	})

	test('words of one letter, repeats and words past the fifth never reach the FTS5 query', () => {
		// The index keeps prefixes of 2 to 4 characters: a one-letter prefix would be a scan of it.
		expect(searchMatchQuery('r')).toBeNull()
		expect(searchMatchQuery('a b c d e f g h i j')).toBeNull()
		expect(searchMatchQuery('r red k kanchi 5')).toBe('"red"* "kanchi"*')
		// A Telugu syllable of a letter and its vowel sign is two characters, as the index counts them.
		expect(searchMatchQuery('క చీ')).toBe('"చీ"*')
		expect(searchMatchQuery('Red RED red silk')).toBe('"Red"* "silk"*')
		expect(searchMatchQuery('aa bb cc dd ee ff gg')).toBe('"aa"* "bb"* "cc"* "dd"* "ee"*')
	})

	test('a search reads the index once, and a one-letter search not at all: it costs no more than a two-letter one', async () => {
		const { sqlite } = await freshDb()
		// The same connection, with every statement it runs written down.
		const statements: string[] = []
		const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log: (event) => void statements.push(event.query.sql) })
		for (let i = 0; i < 30; i++) await add(db, { name: `Ruby Red Saree ${i}`, description: 'Rich red with a zari border' })
		const run = async (search: string, page = 2) => {
			statements.length = 0
			const result = await listActiveProducts({ page, pageSize: 20, search }, 'en', db)
			const reads = statements.filter((sql) => sql.includes('products_fts'))
			return { total: result.total, shown: result.products.length, statements: statements.length, indexReads: reads.length }
		}
		const twoLetters = await run('re')
		expect(twoLetters).toEqual({ total: 30, shown: 10, statements: expect.any(Number), indexReads: 1 })
		const oneLetter = await run('r')
		expect(oneLetter).toMatchObject({ total: 30, shown: 10, indexReads: 0 })
		expect(oneLetter.statements).toBeLessThanOrEqual(twoLetters.statements)
		// One statement brings the page and the total.
		expect(await run('zz r', 1)).toEqual({ total: 0, shown: 0, statements: 1, indexReads: 1 })
		// A page past the end has no row to carry the total, so only there it is counted apart.
		expect(await run('re', 3)).toMatchObject({ total: 30, shown: 0 })
		sqlite.close()
	})

	test('/collections is answered in one visit: a typed code opens its saree, a code-shaped query matching none lists once', async () => {
		const { sqlite } = await freshDb()
		const statements: string[] = []
		const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log: (event) => void statements.push(event.query.sql) })
		const ruby = await add(db, { name: 'Ruby Red Saree', code: 'KPI-101' })
		await add(db, { name: 'Draft Blue', code: 'KPI-102', status: 'draft' })
		const run = async (code: string | null, search: string) => {
			statements.length = 0
			const found = await browseCatalogue({ code, listing: { page: 1, pageSize: 20, search } }, 'en', db)
			return { found, statements: statements.length }
		}
		expect(await run('KPI-101', 'kpi-101')).toEqual({ found: { productId: ruby }, statements: 1 })
		// A draft's code opens nothing: the search lists (nothing), with the code looked up once and the page read once.
		const draft = await run('KPI-102', 'kpi-102')
		expect(draft).toMatchObject({ found: { total: 0, products: [] }, statements: 2 })
		// Not a code: only the listing.
		expect((await run(null, 'ruby')).statements).toBeLessThanOrEqual(2)
		// A category the shop does not have lists nothing, without reading the products.
		statements.length = 0
		expect(await browseCatalogue({ code: null, listing: null }, 'en', db)).toEqual({ products: [], total: 0 })
		expect(statements).toEqual([])
		sqlite.close()
	})

	test('price range, category, sort and pages combine', async () => {
		const { db, sqlite } = await freshDb()
		for (const [name, rupees, category] of [
			['A', 15_000, 'Pochampally Ikkat'],
			['B', 25_000, 'Pochampally Ikkat'],
			['C', 35_000, 'Dharmavaram Pochampally Ikkat'],
			['D', 45_000, 'Pochampally Ikkat'],
			['E', 25_000, 'Pochampally Ikkat'],
		] as const) {
			await add(db, { name, sale_price_paise: rupees * 100, category })
		}
		expect(names(await listActiveProducts({ ...page, sort: 'price-asc' }, 'en', db))).toEqual(['A', 'E', 'B', 'C', 'D'])
		expect(names(await listActiveProducts({ ...page, sort: 'price-desc' }, 'en', db))).toEqual(['D', 'C', 'E', 'B', 'A'])
		expect(names(await listActiveProducts({ ...page }, 'en', db))).toEqual(['E', 'D', 'C', 'B', 'A'])
		const ranged = await listActiveProducts({ ...page, minPaise: 20_000_00, maxPaise: 40_000_00, sort: 'price-asc' }, 'en', db)
		expect(names(ranged)).toEqual(['E', 'B', 'C'])
		const inCategory = await listActiveProducts(
			{ page: 2, pageSize: 1, category: 'Pochampally Ikkat', minPaise: 20_000_00, sort: 'price-desc' },
			'en',
			db,
		)
		expect(inCategory).toMatchObject({ total: 3 })
		expect(names(inCategory)).toEqual(['E'])
		sqlite.close()
	})

	test('a code typed exactly finds its saree in any letter case, never a draft', async () => {
		const { db, sqlite } = await freshDb()
		const id = await add(db, { code: 'PS-001' })
		await add(db, { code: 'PS-002', status: 'draft' })
		expect(await findListedProductIdByCode('ps-001', db)).toBe(id)
		expect(await findListedProductIdByCode('PS-002', db)).toBeNull()
		expect(await findListedProductIdByCode('PS-00', db)).toBeNull()
		sqlite.close()
	})

	test('similar sarees: other active ones, same category first, then nearest price', async () => {
		const { db, sqlite } = await freshDb()
		const self = await add(db, { name: 'Self', sale_price_paise: 30_000_00 })
		await add(db, { name: 'Same far', sale_price_paise: 90_000_00 })
		await add(db, { name: 'Same near', sale_price_paise: 31_000_00 })
		await add(db, { name: 'Same sold', sale_price_paise: 30_000_00, status: 'out_of_stock' })
		await add(db, { name: 'Other exact', sale_price_paise: 30_000_00, category: 'Dharmavaram Pochampally Ikkat' })
		await add(db, { name: 'Other near', sale_price_paise: 28_000_00, category: 'Kanchipattu Pochampally Ikkat' })
		await add(db, { name: 'Other far', sale_price_paise: 5_000_00, category: 'Kanchipattu Pochampally Ikkat' })
		const similar = await listSimilarProducts({ id: self, category: 'Pochampally Ikkat', salePricePaise: 30_000_00 }, 4, 'en', db)
		expect(similar.map((p) => p.name)).toEqual(['Same near', 'Same far', 'Other exact', 'Other near'])
		sqlite.close()
	})
})
