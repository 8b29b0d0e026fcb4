import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { migrateToLatest, openDatabase } from '../db.server'
import { countProductEnquiries, enquiryDay, recordProductEnquiry } from './enquiries.server'

const dirs: string[] = []
async function freshDb() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-enquiries-'))
	dirs.push(dir)
	const handle = openDatabase(path.join(dir, 'shop.db'))
	await migrateToLatest(handle.db)
	const now = new Date().toISOString()
	const insert = (code: string) =>
		handle.db
			.insertInto('products')
			.values({
				name: `Saree ${code}`,
				code,
				original_price_paise: 100,
				sale_price_paise: 100,
				status: 'active',
				category: 'Pochampally Ikkat',
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
	const a = await insert('A-1')
	const b = await insert('B-1')
	return { ...handle, a: a.id, b: b.id }
}
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('product enquiries', () => {
	test('clicks on one day add up in one row per product', async () => {
		const { db, sqlite, a, b } = await freshDb()
		const day = new Date('2026-03-10T10:00:00Z')
		await recordProductEnquiry(a, day, db)
		await recordProductEnquiry(a, new Date('2026-03-10T23:59:59Z'), db)
		await recordProductEnquiry(a, day, db)
		await recordProductEnquiry(b, day, db)
		const rows = await db.selectFrom('product_enquiries').selectAll().orderBy('product_id').execute()
		expect(rows).toEqual([
			{ product_id: a, day: '2026-03-10', count: 3 },
			{ product_id: b, day: '2026-03-10', count: 1 },
		])
		sqlite.close()
	})

	test('a new UTC day starts a new row; totals can be taken since a day', async () => {
		const { db, sqlite, a } = await freshDb()
		await recordProductEnquiry(a, new Date('2026-03-10T12:00:00Z'), db)
		await recordProductEnquiry(a, new Date('2026-03-11T00:00:01Z'), db)
		await recordProductEnquiry(a, new Date('2026-03-11T08:00:00Z'), db)
		expect(await countProductEnquiries(a, {}, db)).toBe(3)
		expect(await countProductEnquiries(a, { sinceDay: '2026-03-11' }, db)).toBe(2)
		expect(await db.selectFrom('product_enquiries').select('day').execute()).toHaveLength(2)
		sqlite.close()
	})

	test('a product without enquiries counts zero; deleting a product removes its counts', async () => {
		const { db, sqlite, a, b } = await freshDb()
		expect(await countProductEnquiries(b, {}, db)).toBe(0)
		await recordProductEnquiry(a, new Date(), db)
		await db.deleteFrom('products').where('id', '=', a).execute()
		expect(await db.selectFrom('product_enquiries').selectAll().execute()).toEqual([])
		expect(enquiryDay(new Date('2026-12-31T23:00:00Z'))).toBe('2026-12-31')
		sqlite.close()
	})

	test('concurrent clicks are all counted', async () => {
		const { db, sqlite, a } = await freshDb()
		await Promise.all(Array.from({ length: 25 }, () => recordProductEnquiry(a, new Date('2026-05-01T09:00:00Z'), db)))
		expect(await countProductEnquiries(a, {}, db)).toBe(25)
		sqlite.close()
	})
})
