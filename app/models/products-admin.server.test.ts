import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'

import { productFields } from '../../tests/helpers/product-fields'
import { mediaKeysOfRecord } from './media-columns.server'
import {
	ADMIN_PRODUCTS_PAGE_SIZE,
	createProduct,
	DuplicateProductCodeError,
	getProductForEdit,
	isProductCodeTaken,
	listProductsForAdmin,
	saveProduct,
	updateProduct,
} from './products-admin.server'
import { moveToTrash } from './trash.server'

let dir: string
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'products-admin-'))
	process.env.DATABASE_PATH = path.join(dir, 'shop.db')
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})

const fields = productFields
/** The first page's rows, for the filter tests. */
const listProductsForAdminRows = async (filters: Parameters<typeof listProductsForAdmin>[0]) =>
	(await listProductsForAdmin(filters)).products

const image = (n: number) => ({ key: `images/${String(n).padStart(32, '0')}`, width: 1000 + n, height: 800 })

describe('product writes', () => {
	test('create stores the images in order; the list shows the first as cover', async () => {
		const id = await createProduct(fields({ code: 'ORDER-1' }), [image(1), image(2), image(3)])
		const product = await getProductForEdit(id)
		expect(product?.images).toEqual([image(1), image(2), image(3)])
		expect(product?.tags).toEqual(['silk'])
		const row = (await listProductsForAdminRows({ q: 'order-1' }))[0]
		expect(row).toMatchObject({ id, cover: image(1) })
	})

	test('codes are unique in any letter case', async () => {
		await createProduct(fields({ code: 'Case-Code' }), [])
		expect(await isProductCodeTaken('CASE-CODE')).toBe(true)
		expect(await isProductCodeTaken('  case-code ')).toBe(true)
		const id = (await listProductsForAdminRows({ q: 'case-code' }))[0]!.id
		expect(await isProductCodeTaken('case-code', id)).toBe(false)
		await expect(createProduct(fields({ code: 'case-CODE' }), [])).rejects.toBeInstanceOf(DuplicateProductCodeError)
		const other = await createProduct(fields({ code: 'OTHER-CODE' }), [])
		await expect(updateProduct(other, fields({ code: 'CASE-code' }), [])).rejects.toBeInstanceOf(DuplicateProductCodeError)
	})

	test('a failed create leaves no image rows behind', async () => {
		await createProduct(fields({ code: 'ATOMIC' }), [])
		await expect(createProduct(fields({ code: 'atomic' }), [image(50)])).rejects.toThrow()
		const rows = await getDb().selectFrom('product_images').select('id').where('image_key', '=', image(50).key).execute()
		expect(rows).toEqual([])
	})

	test('update replaces the image list and returns the keys no longer used', async () => {
		const id = await createProduct(fields({ code: 'UPD-1' }), [image(11), image(12), image(13)])
		const removed = await updateProduct(id, fields({ code: 'UPD-1', name: 'Renamed' }), [image(13), image(11), image(14)])
		expect(removed).toEqual([image(12).key])
		const product = await getProductForEdit(id)
		expect(product?.name).toBe('Renamed')
		expect(product?.images.map((i) => i.key)).toEqual([image(13).key, image(11).key, image(14).key])
		expect(product!.updatedAt >= product!.createdAt).toBe(true)
		expect(await updateProduct(999_999, fields({ code: 'NOPE' }), [])).toBeNull()
	})

	test('delete moves the product and its image rows to the trash, keeping their keys named', async () => {
		const id = await createProduct(fields({ code: 'DEL-1' }), [image(21), image(22)])
		const [trashId] = await moveToTrash('product', [id])
		expect(trashId).toEqual(expect.any(Number))
		expect(await getProductForEdit(id)).toBeNull()
		expect(await getDb().selectFrom('product_images').select('id').where('product_id', '=', id).execute()).toEqual([])
		expect(await mediaKeysOfRecord(getDb(), 'trash', trashId!)).toEqual([image(21).key, image(22).key])
		expect(await moveToTrash('product', [id])).toEqual([null])
	})
})

describe("the editor's save", () => {
	test("hands prepare the product's photos, the copied saree's and whether the code is taken, then writes what it answers", async () => {
		const source = await createProduct(fields({ code: 'SAVE-SRC' }), [image(31), image(32)])
		const starts: unknown[] = []
		const created = await saveProduct({ id: null, code: 'save-src', copyFrom: source }, async (start) => {
			starts.push(start)
			return { fields: fields({ code: 'SAVE-NEW' }), images: [image(33)] }
		})
		expect(starts).toEqual([{ images: [], copyImages: [image(31), image(32)], codeTaken: true }])
		expect(created).toEqual({ id: expect.any(Number), unused: [] })
		expect((await getProductForEdit(created!.id))?.images).toEqual([image(33)])

		const updated = await saveProduct({ id: created!.id, code: 'SAVE-NEW', copyFrom: source }, async (start) => {
			starts.push(start)
			return { fields: fields({ code: 'SAVE-NEW', name: 'Saved' }), images: [image(34), ...start.images] }
		})
		expect(starts[1]).toEqual({ images: [image(33)], copyImages: [], codeTaken: false })
		expect(updated).toEqual({ id: created!.id, unused: [] })
		expect(await getProductForEdit(created!.id)).toMatchObject({ name: 'Saved', images: [image(34), image(33)] })
	})

	test('a product gone is never prepared; a refusal writes nothing', async () => {
		let prepared = false
		const prepare = async () => {
			prepared = true
			return { fields: fields({ code: 'GONE' }), images: [] }
		}
		expect(await saveProduct({ id: 999_999, code: 'GONE', copyFrom: null }, prepare)).toBeNull()
		expect(prepared).toBe(false)

		const id = await createProduct(fields({ code: 'REFUSED' }), [image(41)])
		const refusal = new Error('too many photos')
		await expect(saveProduct({ id, code: 'REFUSED', copyFrom: null }, () => Promise.reject(refusal))).rejects.toBe(refusal)
		expect(await getProductForEdit(id)).toMatchObject({ name: 'Red Ikkat', images: [image(41)] })
	})
})

describe('listProductsForAdmin filters', () => {
	beforeAll(async () => {
		await createProduct(fields({ name: 'Dharma Gold', code: 'F-DH', category: 'Dharmavaram Pochampally Ikkat', status: 'draft' }), [])
		await createProduct(
			fields({ name: 'Kanchi Blue', code: 'F-KA', category: 'Kanchipattu Pochampally Ikkat', status: 'out_of_stock' }),
			[],
		)
		await createProduct(fields({ name: '100% Silk_Special', code: 'F-PC', category: 'Pochampally Ikkat' }), [])
	})

	test('search matches name or code, case-insensitively, with % and _ taken literally', async () => {
		expect((await listProductsForAdminRows({ q: 'dharma gold' })).map((p) => p.code)).toEqual(['F-DH'])
		expect((await listProductsForAdminRows({ q: 'f-ka' })).map((p) => p.code)).toEqual(['F-KA'])
		expect((await listProductsForAdminRows({ q: '100%' })).map((p) => p.code)).toEqual(['F-PC'])
		expect((await listProductsForAdminRows({ q: 'k_s' })).map((p) => p.code)).toEqual(['F-PC'])
		expect((await listProductsForAdminRows({ q: 'a_' })).map((p) => p.code)).toEqual([])
	})

	test('status, category (its exact name) and "has no photo" narrow the list', async () => {
		expect((await listProductsForAdminRows({ q: 'F-', category: 'Dharmavaram Pochampally Ikkat' })).map((p) => p.code)).toEqual(['F-DH'])
		expect((await listProductsForAdminRows({ q: 'F-', category: 'Pochampally Ikkat' })).map((p) => p.code)).toEqual(['F-PC'])
		// A part of a name is no category.
		expect(await listProductsForAdminRows({ q: 'F-', category: 'pochampally' })).toEqual([])
		expect((await listProductsForAdminRows({ q: 'F-', status: 'out_of_stock' })).map((p) => p.code)).toEqual(['F-KA'])
		await createProduct(fields({ name: 'Photographed', code: 'F-PH' }), [image(90)])
		expect((await listProductsForAdminRows({ q: 'F-', noPhoto: true })).map((p) => p.code).sort()).toEqual(['F-DH', 'F-KA', 'F-PC'])
		expect((await listProductsForAdminRows({ q: 'F-', noPhoto: false })).map((p) => p.code).sort()).toEqual([
			'F-DH',
			'F-KA',
			'F-PC',
			'F-PH',
		])
	})
})

describe('listProductsForAdmin pages', () => {
	test('a page of ADMIN_PRODUCTS_PAGE_SIZE, newest first, with the total the filters match', async () => {
		const before = (await listProductsForAdmin({ q: 'PG-' })).total
		expect(before).toBe(0)
		const count = ADMIN_PRODUCTS_PAGE_SIZE + 3
		for (let n = 1; n <= count; n++) await createProduct(fields({ name: `Paged ${n}`, code: `PG-${n}` }), [])
		const first = await listProductsForAdmin({ q: 'PG-' })
		expect(first.total).toBe(count)
		expect(first.products).toHaveLength(ADMIN_PRODUCTS_PAGE_SIZE)
		expect(first.products[0]!.code).toBe(`PG-${count}`)
		const second = await listProductsForAdmin({ q: 'PG-', page: 2 })
		expect(second.products.map((p) => p.code)).toEqual(['PG-3', 'PG-2', 'PG-1'])
		expect((await listProductsForAdmin({ q: 'PG-', page: 3 })).products).toEqual([])
	})
})
