import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { type Kysely, Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { closeDb, getDb } from '~/db.server'
import { resetEnvCache } from '~/utils/env.server'

import { migrations } from '../../migrations'
import { getCustomer, listCustomers, listCustomersWithPhonesPage } from './customers.server'

// Customers are grouped by orders.customer_key: migration 0010 fills it for the orders written before
// it, and the grouping reads it through its index.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'customers-model-'))
process.env.DATABASE_PATH = path.join(dir, 'shop.db')
process.env.UPLOADS_DIR = path.join(dir, 'uploads')

const migrator = () => new Migrator({ db: getDb(), provider: { getMigrations: async () => migrations } })

beforeAll(async () => {
	resetEnvCache()
	const { error } = await migrator().migrateTo('0008_sign_in_codes')
	if (error) throw error
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})

describe('customers', () => {
	test('orders saved before migration 0010 get their customer, one per phone however it was typed', async () => {
		const row = (name: string, phone: string, email: string, date: string) => ({
			customer_name: name,
			customer_phone: phone,
			customer_email: email,
			order_date: date,
			status: 'pending' as const,
			total_paise: 100,
			created_at: date,
			updated_at: date,
		})
		// customer_key does not exist yet: these are the columns of the orders table before 0010.
		await (getDb() as unknown as Kysely<{ orders: ReturnType<typeof row> }>)
			.insertInto('orders')
			.values([
				row('Lakshmi R', '98765 43210', '', '2026-10-01T06:30:00.000Z'),
				row('Lakshmi Reddy', '+91-98765-43210', '', '2026-11-01T06:30:00.000Z'),
				row('Anita K', '', 'Anita@Example.in', '2026-10-15T06:30:00.000Z'),
			])
			.execute()
		const { error } = await migrator().migrateToLatest()
		if (error) throw error

		const { customers, total } = await listCustomers()
		expect(total).toBe(2)
		expect(customers.map((c) => [c.key, c.name, c.orderCount])).toEqual([
			['+919876543210', 'Lakshmi Reddy', 2],
			['anita@example.in', 'Anita K', 1],
		])
		expect((await getCustomer('+919876543210'))?.orders).toHaveLength(2)
	})

	test('the contacts are read a page at a time in the order of the phones, each once, the customers with only an email left out', async () => {
		const at = '2026-11-20T06:30:00.000Z'
		await getDb()
			.insertInto('orders')
			.values(
				['+919000000003', '+919000000001', '+919000000002'].map((phone) => ({
					customer_name: `Customer ${phone.slice(-1)}`,
					customer_phone: phone,
					customer_key: phone,
					order_date: at,
					status: 'pending' as const,
					total_paise: 100,
					created_at: at,
					updated_at: at,
				})),
			)
			.execute()
		const pages: string[][] = []
		let after = ''
		for (;;) {
			const page = await listCustomersWithPhonesPage(after, 2)
			pages.push(page.map((c) => c.key))
			if (page.length < 2) break
			after = page.at(-1)!.key
		}
		expect(pages).toEqual([['+919000000001', '+919000000002'], ['+919000000003', '+919876543210'], []])
	})

	test('the grouping and a customer’s orders read the index, not every order', async () => {
		const plan = async (query: string) =>
			(await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`).execute(getDb())).rows.map((r) => r.detail).join('\n')
		// The shapes of listCustomers' grouping and of getCustomer's orders.
		const grouping = await plan("SELECT customer_key, count(*), max(order_date) FROM orders WHERE customer_key != '' GROUP BY customer_key")
		expect(grouping).toContain('orders_customer')
		expect(grouping).not.toContain('TEMP B-TREE FOR GROUP BY')
		const theirs = await plan("SELECT id FROM orders WHERE customer_key = '+919876543210' ORDER BY order_date DESC, id DESC LIMIT 1")
		expect(theirs).toMatch(/USING (COVERING )?INDEX orders_customer/)
		expect(theirs).not.toContain('TEMP B-TREE')
	})
})
