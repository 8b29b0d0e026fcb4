import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'
import { messageRef } from '~/i18n/message-ref'
import { indiaDate } from '~/utils/dates'
import { resetEnvCache } from '~/utils/env.server'

import {
	createOrder,
	getCustomerOrder,
	getOrder,
	listOrders,
	orderDateToIso,
	type OrderWrite,
	renewOrderLink,
	UnknownProductCodesError,
	updateOrder,
	updateOrderStatus,
} from './orders.server'
import { moveToTrash } from './trash.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-model-'))
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

const now = new Date().toISOString()
async function product(code: string, name: string, salePaise: number) {
	const { id } = await getDb()
		.insertInto('products')
		.values({
			name,
			code,
			original_price_paise: salePaise,
			sale_price_paise: salePaise,
			status: 'active',
			category: 'Pochampally Ikkat',
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

function order(overrides: Partial<OrderWrite> = {}): OrderWrite {
	return {
		customerName: 'Lakshmi R',
		phone: '+919876543210',
		email: '',
		deliveryAddress: 'Hyderabad',
		courier: '',
		trackingNumber: '',
		orderDate: now,
		status: 'pending',
		notes: '',
		lines: [],
		totalOverridePaise: null,
		...overrides,
	}
}

beforeEach(async () => {
	await getDb().deleteFrom('orders').execute()
	await getDb().deleteFrom('products').execute()
})

describe('writing orders', () => {
	test('lines snapshot code, name and sale price; the total is their sum', async () => {
		await product('PS-101', 'Red Ikkat', 1_250_000)
		await product('KP-202', 'Green Kanchi', 1_875_050)
		const id = await createOrder(
			order({
				lines: [
					{ index: 0, code: 'ps-101', quantity: 2 },
					{ index: 1, code: 'KP-202', quantity: 1 },
				],
			}),
		)
		const saved = await getOrder(id)
		expect(saved?.totalPaise).toBe(4_375_050)
		expect(saved?.totalOverridden).toBe(false)
		expect(saved?.items.map((i) => [i.code, i.name, i.unitPricePaise, i.quantity])).toEqual([
			['PS-101', 'Red Ikkat', 1_250_000, 2],
			['KP-202', 'Green Kanchi', 1_875_050, 1],
		])
	})

	test('an unknown code is reported on its line and nothing is written', async () => {
		await product('PS-101', 'Red Ikkat', 1_250_000)
		const created = createOrder(
			order({
				lines: [
					{ index: 0, code: 'PS-101', quantity: 1 },
					{ index: 3, code: 'NOPE-1', quantity: 1 },
				],
			}),
		)
		await expect(created).rejects.toBeInstanceOf(UnknownProductCodesError)
		await expect(created).rejects.toMatchObject({ lineErrors: { 3: messageRef('adminOrders.unknownCode', { code: 'NOPE-1' }) } })
		expect(await getDb().selectFrom('orders').select('id').execute()).toEqual([])
		expect(await getDb().selectFrom('order_items').select('id').execute()).toEqual([])
	})

	test('a total typed by the seller wins and is marked as such', async () => {
		await product('PS-101', 'Red Ikkat', 1_250_000)
		const id = await createOrder(order({ lines: [{ index: 0, code: 'PS-101', quantity: 1 }], totalOverridePaise: 1_200_000 }))
		const saved = await getOrder(id)
		expect([saved?.totalPaise, saved?.totalOverridden]).toEqual([1_200_000, true])
	})

	test('editing keeps the snapshot of unchanged lines, even after the catalogue changed', async () => {
		const red = await product('PS-101', 'Red Ikkat', 1_250_000)
		await product('KP-202', 'Green Kanchi', 1_875_050)
		await product('DH-303', 'Blue Dharmavaram', 900_000)
		const created = await createOrder(
			order({
				lines: [
					{ index: 0, code: 'PS-101', quantity: 1 },
					{ index: 1, code: 'KP-202', quantity: 1 },
				],
			}),
		)
		const before = (await getOrder(created))!
		await getDb().updateTable('products').set({ sale_price_paise: 2_000_000, name: 'Renamed' }).where('id', '=', red).execute()

		const result = await updateOrder(
			created,
			order({
				status: 'confirmed',
				lines: [
					{ index: 0, id: before.items[0]!.id, code: 'PS-101', quantity: 3 },
					// Same line id, different code: a new snapshot.
					{ index: 1, id: before.items[1]!.id, code: 'DH-303', quantity: 1 },
				],
			}),
		)
		expect(result).toBe(true)
		const after = (await getOrder(created))!
		expect(after.items.map((i) => [i.code, i.name, i.unitPricePaise, i.quantity])).toEqual([
			['PS-101', 'Red Ikkat', 1_250_000, 3],
			['DH-303', 'Blue Dharmavaram', 900_000, 1],
		])
		expect(after.totalPaise).toBe(3 * 1_250_000 + 900_000)
		expect(after.status).toBe('confirmed')
	})

	test('a line whose product was deleted can still be kept on edit', async () => {
		const red = await product('PS-101', 'Red Ikkat', 1_250_000)
		const created = await createOrder(order({ lines: [{ index: 0, code: 'PS-101', quantity: 1 }] }))
		const line = (await getOrder(created))!.items[0]!
		await getDb().deleteFrom('products').where('id', '=', red).execute()
		const result = await updateOrder(created, order({ lines: [{ index: 0, id: line.id, code: 'PS-101', quantity: 2 }] }))
		expect(result).toBe(true)
		expect((await getOrder(created))!.items[0]).toMatchObject({ productId: null, name: 'Red Ikkat', quantity: 2 })
	})

	test('status changes and deletes report whether the order existed', async () => {
		await product('PS-101', 'Red Ikkat', 1_250_000)
		const created = await createOrder(order({ lines: [{ index: 0, code: 'PS-101', quantity: 1 }] }))
		expect(await updateOrderStatus(created, 'shipped')).toBe(true)
		expect((await getOrder(created))!.status).toBe('shipped')
		expect(await updateOrderStatus(999, 'shipped')).toBe(false)
		expect(await moveToTrash('order', [created])).toEqual([expect.any(Number)])
		expect(await moveToTrash('order', [created])).toEqual([null])
		expect(await getDb().selectFrom('order_items').select('id').execute()).toEqual([])
		expect(await updateOrder(created, order())).toBe(false)
	})
})

describe('listing orders', () => {
	test('search matches name, phone (as typed), email and status; % is literal', async () => {
		await product('PS-101', 'Red Ikkat', 1_250_000)
		const line = [{ index: 0, code: 'PS-101', quantity: 1 }]
		await createOrder(order({ customerName: 'Lakshmi R', phone: '+919876543210', lines: line }))
		await createOrder(order({ customerName: 'Anita 100% K', phone: '', email: 'anita@example.in', status: 'delivered', lines: line }))
		const names = async (q: string) => (await listOrders({ q })).orders.map((o) => o.customerName)
		expect(await names('laksh')).toEqual(['Lakshmi R'])
		expect(await names('98765 43210')).toEqual(['Lakshmi R'])
		expect(await names('ANITA@EXAMPLE')).toEqual(['Anita 100% K'])
		expect(await names('deliver')).toEqual(['Anita 100% K'])
		expect(await names('100%')).toEqual(['Anita 100% K'])
		expect(await names('0%')).toEqual(['Anita 100% K'])
		expect(await names('%')).toEqual(['Anita 100% K'])
		expect(await names('nobody')).toEqual([])
		expect((await listOrders()).total).toBe(2)
	})
})

describe('order dates', () => {
	test('a picked date keeps the stored time when unchanged, uses now for today, else noon in India', () => {
		const now = new Date('2026-05-10T09:00:00.000Z')
		expect(orderDateToIso('2026-05-10', undefined, now)).toBe(now.toISOString())
		expect(orderDateToIso('2026-05-01', undefined, now)).toBe('2026-05-01T06:30:00.000Z')
		expect(orderDateToIso('2026-05-01', '2026-05-01T15:00:00.000Z', now)).toBe('2026-05-01T15:00:00.000Z')
		// 20:00 UTC is already the next day in India.
		expect(indiaDate('2026-05-01T20:00:00.000Z')).toBe('2026-05-02')
	})
})

describe('the customer’s link and the moments of each status', () => {
	test('a new order has its own link; a status records when it was reached, kept while it stays, renewed when reached again', async () => {
		const first = await createOrder(order({ status: 'confirmed', totalOverridePaise: 100 }), getDb(), '2026-11-01T10:00:00.000Z')
		const second = await createOrder(order({ totalOverridePaise: 100 }))
		const token = (await getOrder(first))!.linkToken!
		expect(token).toMatch(/^[\w-]{22}$/)
		expect((await getOrder(second))!.linkToken).not.toBe(token)
		expect((await getCustomerOrder(token))!.reached).toEqual({
			confirmed: '2026-11-01T10:00:00.000Z',
			shipped: null,
			delivered: null,
			cancelled: null,
		})

		await updateOrderStatus(first, 'shipped')
		const shipped = (await getCustomerOrder(token))!.reached.shipped
		expect(shipped).not.toBeNull()
		// Saving the order again with the same status keeps the moment it was reached.
		await updateOrder(first, order({ status: 'shipped', totalOverridePaise: 100 }))
		expect((await getCustomerOrder(token))!.reached.shipped).toBe(shipped)
		await updateOrderStatus(first, 'confirmed')
		expect((await getCustomerOrder(token))!.reached.confirmed).not.toBe('2026-11-01T10:00:00.000Z')

		// Tokens compare exactly; a new link retires the old one.
		expect(await getCustomerOrder(token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase())).toBeNull()
		expect(await renewOrderLink(first)).toBe(true)
		expect(await getCustomerOrder(token)).toBeNull()
		expect((await getCustomerOrder((await getOrder(first))!.linkToken!))!.id).toBe(first)
		expect(await renewOrderLink(999_999)).toBe(false)
	})
})
