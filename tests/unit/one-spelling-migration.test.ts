import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Migrator } from 'kysely'
import { afterEach, expect, test, vi } from 'vitest'

import { migrateToLatest, openDatabase } from '../../app/db.server'
import { isProductCode } from '../../app/utils/product-code'
import * as oneSpelling from '../../migrations/0003_one_spelling_for_codes_and_slugs'
import { migrations } from '../../migrations/index'

// A shop saved before codes and slugs had rules: look-alike codes (full-width, other dashes, invisible
// characters), a code that collides with another once spelled the one way, order lines that snapshot
// them, and posts whose slug is a number. After migration 0003 every code that can be spelled the one
// way is, no two rows share one, order lines follow their product, and no slug is a number.

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const now = new Date().toISOString()

async function shopBeforeTheRules() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-0003-'))
	dirs.push(dir)
	const handle = openDatabase(path.join(dir, 'shop.db'))
	const { db } = handle
	const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0003'))
	const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()
	if (error) throw error
	const codes = ['ＫＰＩ-101', 'KPI-101', 'KPI‐102\u200b', 'DPI–201', 'dpi-201', 'KPI 103', 'PI-301', 'ＤＰＩ−201']
	for (const [i, code] of codes.entries()) {
		await db
			.insertInto('products')
			.values({
				id: i + 1,
				name: `Saree ${i + 1}`,
				code,
				original_price_paise: 100,
				sale_price_paise: 100,
				status: 'active',
				category: 'Pochampally Ikkat',
				created_at: now,
				updated_at: now,
			})
			.execute()
	}
	await db
		.insertInto('orders')
		.values({
			id: 1,
			customer_name: 'Lakshmi',
			customer_phone: '9876543210',
			order_date: now,
			status: 'pending',
			total_paise: 300,
			created_at: now,
			updated_at: now,
		})
		.execute()
	await db
		.insertInto('order_items')
		.values([
			{ order_id: 1, position: 0, product_id: 1, product_code: 'ＫＰＩ-101', product_name: 'Saree 1', unit_price_paise: 100, quantity: 1 },
			{
				order_id: 1,
				position: 1,
				product_id: 1,
				product_code: 'AN-OLDER-CODE',
				product_name: 'Saree 1',
				unit_price_paise: 100,
				quantity: 1,
			},
			{ order_id: 1, position: 2, product_id: 2, product_code: 'KPI-101', product_name: 'Saree 2', unit_price_paise: 100, quantity: 1 },
		])
		.execute()
	const post = (id: number, slug: string) => ({
		id,
		title: slug,
		slug,
		content: 'Text',
		status: 'published' as const,
		created_at: now,
		updated_at: now,
	})
	await db
		.insertInto('blogs')
		.values([post(1, '2'), post(2, '2024'), post(3, 'post-2'), post(4, 'silk-2')])
		.execute()
	await db.insertInto('blog_slug_history').values({ slug: 'post-2024', blog_id: 4 }).execute()
	return handle
}

test('every code takes its one spelling without two rows sharing one; numeric slugs become words', async () => {
	const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
	const { db, sqlite } = await shopBeforeTheRules()
	// 0003 and every migration after it (later ones leave codes and slugs alone).
	expect((await migrateToLatest(db))[0]).toBe('0003_one_spelling_for_codes_and_slugs')

	const products = await db.selectFrom('products').select(['id', 'code']).orderBy('id').execute()
	expect(products.map((p) => p.code)).toEqual([
		// The row already spelled KPI-101 keeps it; its look-alike takes the next free one.
		'KPI-101-2',
		'KPI-101',
		'KPI-102',
		// dpi-201 (already in its spelling) keeps the code in any case; both look-alikes move on.
		'DPI-201-2',
		'dpi-201',
		// Not a valid code even spelled the one way: left for the seller to change at the next edit.
		'KPI 103',
		'PI-301',
		'DPI-201-3',
	])
	const lower = products.map((p) => p.code.toLowerCase())
	expect(new Set(lower).size).toBe(lower.length)
	expect(products.filter((p) => !isProductCode(p.code)).map((p) => p.code)).toEqual(['KPI 103'])

	const lines = await db.selectFrom('order_items').select(['product_id', 'product_code']).orderBy('position').execute()
	expect(lines).toEqual([
		{ product_id: 1, product_code: 'KPI-101-2' },
		{ product_id: 1, product_code: 'AN-OLDER-CODE' },
		{ product_id: 2, product_code: 'KPI-101' },
	])

	const slugs = await db.selectFrom('blogs').select(['id', 'slug']).orderBy('id').execute()
	expect(slugs).toEqual([
		{ id: 1, slug: 'post-2-2' },
		{ id: 2, slug: 'post-2024-2' },
		{ id: 3, slug: 'post-2' },
		{ id: 4, slug: 'silk-2' },
	])
	expect(warn.mock.calls.map(([line]) => String(line))).toContain('Product 1: code "ＫＰＩ-101" is now "KPI-101-2"')

	// Run again (a start that died before recording it): nothing changes.
	const before = JSON.stringify([products, lines, slugs])
	await oneSpelling.up(db)
	const again = JSON.stringify([
		await db.selectFrom('products').select(['id', 'code']).orderBy('id').execute(),
		await db.selectFrom('order_items').select(['product_id', 'product_code']).orderBy('position').execute(),
		await db.selectFrom('blogs').select(['id', 'slug']).orderBy('id').execute(),
	])
	expect(again).toBe(before)
	warn.mockRestore()
	sqlite.close()
})
