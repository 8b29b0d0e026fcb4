import type { Kysely } from 'kysely'
import { describe, expect, test } from 'vitest'

import type { DB } from '~/db.server'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { createOrder, type OrderWrite } from './orders.server'
import { getSalesReport, listOrderLinesPage } from './reports.server'

const freshDb = useTempDatabases('reports')

async function product(db: Kysely<DB>, code: string, category: string, rupees: number) {
	const now = new Date().toISOString()
	const { id } = await db
		.insertInto('products')
		.values({
			name: `Saree ${code}`,
			code,
			original_price_paise: rupees * 100,
			sale_price_paise: rupees * 100,
			status: 'active',
			category,
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

async function order(db: Kysely<DB>, orderDate: string, status: OrderWrite['status'], lines: Array<{ code: string; quantity: number }>) {
	return createOrder(
		{
			customerName: `Customer ${orderDate}`,
			phone: '+919876543210',
			email: '',
			deliveryAddress: '',
			orderDate,
			status,
			notes: '',
			courier: '',
			trackingNumber: '',
			lines: lines.map((l, index) => ({ index, ...l })),
			totalOverridePaise: null,
		},
		db,
	)
}

/** November 2026 in India: five orders, one cancelled, one a minute into December, one a minute into November. */
async function november(db: Kysely<DB>) {
	const a = await product(db, 'KP-1', 'Kanchipattu Pochampally Ikkat', 20_000)
	await product(db, 'PI-2', 'Pochampally Ikkat', 5_000)
	await product(db, 'DP-3', 'Dharmavaram Pochampally Ikkat', 15_000)
	const paid = await order(db, '2026-11-10T06:00:00.000Z', 'confirmed', [
		{ code: 'KP-1', quantity: 1 },
		{ code: 'PI-2', quantity: 2 },
	])
	await order(db, '2026-11-12T06:00:00.000Z', 'pending', [{ code: 'KP-1', quantity: 1 }])
	await order(db, '2026-11-14T06:00:00.000Z', 'cancelled', [{ code: 'PI-2', quantity: 1 }])
	// 00:30 on 1 December in India.
	await order(db, '2026-11-30T19:00:00.000Z', 'pending', [{ code: 'DP-3', quantity: 3 }])
	// 00:30 on 1 November in India.
	const early = await order(db, '2026-10-31T19:00:00.000Z', 'delivered', [{ code: 'DP-3', quantity: 1 }])
	await db.updateTable('orders').set({ paid_on: '2026-11-11' }).where('id', 'in', [paid, early]).execute()
	await db
		.insertInto('product_enquiries')
		.values([
			{ product_id: a, day: '2026-11-05', count: 4 },
			{ product_id: a, day: '2026-11-06', count: 1 },
			{ product_id: a, day: '2026-10-30', count: 9 },
		])
		.execute()
}

describe('sales figures', () => {
	test('a month in India time: cancelled orders bring no revenue and sell nothing', async () => {
		const { db } = await freshDb()
		await november(db)
		const report = await getSalesReport({ from: '2026-11-01', to: '2026-11-30' }, db)
		expect(report).toEqual({
			orders: 3,
			cancelled: 1,
			pieces: 5,
			paidPaise: (20_000 + 2 * 5_000 + 15_000) * 100,
			unpaidPaise: 20_000 * 100,
			byCategory: [
				{ category: 'Kanchipattu Pochampally Ikkat', pieces: 2, revenuePaise: 40_000_00 },
				{ category: 'Dharmavaram Pochampally Ikkat', pieces: 1, revenuePaise: 15_000_00 },
				{ category: 'Pochampally Ikkat', pieces: 2, revenuePaise: 10_000_00 },
			],
			topSarees: [
				{ productId: expect.any(Number), code: 'KP-1', name: 'Saree KP-1', pieces: 2, revenuePaise: 40_000_00 },
				{ productId: expect.any(Number), code: 'DP-3', name: 'Saree DP-3', pieces: 1, revenuePaise: 15_000_00 },
				{ productId: expect.any(Number), code: 'PI-2', name: 'Saree PI-2', pieces: 2, revenuePaise: 10_000_00 },
			],
			enquiries: [
				{ productId: expect.any(Number), code: 'KP-1', name: 'Saree KP-1', enquiries: 5, orders: 2 },
				{ productId: expect.any(Number), code: 'DP-3', name: 'Saree DP-3', enquiries: 0, orders: 1 },
				{ productId: expect.any(Number), code: 'PI-2', name: 'Saree PI-2', enquiries: 0, orders: 1 },
			],
		})
	})

	test('a range of one day, an empty range, and a saree gone from the catalogue', async () => {
		const { db } = await freshDb()
		await november(db)
		const december = await getSalesReport({ from: '2026-12-01', to: '2026-12-01' }, db)
		expect([december.orders, december.pieces, december.unpaidPaise]).toEqual([1, 3, 45_000_00])
		const empty = await getSalesReport({ from: '2025-01-01', to: '2025-01-31' }, db)
		expect(empty).toEqual({
			orders: 0,
			cancelled: 0,
			pieces: 0,
			paidPaise: 0,
			unpaidPaise: 0,
			byCategory: [],
			topSarees: [],
			enquiries: [],
		})
		await db.deleteFrom('products').where('code', '=', 'DP-3').execute()
		const after = await getSalesReport({ from: '2026-11-01', to: '2026-12-31' }, db)
		expect(after.byCategory).toContainEqual({ category: '', pieces: 4, revenuePaise: 60_000_00 })
		expect(after.topSarees[0]).toEqual({ productId: null, code: 'DP-3', name: 'Saree DP-3', pieces: 4, revenuePaise: 60_000_00 })
	})

	test('the CSV lines come a page at a time, in date order, each once, cancelled orders included', async () => {
		const { db } = await freshDb()
		await november(db)
		// Two orders at the very same instant: the page boundary falls between them.
		await order(db, '2026-11-12T06:00:00.000Z', 'pending', [{ code: 'PI-2', quantity: 1 }])
		const range = { from: '2026-11-01', to: '2026-11-30' }
		const whole = await listOrderLinesPage(range, null, 1_000, db)
		expect(whole.next).toBeNull()
		expect(whole.lines.map((l) => [l.code, l.quantity, l.status])).toEqual([
			['DP-3', 1, 'delivered'],
			['KP-1', 1, 'confirmed'],
			['PI-2', 2, 'confirmed'],
			['KP-1', 1, 'pending'],
			['PI-2', 1, 'pending'],
			['PI-2', 1, 'cancelled'],
		])
		const paged = []
		let cursor = null
		do {
			const page: Awaited<ReturnType<typeof listOrderLinesPage>> = await listOrderLinesPage(range, cursor, 1, db)
			paged.push(...page.lines)
			cursor = page.next
		} while (cursor)
		expect(paged).toEqual(whole.lines)
	})
})
