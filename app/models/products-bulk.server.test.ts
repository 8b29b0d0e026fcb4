import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'
import { BULK_MESSAGES, type BulkChange, steppedPrice } from '~/schemas/product-bulk'

import { productFields } from '../../tests/helpers/product-fields'
import { getContentVersion } from './content-version.server'
import { type AdminProductFields, createProduct, getProductForEdit } from './products-admin.server'
import { applyBulkChange, BulkChangeRefusedError, planBulkChange, planKey, readBulkSelection } from './products-bulk.server'

let dir: string
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'products-bulk-'))
	process.env.DATABASE_PATH = path.join(dir, 'shop.db')
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})

const fields = (overrides: Partial<AdminProductFields> = {}) => productFields({ code: 'B-1', ...overrides })

const image = (n: number) => ({ key: `images/${String(n).padStart(32, '0')}`, width: 1000, height: 800 })

async function product(id: number) {
	const found = await getProductForEdit(id)
	if (!found) return null
	return { status: found.status, category: found.category, sale: found.salePricePaise, mrp: found.originalPricePaise, tags: found.tags }
}

const price = (field: 'both' | 'sale' | 'original', by: 'percent' | 'amount', step: number): BulkChange => ({
	kind: 'price',
	price: { field, by, step },
})

describe('steppedPrice', () => {
	test('percentages and amounts, up and down, rounded to whole rupees (a half rounds up)', () => {
		expect(steppedPrice(1_000_000, { field: 'both', by: 'percent', step: 1000 })).toBe(1_100_000)
		expect(steppedPrice(1_234_550, { field: 'both', by: 'percent', step: -1250 })).toBe(1_080_200)
		expect(steppedPrice(99_950, { field: 'both', by: 'amount', step: 50_000 })).toBe(150_000)
		expect(steppedPrice(1_000_050, { field: 'both', by: 'amount', step: -100 })).toBe(1_000_000)
		expect(steppedPrice(1_000, { field: 'both', by: 'percent', step: 5_000 })).toBe(1_500)
	})
})

describe('bulk changes', () => {
	test('a selection of ids must all exist; "all that match" is the filter run now', async () => {
		const a = await createProduct(fields({ code: 'SEL-1', status: 'draft' }), [])
		const b = await createProduct(fields({ code: 'SEL-2', status: 'draft' }), [])
		expect((await readBulkSelection({ ids: [a, b] })).products.map((p) => p.code)).toEqual(['SEL-2', 'SEL-1'])
		expect(await readBulkSelection({ ids: [a, 999_999] })).toMatchObject({ problem: BULK_MESSAGES.missing(1) })
		expect(await readBulkSelection({ ids: [a, 999_998, 999_999] })).toMatchObject({ problem: BULK_MESSAGES.missing(2) })
		expect((await readBulkSelection({ filters: { q: 'SEL-', status: 'draft' } })).products).toHaveLength(2)
		expect(await readBulkSelection({ filters: { q: 'NO-SUCH' } })).toMatchObject({ products: [], problem: BULK_MESSAGES.nothingSelected })
		await expect(applyBulkChange({ ids: [a, 999_999] }, { kind: 'status', status: 'active' })).rejects.toThrow(BulkChangeRefusedError)
		expect((await product(a))?.status).toBe('draft')
	})

	test('status, category and tags change every saree of the selection in one go, the version moving once per changed saree', async () => {
		const a = await createProduct(fields({ code: 'ALL-1', status: 'draft', tags: ['Festive'] }), [])
		const b = await createProduct(fields({ code: 'ALL-2', status: 'active', tags: [] }), [])
		const before = getContentVersion()
		expect(await applyBulkChange({ filters: { q: 'ALL-' } }, { kind: 'status', status: 'active' })).toEqual({ changed: 1 })
		expect(getContentVersion()).not.toBe(before)
		await applyBulkChange({ ids: [a, b] }, { kind: 'category', category: 'Dharmavaram Pochampally Ikkat' })
		await applyBulkChange({ ids: [a, b] }, { kind: 'tag-add', tag: 'festive' })
		expect((await product(a))?.tags).toEqual(['Festive'])
		expect((await product(b))?.tags).toEqual(['festive'])
		expect(await product(a)).toMatchObject({ status: 'active', category: 'Dharmavaram Pochampally Ikkat' })
		await applyBulkChange({ ids: [a, b] }, { kind: 'tag-remove', tag: 'FESTIVE' })
		expect((await product(a))?.tags).toEqual([])
		expect((await product(b))?.tags).toEqual([])
	})

	test('a category that is not one of the list is refused', async () => {
		const a = await createProduct(fields({ code: 'CAT-1' }), [])
		const plan = await planBulkChange((await readBulkSelection({ ids: [a] })).products, { kind: 'category', category: 'Banarasi' })
		expect(plan.problem).toBe(BULK_MESSAGES.categoryRequired)
		await expect(applyBulkChange({ ids: [a] }, { kind: 'category', category: 'Banarasi' })).rejects.toThrow(BulkChangeRefusedError)
		expect((await product(a))?.category).toBe('Pochampally Ikkat')
	})

	test('a confirm sent again after its change was made writes nothing: the sarees no longer match what the summary showed', async () => {
		const id = await createProduct(fields({ code: 'RP-1' }), [])
		const cut = price('both', 'percent', -1_000)
		const planned = planKey(await planBulkChange((await readBulkSelection({ ids: [id] })).products, cut))
		expect(await applyBulkChange({ ids: [id] }, cut, undefined, undefined, planned)).toEqual({ changed: 1 })
		const once = await product(id)
		await expect(applyBulkChange({ ids: [id] }, cut, undefined, undefined, planned)).rejects.toThrow(BULK_MESSAGES.plannedInvalid)
		expect(await product(id)).toEqual(once)
	})

	test('prices keep the schema rules for every saree, or nothing is written', async () => {
		const a = await createProduct(fields({ code: 'PR-1', originalPricePaise: 1_000_000, salePricePaise: 900_000 }), [])
		const b = await createProduct(fields({ code: 'PR-2', originalPricePaise: 500_000, salePricePaise: 500_000 }), [])
		await applyBulkChange({ ids: [a, b] }, price('both', 'percent', 1000))
		expect(await product(a)).toMatchObject({ sale: 990_000, mrp: 1_100_000 })
		expect(await product(b)).toMatchObject({ sale: 550_000, mrp: 550_000 })

		// The sale price of b would pass its MRP: b is named, and a keeps its price too.
		const plan = await planBulkChange((await readBulkSelection({ ids: [a, b] })).products, price('sale', 'amount', 100_000))
		expect(plan.rows.map((row) => [row.product.code, row.problem])).toEqual([
			['PR-2', BULK_MESSAGES.saleAboveOriginal],
			['PR-1', null],
		])
		await expect(applyBulkChange({ ids: [a, b] }, price('sale', 'amount', 100_000))).rejects.toThrow(BULK_MESSAGES.refused)
		expect(await product(a)).toMatchObject({ sale: 990_000, mrp: 1_100_000 })

		// Down 100 % (or by more than the price) is a price of ₹0 or less.
		const down = await planBulkChange((await readBulkSelection({ ids: [b] })).products, price('both', 'percent', -10_000))
		expect(down.rows[0]?.problem).toBe(BULK_MESSAGES.priceTooLow(0))
		await expect(applyBulkChange({ ids: [b] }, price('both', 'amount', -600_000))).rejects.toThrow(BulkChangeRefusedError)
		await expect(applyBulkChange({ ids: [b] }, price('both', 'percent', 100_000_000_000))).rejects.toThrow(BulkChangeRefusedError)
		expect(await product(b)).toMatchObject({ sale: 550_000, mrp: 550_000 })
	})

	test('delete moves every saree of the selection to the trash, as the single delete does, photos kept named', async () => {
		const a = await createProduct(fields({ code: 'DEL-1' }), [image(1), image(2)])
		const b = await createProduct(fields({ code: 'DEL-2' }), [image(3)])
		const result = await applyBulkChange({ ids: [a, b] }, { kind: 'delete' })
		expect(result.changed).toBe(2)
		expect(await product(a)).toBeNull()
		expect(await getDb().selectFrom('product_images').select('id').where('product_id', 'in', [a, b]).execute()).toEqual([])
		const trashed = await getDb().selectFrom('trash').select(['kind', 'record_id']).where('kind', '=', 'product').execute()
		expect(trashed.map((t) => t.record_id).sort()).toEqual([a, b].sort())
		const kept = await getDb().selectFrom('trash_media').select('media_key').execute()
		expect(kept.map((k) => k.media_key).sort()).toEqual([image(1).key, image(2).key, image(3).key].sort())
	})
})
