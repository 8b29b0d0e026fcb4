import type { Kysely } from 'kysely'
import { describe, expect, test } from 'vitest'

import type { DB } from '~/db.server'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { createOrder, updateOrderStatus } from './orders.server'
import { createProduct } from './products-admin.server'
import { getTaxInvoice, getTaxSettings, hsnOfProducts, issueTaxInvoice, updateTaxSettings } from './tax-invoices.server'
import { moveToTrash } from './trash.server'

const freshDb = useTempDatabases('tax-invoices')
const GSTIN = '27AAPFU0939F1ZV'

async function order(db: Kysely<DB>) {
	return createOrder(
		{
			customerName: 'Lakshmi',
			phone: '+919876543210',
			email: '',
			deliveryAddress: '',
			orderDate: new Date().toISOString(),
			status: 'confirmed',
			notes: '',
			courier: '',
			trackingNumber: '',
			lines: [],
			totalOverridePaise: 10_000_00,
		},
		db,
	)
}

let codes = 0
async function addProduct(db: Kysely<DB>, category: string) {
	codes += 1
	const fields = { name: 'Saree', nameTe: '', nameHi: '', code: `HSN-${codes}`, description: '', descriptionTe: '', descriptionHi: '' }
	return createProduct(
		{ ...fields, originalPricePaise: 100_00, salePricePaise: 100_00, stock: 1, status: 'active', category, tags: [] },
		[],
		db,
	)
}

describe('tax invoice numbers', () => {
	test('consecutive within a financial year, from 0001 again on 1 April (India time), never repeated nor skipped', async () => {
		const { db } = await freshDb()
		const ids = []
		for (let i = 0; i < 7; i++) ids.push(await order(db))
		const issue = (id: number, at: string) => issueTaxInvoice(id, GSTIN, db, new Date(at))
		expect((await issue(ids[0]!, '2026-03-31T10:00:00.000Z'))?.number).toBe('2025-26/0001')
		// 23:59 on 31 March in India.
		expect((await issue(ids[1]!, '2026-03-31T18:29:00.000Z'))?.number).toBe('2025-26/0002')
		// 00:00 on 1 April in India.
		expect(await issue(ids[2]!, '2026-03-31T18:30:00.000Z')).toEqual({ number: '2026-27/0001', issuedOn: '2026-04-01', gstin: GSTIN })
		// Issued once: a later view gives the same invoice.
		expect((await issue(ids[0]!, '2026-05-01T10:00:00.000Z'))?.number).toBe('2025-26/0001')
		// A cancelled order keeps its number; the next order takes the next one.
		await updateOrderStatus(ids[2]!, 'cancelled', db)
		expect((await getTaxInvoice(ids[2]!, db))?.number).toBe('2026-27/0001')
		expect((await issue(ids[3]!, '2026-04-02T10:00:00.000Z'))?.number).toBe('2026-27/0002')
		// A deleted order's number stays taken.
		await moveToTrash('order', [ids[3]!], db)
		expect((await issue(ids[4]!, '2026-04-03T10:00:00.000Z'))?.number).toBe('2026-27/0003')
		expect(await issue(999_999, '2026-04-03T10:00:00.000Z')).toBeNull()
		// Many first views at once still take one number each.
		await Promise.all(ids.slice(5).map((id) => issue(id, '2026-04-04T10:00:00.000Z')))
		const numbers = await db.selectFrom('tax_invoices').select(['financial_year', 'number']).orderBy('id').execute()
		expect(numbers).toEqual([
			{ financial_year: '2025-26', number: 1 },
			{ financial_year: '2025-26', number: 2 },
			{ financial_year: '2026-27', number: 1 },
			{ financial_year: '2026-27', number: 2 },
			{ financial_year: '2026-27', number: 3 },
			{ financial_year: '2026-27', number: 4 },
			{ financial_year: '2026-27', number: 5 },
		])
	})

	test("the GSTIN is kept; each saree is invoiced under its category's HSN code, 5007 until the seller gives another", async () => {
		const { db } = await freshDb()
		expect(await getTaxSettings(db)).toEqual({ gstin: '' })
		await updateTaxSettings({ gstin: GSTIN }, db)
		expect(await getTaxSettings(db)).toEqual({ gstin: GSTIN })
		const kanchi = await addProduct(db, 'Kanchipattu Pochampally Ikkat')
		const plain = await addProduct(db, 'Pochampally Ikkat')
		expect(await hsnOfProducts([kanchi, plain], db)).toEqual(
			new Map([
				[kanchi, '5007'],
				[plain, '5007'],
			]),
		)
		await db.updateTable('categories').set({ hsn: '50072010' }).where('name', '=', 'Kanchipattu Pochampally Ikkat').execute()
		expect(await hsnOfProducts([kanchi, plain], db)).toEqual(
			new Map([
				[kanchi, '50072010'],
				[plain, '5007'],
			]),
		)
	})
})
