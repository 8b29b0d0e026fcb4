import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'

import { type OrderStatus, TRASH_DAYS } from '~/constants'
import { closeDb, getDb, getSqlite, migrateToLatest } from '~/db.server'
import { resetEnvCache } from '~/utils/env.server'

import { findPublishedBlog } from './blogs.server'
import { createCategory, deleteCategory, updateCategory } from './categories.server'
import { listMediaKeys } from './media-columns.server'
import { listStockWarnings } from './order-stock.server'
import { createOrder, getOrder, type OrderWrite } from './orders.server'
import { listActiveProducts } from './products-search.server'
import { getPublicProduct } from './products-storefront.server'
import { issueTaxInvoice } from './tax-invoices.server'
import { deleteFromTrash, emptyTrash, listTrash, moveToTrash, purgeExpiredTrash, restoreFromTrash, TRASH_SHAPES } from './trash.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trash-'))
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
	for (const table of ['trash', 'tax_invoices', 'orders', 'products', 'blogs'] as const) await getDb().deleteFrom(table).execute()
})

const now = '2026-11-01T10:00:00.000Z'
const key = (n: number) => `images/${n.toString(16).padStart(32, '0')}`

async function saree(code: string, { stock = 1, images = [] as number[] } = {}) {
	const { id } = await getDb()
		.insertInto('products')
		.values({
			name: `Saree ${code}`,
			name_te: `చీర ${code}`,
			code,
			description: 'Double ikat.',
			original_price_paise: 1_200_000,
			sale_price_paise: 1_000_000,
			stock,
			status: 'active',
			category: 'Pochampally Ikkat',
			tags: '["silk","red"]',
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	for (const [position, n] of images.entries()) {
		await getDb()
			.insertInto('product_images')
			.values({ product_id: id, position, image_key: key(n), width: 800, height: 1000, created_at: now })
			.execute()
	}
	await getDb().insertInto('product_enquiries').values({ product_id: id, day: '2026-11-01', count: 3 }).execute()
	return id
}

function order(status: OrderStatus, lines: Array<[code: string, quantity: number]>): OrderWrite {
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
		lines: lines.map(([code, quantity], index) => ({ index, code, quantity })),
		totalOverridePaise: null,
	}
}

/** Every row of the record, as SQLite holds it. */
function rowsOf(table: string, column: string, id: number) {
	return getSqlite().prepare(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY 1, 2`).all(id)
}

async function stockOf(productId: number) {
	return getDb().selectFrom('products').select(['stock', 'held', 'status']).where('id', '=', productId).executeTakeFirstOrThrow()
}

test('every foreign key at a trashable table is a row that goes with the record or a link pointed back on restore', () => {
	const sqlite = getSqlite()
	const tables = sqlite
		.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
		.pluck()
		.all() as string[]
	const pointing = tables.flatMap((table) =>
		(
			sqlite.prepare(`SELECT "table" AS target, "from" AS column FROM pragma_foreign_key_list(?)`).all(table) as Array<{
				target: string
				column: string
			}>
		)
			.filter((fk) => Object.values(TRASH_SHAPES).some((shape) => shape.table === fk.target))
			.map((fk) => `${table}.${fk.column} → ${fk.target}`),
	)
	const declared = Object.values(TRASH_SHAPES).flatMap((shape) => [
		...shape.children.map((c) => `${c.table}.${c.foreignKey} → ${shape.table}`),
		...shape.links.map((l) => `${l.table}.${l.column} → ${shape.table}`),
	])
	expect(pointing.sort(), 'add the table to TRASH_SHAPES in app/models/trash.server.ts').toEqual(declared.sort())
})

describe('a saree', () => {
	test('leaves every public read while trashed, keeps its photos named, and comes back row for row', async () => {
		const id = await saree('TR-1', { images: [1, 2] })
		const before = {
			products: rowsOf('products', 'id', id),
			images: rowsOf('product_images', 'product_id', id),
			enquiries: rowsOf('product_enquiries', 'product_id', id),
		}
		const [trashId] = await moveToTrash('product', [id], getDb(), now)
		expect(await getPublicProduct(id)).toBeNull()
		expect((await listActiveProducts({ search: 'TR-1', page: 1, pageSize: 10 })).products).toEqual([])
		expect(listMediaKeys(getSqlite())).toEqual(expect.arrayContaining([key(1), key(2)]))
		expect(await listTrash()).toEqual([
			expect.objectContaining({ id: trashId, kind: 'product', recordId: id, label: 'Saree TR-1', detail: 'TR-1', deletedAt: now }),
		])
		expect((await listTrash())[0]!.purgeAt).toBe('2026-12-01T10:00:00.000Z')

		expect(await restoreFromTrash(trashId!)).toEqual({ restored: true, kind: 'product', id, label: 'Saree TR-1' })
		expect({
			products: rowsOf('products', 'id', id),
			images: rowsOf('product_images', 'product_id', id),
			enquiries: rowsOf('product_enquiries', 'product_id', id),
		}).toEqual(before)
		expect((await getPublicProduct(id))?.name).toBe('Saree TR-1')
		expect((await listActiveProducts({ search: 'TR-1', page: 1, pageSize: 10 })).products.map((p) => p.id)).toEqual([id])
		expect(await listTrash()).toEqual([])
		expect(await restoreFromTrash(trashId!)).toBeNull()
	})

	test('whose code a new saree took is not restored, and nothing is written', async () => {
		const id = await saree('TR-2')
		const [trashId] = await moveToTrash('product', [id])
		const newcomer = await saree('tr-2')
		expect(await restoreFromTrash(trashId!)).toEqual({
			restored: false,
			kind: 'product',
			label: 'Saree TR-2',
			taken: { field: 'code', value: 'TR-2' },
		})
		expect(await getDb().selectFrom('products').select('id').execute()).toEqual([{ id: newcomer }])
		expect(await listTrash()).toHaveLength(1)
	})

	test('whose category was renamed comes back in it, under its new name; whose category is gone is not restored, and says which', async () => {
		const weave = (name: string) => ({
			name,
			nameTe: '',
			nameHi: '',
			description: '',
			descriptionTe: '',
			descriptionHi: '',
			googleProductCategory: '',
			hsn: '5007',
		})
		const categoryId = (await createCategory(weave('Gadwal Silk'), null)) as number
		const id = await saree('TR-9')
		await getDb().updateTable('products').set({ category: 'Gadwal Silk' }).where('id', '=', id).execute()
		const [trashId] = await moveToTrash('product', [id])
		await updateCategory(categoryId, weave('Gadwal Pattu'), { kind: 'keep' })
		expect(await restoreFromTrash(trashId!)).toMatchObject({ restored: true, kind: 'product' })
		expect(await getDb().selectFrom('products').select('category').where('code', '=', 'TR-9').executeTakeFirst()).toEqual({
			category: 'Gadwal Pattu',
		})

		const [again] = await moveToTrash('product', [
			(await getDb().selectFrom('products').select('id').where('code', '=', 'TR-9').executeTakeFirstOrThrow()).id,
		])
		expect(await deleteCategory(categoryId)).toEqual([])
		expect(await restoreFromTrash(again!)).toEqual({
			restored: false,
			kind: 'product',
			label: 'Saree TR-9',
			missingCategory: 'Gadwal Pattu',
		})
		expect(await listTrash()).toHaveLength(1)
	})

	test('whose id a new saree took comes back under a new one, with its photos', async () => {
		const id = await saree('TR-3', { images: [3] })
		const [trashId] = await moveToTrash('product', [id])
		// SQLite gives the next saree the highest id plus one: the trashed one's.
		expect(await saree('TR-4')).toBe(id)
		const outcome = await restoreFromTrash(trashId!)
		expect(outcome).toMatchObject({ restored: true })
		const newId = (outcome as { id: number }).id
		expect(newId).not.toBe(id)
		expect(rowsOf('product_images', 'product_id', newId)).toEqual([expect.objectContaining({ image_key: key(3) })])
	})

	test('points its order lines at it again and counts the pieces their open orders hold now', async () => {
		const id = await saree('TR-5', { stock: 2 })
		const open = await createOrder(order('pending', [['TR-5', 1]]))
		const [trashId] = await moveToTrash('product', [id])
		expect((await getOrder(open))!.items[0]).toMatchObject({ productId: null, code: 'TR-5' })
		await restoreFromTrash(trashId!)
		expect((await getOrder(open))!.items[0]).toMatchObject({ productId: id })
		expect(await stockOf(id)).toEqual({ stock: 2, held: 1, status: 'active' })
	})
})

describe('a blog post', () => {
	async function post(title: string, slug: string) {
		const { id } = await getDb()
			.insertInto('blogs')
			.values({ title, slug, content: 'Words.', status: 'published', created_at: now, updated_at: now, published_at: now })
			.returning('id')
			.executeTakeFirstOrThrow()
		return id
	}

	test('comes back with its old addresses, unless another post took its address meanwhile', async () => {
		const id = await post('Looms', 'looms')
		await getDb().insertInto('blog_slug_history').values({ slug: 'old-looms', blog_id: id }).execute()
		const [trashId] = await moveToTrash('blog', [id])
		expect(await findPublishedBlog('looms')).toBeNull()
		expect(await findPublishedBlog('old-looms')).toBeNull()
		const other = await post('Looms again', 'looms')
		expect(await restoreFromTrash(trashId!)).toMatchObject({ restored: false, taken: { field: 'slug', value: 'looms' } })
		await getDb().updateTable('blogs').set({ slug: 'looms-2' }).where('id', '=', other).execute()
		// The other post took its id too, so it comes back under the next; its addresses are what links use.
		expect(other).toBe(id)
		expect(await restoreFromTrash(trashId!)).toMatchObject({ restored: true, id: other + 1 })
		expect((await findPublishedBlog('looms'))?.id).toBe(other + 1)
		expect((await findPublishedBlog('old-looms'))?.slug).toBe('looms')
	})
})

describe('an order', () => {
	test('gives its held pieces back while trashed and holds them again when restored', async () => {
		const p = await saree('TR-6')
		const id = await createOrder(order('confirmed', [['TR-6', 1]]))
		expect(await stockOf(p)).toEqual({ stock: 1, held: 1, status: 'active' })
		const [trashId] = await moveToTrash('order', [id])
		expect(await getOrder(id)).toBeNull()
		expect(await stockOf(p)).toEqual({ stock: 1, held: 0, status: 'active' })
		expect(await restoreFromTrash(trashId!)).toMatchObject({ restored: true, kind: 'order', id })
		expect(await stockOf(p)).toEqual({ stock: 1, held: 1, status: 'active' })
		expect((await getOrder(id))!.items).toEqual([expect.objectContaining({ code: 'TR-6', quantity: 1, productId: p })])
	})

	test('shipped: gives the pieces it took back, and takes them again when restored', async () => {
		const p = await saree('TR-7')
		const id = await createOrder(order('shipped', [['TR-7', 1]]))
		expect(await stockOf(p)).toEqual({ stock: 0, held: 0, status: 'out_of_stock' })
		const [trashId] = await moveToTrash('order', [id])
		expect(await stockOf(p)).toEqual({ stock: 1, held: 0, status: 'active' })
		await restoreFromTrash(trashId!)
		expect(await stockOf(p)).toEqual({ stock: 0, held: 0, status: 'out_of_stock' })
		expect(rowsOf('order_items', 'order_id', id)).toEqual([expect.objectContaining({ taken: 1 })])
	})

	test('restored after another order took its last piece: restored all the same, with the warning a second order gets', async () => {
		const p = await saree('TR-8')
		const id = await createOrder(order('pending', [['TR-8', 1]]))
		const [trashId] = await moveToTrash('order', [id])
		const second = await createOrder(order('pending', [['TR-8', 1]]))
		expect(await listStockWarnings(second)).toEqual([])
		// The second order took the trashed one's number, so it comes back under the next.
		expect(second).toBe(id)
		const outcome = await restoreFromTrash(trashId!)
		expect(outcome).toMatchObject({ restored: true, id: second + 1 })
		expect(await stockOf(p)).toEqual({ stock: 1, held: 2, status: 'active' })
		expect(await listStockWarnings(second + 1)).toEqual([
			expect.objectContaining({ code: 'TR-8', otherOrders: [{ id: second, status: 'pending' }] }),
		])
	})

	test('keeps its tax invoice', async () => {
		await saree('TR-9')
		const id = await createOrder(order('confirmed', [['TR-9', 1]]))
		const invoice = await issueTaxInvoice(id, '36AABCU9603R1ZM')
		const [trashId] = await moveToTrash('order', [id])
		await restoreFromTrash(trashId!)
		expect(await getDb().selectFrom('tax_invoices').select('order_id').execute()).toEqual([{ order_id: id }])
		expect(invoice).not.toBeNull()
	})
})

describe('going for good', () => {
	test(`the purge removes what was deleted more than ${TRASH_DAYS} days ago, once, and hands back its photos' keys`, async () => {
		const [old] = await moveToTrash('product', [await saree('TR-10', { images: [10] })], getDb(), '2026-10-01T00:00:00.000Z')
		const [recent] = await moveToTrash('product', [await saree('TR-11', { images: [11] })], getDb(), '2026-10-20T00:00:00.000Z')
		expect(await purgeExpiredTrash(new Date('2026-10-30T23:59:59.000Z'))).toEqual({ removed: 0, keys: [] })
		expect(await purgeExpiredTrash(new Date('2026-10-31T00:00:00.000Z'))).toEqual({ removed: 1, keys: [key(10)] })
		expect(await purgeExpiredTrash(new Date('2026-10-31T00:00:00.000Z'))).toEqual({ removed: 0, keys: [] })
		expect((await listTrash()).map((t) => t.id)).toEqual([recent])
		expect(listMediaKeys(getSqlite())).not.toContain(key(10))
		expect(listMediaKeys(getSqlite())).toContain(key(11))
		expect(await restoreFromTrash(old!)).toBeNull()
	})

	test('"Delete for good" removes one entry; "Empty trash" all of them', async () => {
		const [a] = await moveToTrash('product', [await saree('TR-12', { images: [12] })])
		await moveToTrash('product', [await saree('TR-13', { images: [13] })])
		expect(await deleteFromTrash(a!)).toEqual([key(12)])
		expect(await deleteFromTrash(a!)).toBeNull()
		expect(await emptyTrash()).toEqual({ removed: 1, keys: [key(13)] })
		expect(await listTrash()).toEqual([])
	})
})
