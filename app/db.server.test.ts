import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'

import { migrations } from '../migrations/index'
import { migrateToLatest, openDatabase } from './db.server'

const now = new Date().toISOString()
const product = (overrides: Record<string, unknown> = {}) => ({
	name: 'Red Ikkat',
	code: 'PS-001',
	original_price_paise: 1_250_000,
	sale_price_paise: 1_100_000,
	status: 'active' as const,
	category: 'Pochampally Ikkat',
	created_at: now,
	updated_at: now,
	...overrides,
})

const dirs: string[] = []
function freshDb() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-'))
	dirs.push(dir)
	return openDatabase(path.join(dir, 'shop.db'))
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('migrations', () => {
	test('a fresh database reaches the latest schema with the seeded singletons', async () => {
		const { db, sqlite } = freshDb()
		expect(await migrateToLatest(db)).toEqual(Object.keys(migrations))
		expect(Object.keys(migrations)[0]).toBe('0001_initial')
		const hero = await db.selectFrom('hero_settings').selectAll().executeTakeFirstOrThrow()
		expect(hero.title).toBe('Weaving Tradition, Elegance, and Legacy')
		expect(hero.subtitle).toBe('– Pure Handloom Silk Sarees')
		const steps = await db.selectFrom('story_steps').select('step_name').orderBy('step_order').execute()
		expect(steps.map((s) => s.step_name)).toEqual(['Acquiring Silk', 'Bleaching Yarn', 'Making Design', 'Weaving'])
		expect(await db.selectFrom('shop_settings').select('id').execute()).toHaveLength(1)
		expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
		expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
		expect(sqlite.pragma('synchronous', { simple: true })).toBe(2)
		sqlite.close()
	})

	test('a second run applies nothing and keeps the data', async () => {
		const { db, sqlite } = freshDb()
		await migrateToLatest(db)
		await db.updateTable('hero_settings').set({ title: 'Changed' }).execute()
		expect(await migrateToLatest(db)).toEqual([])
		expect((await db.selectFrom('hero_settings').select('title').executeTakeFirstOrThrow()).title).toBe('Changed')
		sqlite.close()
	})

	test('the database rejects a bad status, a duplicate code in another case, a negative price and a category it does not have', async () => {
		const { db, sqlite } = freshDb()
		await migrateToLatest(db)
		await db.insertInto('products').values(product()).execute()
		await expect(
			db
				.insertInto('products')
				.values(product({ code: 'ps-001' }))
				.execute(),
		).rejects.toThrow(/UNIQUE/)
		await expect(
			db
				.insertInto('products')
				.values(product({ code: 'X1', status: 'sold' as 'active' }))
				.execute(),
		).rejects.toThrow(/CHECK/)
		await expect(
			db
				.insertInto('products')
				.values(product({ code: 'X2', sale_price_paise: -1 }))
				.execute(),
		).rejects.toThrow(/CHECK/)
		await expect(
			db
				.insertInto('products')
				.values(product({ code: 'X3', category: 'Cotton' }))
				.execute(),
		).rejects.toThrow(/FOREIGN KEY/)
		await expect(
			db
				.insertInto('orders')
				.values({
					customer_name: 'A',
					order_date: now,
					status: 'lost' as 'pending',
					total_paise: 0,
					created_at: now,
					updated_at: now,
					customer_phone: '1',
				})
				.execute(),
		).rejects.toThrow(/CHECK/)
		sqlite.close()
	})

	test('foreign keys cascade from a product to its images', async () => {
		const { db, sqlite } = freshDb()
		await migrateToLatest(db)
		const { id } = await db.insertInto('products').values(product()).returning('id').executeTakeFirstOrThrow()
		await db
			.insertInto('product_images')
			.values({ product_id: id, position: 0, image_key: 'images/abc', width: 10, height: 10, created_at: now })
			.execute()
		await expect(
			db
				.insertInto('product_images')
				.values({ product_id: 999, position: 0, image_key: 'images/def', width: 10, height: 10, created_at: now })
				.execute(),
		).rejects.toThrow(/FOREIGN KEY/)
		await db.deleteFrom('products').where('id', '=', id).execute()
		const { count } = await db
			.selectFrom('product_images')
			.select(sql<number>`count(*)`.as('count'))
			.executeTakeFirstOrThrow()
		expect(count).toBe(0)
		sqlite.close()
	})
})
