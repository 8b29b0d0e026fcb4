import { describe, expect, test } from 'vitest'

import { captureSecurityLog } from '~/utils/security-log.server'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { addProductEnquiries, countProductEnquiries, createEnquiryCounter, type EnquiryCount, enquiryDay } from './enquiries.server'

const migratedDb = useTempDatabases('enquiries')
async function freshDb() {
	const handle = await migratedDb()
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

describe('product enquiries in the database', () => {
	test('counts add up in one row per product and day; totals can be taken since a day', async () => {
		const { db, sqlite, a, b } = await freshDb()
		await addProductEnquiries(
			[
				{ productId: a, day: '2026-03-10', count: 2 },
				{ productId: b, day: '2026-03-10', count: 1 },
			],
			db,
		)
		await addProductEnquiries(
			[
				{ productId: a, day: '2026-03-10', count: 1 },
				{ productId: a, day: '2026-03-11', count: 4 },
			],
			db,
		)
		const rows = await db.selectFrom('product_enquiries').selectAll().orderBy('product_id').orderBy('day').execute()
		expect(rows).toEqual([
			{ product_id: a, day: '2026-03-10', count: 3 },
			{ product_id: a, day: '2026-03-11', count: 4 },
			{ product_id: b, day: '2026-03-10', count: 1 },
		])
		expect(await countProductEnquiries(a, {}, db)).toBe(7)
		expect(await countProductEnquiries(a, { sinceDay: '2026-03-11' }, db)).toBe(4)
		expect(await countProductEnquiries(b + 100, {}, db)).toBe(0)
		sqlite.close()
	})

	test('a product deleted before its counts are written is skipped, the others are kept', async () => {
		const { db, sqlite, a, b } = await freshDb()
		await db.deleteFrom('products').where('id', '=', a).execute()
		await addProductEnquiries(
			[
				{ productId: a, day: '2026-03-10', count: 2 },
				{ productId: b, day: '2026-03-10', count: 1 },
			],
			db,
		)
		expect(await db.selectFrom('product_enquiries').select(['product_id', 'count']).execute()).toEqual([{ product_id: b, count: 1 }])
		expect(enquiryDay(new Date('2026-12-31T23:00:00Z'))).toBe('2026-12-31')
		sqlite.close()
	})
})

describe('the enquiry counter', () => {
	type Budgets = { perVisitorPerDay?: number; perNetworkPerDay?: number; maxRemembered?: number }
	function counter(options: { now?: () => Date; fail?: () => boolean } & Budgets = {}) {
		const written: EnquiryCount[][] = []
		const c = createEnquiryCounter({
			flushMs: 60_000,
			now: options.now,
			perVisitorPerDay: options.perVisitorPerDay,
			perNetworkPerDay: options.perNetworkPerDay,
			maxRemembered: options.maxRemembered,
			write: async (counts) => {
				if (options.fail?.()) throw new Error('disk full')
				written.push(counts.map((x) => ({ ...x })))
			},
		})
		return { ...c, written }
	}
	/** A visitor alone in its network (an IPv4 address), or a /64 of a /48. */
	const who = (visitor: string, network = visitor) => ({ visitor, network })

	test('a visitor counts once per product per day, however often they click', async () => {
		const day = new Date('2026-03-10T10:00:00Z')
		const c = counter({ now: () => day })
		expect(c.count(1, who('203.0.113.5'))).toBe(true)
		for (let i = 0; i < 50; i++) expect(c.count(1, who('203.0.113.5'))).toBe(false)
		expect(c.count(2, who('203.0.113.5'))).toBe(true)
		expect(c.count(1, who('198.51.100.7'))).toBe(true)
		await c.stop()
		expect(c.written).toEqual([
			[
				{ productId: 1, day: '2026-03-10', count: 2 },
				{ productId: 2, day: '2026-03-10', count: 1 },
			],
		])
	})

	test('the next day the same visitor counts again', async () => {
		let now = new Date('2026-03-10T23:59:00Z')
		const c = counter({ now: () => now })
		c.count(1, who('a'))
		now = new Date('2026-03-11T00:01:00Z')
		expect(c.count(1, who('a'))).toBe(true)
		await c.stop()
		expect(c.written.flat()).toEqual([
			{ productId: 1, day: '2026-03-10', count: 1 },
			{ productId: 1, day: '2026-03-11', count: 1 },
		])
	})

	test('counts are written in one batch per flush, not one write per click; nothing waits after a flush', async () => {
		const c = counter()
		for (let i = 0; i < 100; i++) c.count(7, who(`visitor-${i}`))
		expect(c.written).toEqual([])
		await c.flush()
		expect(c.written).toHaveLength(1)
		expect(c.written[0]).toEqual([{ productId: 7, day: enquiryDay(), count: 100 }])
		await c.flush()
		expect(c.written).toHaveLength(1)
	})

	test('a failed write keeps the counts for the next flush', async () => {
		let failing = true
		const c = counter({ fail: () => failing })
		c.count(3, who('a'))
		await c.flush()
		c.count(3, who('b'))
		failing = false
		await c.flush()
		expect(c.written).toEqual([[{ productId: 3, day: enquiryDay(), count: 2 }]])
	})

	test('a visitor is counted for at most its budget of sarees a day (a forged shortlist of many); the next day again', async () => {
		let now = new Date('2026-03-10T10:00:00Z')
		const lines: string[] = []
		const restore = captureSecurityLog((line) => lines.push(line))
		try {
			const c = counter({ now: () => now, perVisitorPerDay: 3 })
			expect([1, 2, 3, 4, 5].map((id) => c.count(id, who('203.0.113.9')))).toEqual([true, true, true, false, false])
			// Everyone else goes on being counted.
			expect(c.count(4, who('198.51.100.7'))).toBe(true)
			now = new Date('2026-03-11T10:00:00Z')
			expect(c.count(4, who('203.0.113.9'))).toBe(true)
			await c.stop()
			expect(c.written.flat().reduce((sum, x) => sum + x.count, 0)).toBe(5)
			// Said once, when it ran out, with the visitor it concerns.
			expect(lines.map((line) => JSON.parse(line) as Record<string, string>)).toEqual([
				expect.objectContaining({ event: 'throttled', outcome: 'refused', client: '203.0.113.9', detail: 'enquiries-per-visitor' }),
			])
		} finally {
			restore()
		}
	})

	test('the /64s of one network share its budget; other networks and IPv4 visitors go on being counted', async () => {
		const lines: string[] = []
		const restore = captureSecurityLog((line) => lines.push(line))
		try {
			const c = counter({ perVisitorPerDay: 40, perNetworkPerDay: 10 })
			const flood = Array.from({ length: 50 }, (_, i) => c.count(1 + (i % 20), who(`2001:db8:bad:${i}::/64`, '2001:db8:bad::/48')))
			expect(flood.filter(Boolean)).toHaveLength(10)
			expect(c.count(1, who('2001:db8:bad:999::/64', '2001:db8:bad::/48'))).toBe(false)
			expect(c.count(1, who('2001:db8:1:1::/64', '2001:db8:1::/48'))).toBe(true)
			expect(c.count(1, who('198.51.100.7'))).toBe(true)
			expect(lines.map((line) => (JSON.parse(line) as { detail: string; client: string }).client)).toEqual(['2001:db8:bad::/48'])
			await c.stop()
		} finally {
			restore()
		}
	})

	test('memory stays bounded and counting never pauses: past the remembered pairs the oldest are forgotten', async () => {
		const c = counter({ maxRemembered: 3 })
		expect([1, 2, 3, 4, 5].map((n) => c.count(1, who(`v${n}`)))).toEqual([true, true, true, true, true])
		// v1 and v2 were forgotten (so they count again); v5 is remembered.
		expect(c.count(1, who('v5'))).toBe(false)
		expect(c.count(1, who('v1'))).toBe(true)
		await c.stop()
		expect(c.written[0]).toEqual([{ productId: 1, day: enquiryDay(), count: 6 }])
	})
})
