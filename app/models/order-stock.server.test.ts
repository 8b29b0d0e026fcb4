import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'

import type { OrderStatus } from '~/constants'
import { closeDb, getDb, migrateToLatest, openDatabase } from '~/db.server'
import { resetEnvCache } from '~/utils/env.server'

import { migrations } from '../../migrations'
import { getContentVersion } from './content-version.server'
import { listOrdersHolding, listStockWarnings } from './order-stock.server'
import { createOrder, type OrderWrite, updateOrder, updateOrderStatus } from './orders.server'
import { getPublicProduct } from './products-storefront.server'
import { moveToTrash } from './trash.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'order-stock-'))
process.env.DATABASE_PATH = path.join(dir, 'shop.db')
process.env.UPLOADS_DIR = path.join(dir, 'uploads')

beforeAll(async () => {
	resetEnvCache()
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})
beforeEach(async () => {
	await getDb().deleteFrom('orders').execute()
	await getDb().deleteFrom('products').execute()
})

const now = new Date().toISOString()

async function saree(code: string, stock: number) {
	const { id } = await getDb()
		.insertInto('products')
		.values({
			name: `Saree ${code}`,
			code,
			original_price_paise: 1_000_000,
			sale_price_paise: 1_000_000,
			stock,
			status: 'active',
			category: 'Pochampally Ikkat',
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

function order(status: OrderStatus, lines: Array<[code: string, quantity: number]>, id?: Array<number | undefined>): OrderWrite {
	return {
		customerName: 'Lakshmi R',
		phone: '+919876543210',
		email: '',
		deliveryAddress: 'Hyderabad',
		courier: '',
		trackingNumber: '',
		orderDate: now,
		status,
		notes: '',
		lines: lines.map(([code, quantity], index) => ({ index, code, quantity, id: id?.[index] })),
		totalOverridePaise: null,
	}
}

async function stockOf(productId: number) {
	const row = await getDb().selectFrom('products').select(['stock', 'held', 'status']).where('id', '=', productId).executeTakeFirstOrThrow()
	return { stock: row.stock, held: row.held, status: row.status, reserved: (await getPublicProduct(productId))?.reserved ?? null }
}

async function takenOf(orderId: number) {
	const rows = await getDb().selectFrom('order_items').select('taken').where('order_id', '=', orderId).orderBy('position').execute()
	return rows.map((r) => r.taken)
}

const lineIds = async (orderId: number) =>
	(await getDb().selectFrom('order_items').select('id').where('order_id', '=', orderId).orderBy('position').execute()).map((r) => r.id)

describe('every status transition', () => {
	const open = { stock: 1, held: 1, status: 'active', reserved: true }
	const free = { stock: 1, held: 0, status: 'active', reserved: false }
	const gone = { stock: 0, held: 0, status: 'out_of_stock', reserved: false }
	const expected: Record<OrderStatus, typeof open> = { pending: open, confirmed: open, shipped: gone, delivered: gone, cancelled: free }
	const statuses = Object.keys(expected) as OrderStatus[]

	for (const from of statuses) {
		for (const to of statuses) {
			if (from === to) continue
			test(`${from} → ${to}`, async () => {
				const p = await saree('PS-1', 1)
				const id = await createOrder(order(from, [['PS-1', 1]]))
				expect(await stockOf(p)).toEqual(expected[from])
				expect(await updateOrderStatus(id, to)).toBe(true)
				expect(await stockOf(p)).toEqual(expected[to])
				expect(await takenOf(id)).toEqual([to === 'shipped' || to === 'delivered' ? 1 : 0])
				// And back again: nothing is counted twice.
				await updateOrderStatus(id, from)
				expect(await stockOf(p)).toEqual(expected[from])
			})
		}
	}

	test('the order form moves stock the same way as the quick status change', async () => {
		const p = await saree('PS-1', 2)
		const id = await createOrder(order('confirmed', [['PS-1', 2]]))
		expect(await stockOf(p)).toEqual({ stock: 2, held: 2, status: 'active', reserved: true })
		await updateOrder(id, order('shipped', [['PS-1', 2]], await lineIds(id)))
		expect(await stockOf(p)).toEqual({ stock: 0, held: 0, status: 'out_of_stock', reserved: false })
		// Saving the shipped order again (a note, a tracking number) takes nothing more.
		await updateOrder(id, { ...order('shipped', [['PS-1', 2]], await lineIds(id)), notes: 'sent' })
		expect(await stockOf(p)).toEqual({ stock: 0, held: 0, status: 'out_of_stock', reserved: false })
		await updateOrder(id, order('delivered', [['PS-1', 2]], await lineIds(id)))
		expect(await stockOf(p)).toEqual({ stock: 0, held: 0, status: 'out_of_stock', reserved: false })
		await updateOrder(id, order('cancelled', [['PS-1', 2]], await lineIds(id)))
		expect(await stockOf(p)).toEqual({ stock: 2, held: 0, status: 'active', reserved: false })
	})

	test('a saree with pieces left after shipping stays active; one of two pieces held is not reserved', async () => {
		const p = await saree('PS-1', 2)
		const first = await createOrder(order('pending', [['PS-1', 1]]))
		expect(await stockOf(p)).toEqual({ stock: 2, held: 1, status: 'active', reserved: false })
		await updateOrderStatus(first, 'shipped')
		expect(await stockOf(p)).toEqual({ stock: 1, held: 0, status: 'active', reserved: false })
	})

	test('a draft stays a draft whatever its orders do', async () => {
		const p = await saree('PS-1', 1)
		await getDb().updateTable('products').set({ status: 'draft' }).where('id', '=', p).execute()
		const id = await createOrder(order('shipped', [['PS-1', 1]]))
		expect(await stockOf(p)).toMatchObject({ stock: 0, status: 'draft' })
		await updateOrderStatus(id, 'cancelled')
		expect(await stockOf(p)).toMatchObject({ stock: 1, status: 'draft' })
	})
})

describe('lines and quantities', () => {
	test('a removed line of an open order gives its pieces back', async () => {
		const a = await saree('PS-1', 1)
		const b = await saree('PS-2', 1)
		const id = await createOrder(
			order('confirmed', [
				['PS-1', 1],
				['PS-2', 1],
			]),
		)
		expect((await stockOf(b)).held).toBe(1)
		const [first] = await lineIds(id)
		await updateOrder(id, order('confirmed', [['PS-1', 1]], [first]))
		expect(await stockOf(a)).toMatchObject({ held: 1, reserved: true })
		expect(await stockOf(b)).toMatchObject({ held: 0, reserved: false })
	})

	test('a removed line of a shipped order puts its pieces back in stock', async () => {
		const a = await saree('PS-1', 1)
		const b = await saree('PS-2', 1)
		const id = await createOrder(
			order('shipped', [
				['PS-1', 1],
				['PS-2', 1],
			]),
		)
		expect(await stockOf(b)).toMatchObject({ stock: 0, status: 'out_of_stock' })
		const [first] = await lineIds(id)
		await updateOrder(id, order('shipped', [['PS-1', 1]], [first]))
		expect(await stockOf(a)).toMatchObject({ stock: 0, status: 'out_of_stock' })
		expect(await stockOf(b)).toMatchObject({ stock: 1, status: 'active' })
		expect(await takenOf(id)).toEqual([1])
	})

	test('a quantity raised or lowered holds or gives back the difference, open or shipped', async () => {
		const p = await saree('PS-1', 5)
		const id = await createOrder(order('pending', [['PS-1', 3]]))
		expect(await stockOf(p)).toMatchObject({ stock: 5, held: 3 })
		await updateOrder(id, order('pending', [['PS-1', 1]], await lineIds(id)))
		expect(await stockOf(p)).toMatchObject({ stock: 5, held: 1 })
		await updateOrder(id, order('shipped', [['PS-1', 4]], await lineIds(id)))
		expect(await stockOf(p)).toMatchObject({ stock: 1, held: 0 })
		await updateOrder(id, order('shipped', [['PS-1', 2]], await lineIds(id)))
		expect(await stockOf(p)).toMatchObject({ stock: 3, held: 0, status: 'active' })
		expect(await takenOf(id)).toEqual([2])
	})

	test('the same saree on two lines of one order is counted once per piece', async () => {
		const p = await saree('PS-1', 3)
		const id = await createOrder(
			order('confirmed', [
				['PS-1', 1],
				['PS-1', 2],
			]),
		)
		expect(await stockOf(p)).toMatchObject({ stock: 3, held: 3, reserved: true })
		await updateOrderStatus(id, 'delivered')
		expect(await stockOf(p)).toMatchObject({ stock: 0, held: 0, status: 'out_of_stock' })
		expect(await takenOf(id)).toEqual([1, 2])
	})
})

describe('deleting an order (to the trash)', () => {
	test('an open order deleted holds nothing any more', async () => {
		const p = await saree('PS-1', 1)
		const id = await createOrder(order('confirmed', [['PS-1', 1]]))
		expect(await moveToTrash('order', [id])).toEqual([expect.any(Number)])
		expect(await stockOf(p)).toEqual({ stock: 1, held: 0, status: 'active', reserved: false })
	})

	test('a shipped order deleted puts the pieces it took back', async () => {
		const p = await saree('PS-1', 1)
		const id = await createOrder(order('shipped', [['PS-1', 1]]))
		expect(await moveToTrash('order', [id])).toEqual([expect.any(Number)])
		expect(await stockOf(p)).toEqual({ stock: 1, held: 0, status: 'active', reserved: false })
		expect(await moveToTrash('order', [id])).toEqual([null])
	})
})

describe('one last piece, two orders', () => {
	test('both are saved, each warns naming the other, and shipping both never takes stock below 0', async () => {
		const p = await saree('PS-1', 1)
		const first = await createOrder(order('confirmed', [['PS-1', 1]]))
		expect(await listStockWarnings(first)).toEqual([])
		const second = await createOrder(order('pending', [['PS-1', 1]]))
		expect(await stockOf(p)).toMatchObject({ stock: 1, held: 2, reserved: true })
		expect(await listStockWarnings(second)).toEqual([
			{ code: 'PS-1', name: 'Saree PS-1', stock: 1, otherOrders: [{ id: first, status: 'confirmed' }] },
		])
		expect((await listStockWarnings(first))[0]?.otherOrders).toEqual([{ id: second, status: 'pending' }])
		expect(await listOrdersHolding(p)).toEqual([
			{ orderId: first, status: 'confirmed', quantity: 1 },
			{ orderId: second, status: 'pending', quantity: 1 },
		])

		await updateOrderStatus(first, 'shipped')
		expect(await stockOf(p)).toMatchObject({ stock: 0, held: 1, status: 'out_of_stock' })
		// The second order is warned of the shipped one that took the piece.
		expect((await listStockWarnings(second))[0]?.otherOrders).toEqual([{ id: first, status: 'shipped' }])
		await updateOrderStatus(second, 'shipped')
		expect(await stockOf(p)).toMatchObject({ stock: 0, held: 0 })
		expect(await takenOf(second)).toEqual([0])
		// Cancelling the first gives back the one piece it took, no more.
		await updateOrderStatus(first, 'cancelled')
		expect(await stockOf(p)).toMatchObject({ stock: 1, status: 'active' })
		expect(await listStockWarnings(second)).toEqual([])
	})

	test('the stock cannot go below 0 even written by hand', async () => {
		const p = await saree('PS-1', 0)
		await expect(getDb().updateTable('products').set({ stock: -1 }).where('id', '=', p).execute()).rejects.toThrow(/CHECK/)
	})
})

describe('the public pages are told', () => {
	test('an order that makes a saree reserved changes the content version; one that changes nothing of it does not', async () => {
		const p = await saree('PS-1', 1)
		const before = getContentVersion()
		const id = await createOrder(order('confirmed', [['PS-1', 1]]))
		const reserved = getContentVersion()
		expect(reserved).not.toBe(before)
		expect((await stockOf(p)).reserved).toBe(true)
		await updateOrderStatus(id, 'pending')
		await updateOrder(id, { ...order('pending', [['PS-1', 1]], await lineIds(id)), notes: 'called back' })
		expect(getContentVersion()).toBe(reserved)
		await updateOrderStatus(id, 'cancelled')
		expect(getContentVersion()).not.toBe(reserved)
	})
})

describe('migration 0009', () => {
	test('existing open orders hold their pieces; shipped and delivered ones take nothing again; stock stays', async () => {
		const file = path.join(dir, 'before.db')
		const handle = openDatabase(file)
		const { db } = handle
		const provider = { getMigrations: async () => migrations }
		await new Migrator({ db, provider }).migrateTo('0008_sign_in_codes')
		const values = (code: string, stock: number, status: 'active' | 'out_of_stock') => ({
			name: code,
			code,
			original_price_paise: 100,
			sale_price_paise: 100,
			stock,
			status,
			category: 'Pochampally Ikkat',
			created_at: now,
			updated_at: now,
		})
		const held = await db
			.insertInto('products')
			.values(values('OPEN-1', 1, 'active'))
			.returning('id')
			.executeTakeFirstOrThrow()
		const sold = await db
			.insertInto('products')
			.values(values('SOLD-1', 0, 'out_of_stock'))
			.returning('id')
			.executeTakeFirstOrThrow()
		const place = async (status: OrderStatus, productId: number, quantity: number) => {
			const { id } = await db
				.insertInto('orders')
				.values({
					customer_name: 'A',
					customer_phone: '+919876543210',
					order_date: now,
					status,
					total_paise: 100,
					created_at: now,
					updated_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			await sql`INSERT INTO order_items (order_id, position, product_id, product_code, product_name, unit_price_paise, quantity)
				VALUES (${id}, 0, ${productId}, 'X', 'X', 100, ${quantity})`.execute(db)
			return id
		}
		await place('pending', held.id, 1)
		await place('confirmed', held.id, 1)
		await place('cancelled', held.id, 1)
		const shipped = await place('delivered', sold.id, 1)

		await migrateToLatest(db)
		const products = await db.selectFrom('products').select(['code', 'stock', 'held', 'status']).orderBy('code').execute()
		expect(products).toEqual([
			{ code: 'OPEN-1', stock: 1, held: 2, status: 'active' },
			{ code: 'SOLD-1', stock: 0, held: 0, status: 'out_of_stock' },
		])
		// Reopening an order the shop never took stock for gives nothing back.
		await updateOrderStatus(shipped, 'confirmed', db)
		expect(await db.selectFrom('products').select(['stock', 'held']).where('id', '=', sold.id).executeTakeFirstOrThrow()).toEqual({
			stock: 0,
			held: 1,
		})
		await db.destroy()
	})
})
