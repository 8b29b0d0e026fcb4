import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'

import { getDashboardStats, listMostEnquiredProducts, listRecentActivity } from './dashboard.server'

let dir: string
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-'))
	process.env.DATABASE_PATH = path.join(dir, 'shop.db')
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 10, 12, 0) - minutesAgo * 60_000).toISOString()

async function product(name: string, status: 'active' | 'draft' | 'out_of_stock', created: number, updated = created) {
	const { id } = await getDb()
		.insertInto('products')
		.values({
			name,
			code: name,
			original_price_paise: 100,
			sale_price_paise: 100,
			status,
			category: 'Pochampally Ikkat',
			created_at: at(created),
			updated_at: at(updated),
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

test('stats, recent activity and most enquired', async () => {
	expect(await getDashboardStats()).toEqual({
		products: { total: 0, active: 0, draft: 0, outOfStock: 0 },
		blogs: { total: 0, published: 0, draft: 0 },
		orders: { total: 0, pending: 0 },
	})
	expect(await listRecentActivity()).toEqual([])

	const a = await product('A', 'active', 100, 1)
	const b = await product('B', 'draft', 50)
	await product('C', 'out_of_stock', 500)
	await getDb()
		.insertInto('blogs')
		.values([
			{ title: 'Post', slug: 'post', content: 'x', status: 'published', created_at: at(10), updated_at: at(10) },
			{ title: 'Draft', slug: 'draft', content: 'x', status: 'draft', created_at: at(400), updated_at: at(400) },
		])
		.execute()
	await getDb()
		.insertInto('orders')
		.values([
			{
				customer_name: 'Asha',
				customer_phone: '1',
				order_date: at(5),
				status: 'pending',
				total_paise: 1,
				created_at: at(5),
				updated_at: at(5),
			},
			{
				customer_name: 'Ravi',
				customer_phone: '1',
				order_date: at(600),
				status: 'delivered',
				total_paise: 1,
				created_at: at(600),
				updated_at: at(600),
			},
		])
		.execute()

	expect(await getDashboardStats()).toEqual({
		products: { total: 3, active: 1, draft: 1, outOfStock: 1 },
		blogs: { total: 2, published: 1, draft: 1 },
		orders: { total: 2, pending: 1 },
	})

	const activity = await listRecentActivity(5)
	expect(activity.map((e) => [e.type, e.name, e.action, e.status])).toEqual([
		['product', 'A', 'updated', null],
		['order', 'Asha', 'created', 'pending'],
		['blog', 'Post', 'created', null],
		['product', 'B', 'created', null],
		['blog', 'Draft', 'created', null],
	])
	expect(activity[0]).toMatchObject({ type: 'product', action: 'updated', id: a, href: `/admin/products/${a}/edit`, timestamp: at(1) })

	const day = (daysAgo: number) => new Date(Date.UTC(2026, 0, 10) - daysAgo * 86_400_000).toISOString().slice(0, 10)
	await getDb()
		.insertInto('product_enquiries')
		.values([
			{ product_id: b, day: day(0), count: 2 },
			{ product_id: b, day: day(29), count: 2 },
			{ product_id: a, day: day(1), count: 3 },
			{ product_id: a, day: day(30), count: 100 },
		])
		.execute()
	const now = new Date(Date.UTC(2026, 0, 10, 12))
	expect((await listMostEnquiredProducts({ now })).map((p) => [p.name, p.enquiries])).toEqual([
		['B', 4],
		['A', 3],
	])
})
