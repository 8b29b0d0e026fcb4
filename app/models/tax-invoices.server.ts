import type { Kysely } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import { financialYear, indiaDate } from '~/utils/dates'

import { inTransaction } from './columns.server'

// GST (docs/decisions/0036): the shop's optional GSTIN, the HSN code of each saree (its category's,
// kept with the category: docs/decisions/0037), and the tax invoices. An order is given its invoice number once, in a transaction, the first time its tax invoice
// is issued; the number is the next of the financial year it is issued in and is never given again.

export type TaxSettings = {
	/** '' when the shop has none: receipts stay plain receipts. */
	gstin: string
}

export async function getTaxSettings(db: Kysely<DB> = getDb()): Promise<TaxSettings> {
	const settings = await db.selectFrom('tax_settings').select('gstin').where('id', '=', 1).executeTakeFirstOrThrow()
	return { gstin: settings.gstin }
}

export async function updateTaxSettings(input: TaxSettings, db: Kysely<DB> = getDb()) {
	await db.updateTable('tax_settings').set({ gstin: input.gstin, updated_at: nowIso() }).where('id', '=', 1).execute()
}

export type TaxInvoice = {
	/** "2026-27/0001". */
	number: string
	/** yyyy-mm-dd (India time). */
	issuedOn: string
	/** The shop's GSTIN when it was issued. */
	gstin: string
}

/** "2026-27/0001": the financial year and the invoice's place in it. */
function invoiceNumber(year: string, number: number) {
	return `${year}/${String(number).padStart(4, '0')}`
}

function toInvoice(row: { financial_year: string; number: number; issued_on: string; gstin: string }): TaxInvoice {
	return { number: invoiceNumber(row.financial_year, row.number), issuedOn: row.issued_on, gstin: row.gstin }
}

/** The order's tax invoice, or null while none was issued. */
export async function getTaxInvoice(orderId: number, db: Kysely<DB> = getDb()): Promise<TaxInvoice | null> {
	const row = await db
		.selectFrom('tax_invoices')
		.select(['financial_year', 'number', 'issued_on', 'gstin'])
		.where('order_id', '=', orderId)
		.executeTakeFirst()
	return row ? toInvoice(row) : null
}

/**
 * The order's tax invoice, issued now under `gstin` if it has none yet: the next number of the
 * financial year of `now` (India time). Reading the last number and writing the next happen in one
 * transaction, so two first views of two orders never take the same number; null when the order does
 * not exist.
 */
export async function issueTaxInvoice(orderId: number, gstin: string, db: Kysely<DB> = getDb(), now = new Date()) {
	return inTransaction(db, async (trx): Promise<TaxInvoice | null> => {
		const issued = await getTaxInvoice(orderId, trx)
		if (issued) return issued
		const order = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()
		if (!order) return null
		const issuedOn = indiaDate(now)
		const year = financialYear(issuedOn)
		const last = await trx
			.selectFrom('tax_invoices')
			.select((eb) => eb.fn.max('number').as('last'))
			.where('financial_year', '=', year)
			.executeTakeFirst()
		const row = { order_id: orderId, financial_year: year, number: Number(last?.last ?? 0) + 1, issued_on: issuedOn, gstin }
		await trx.insertInto('tax_invoices').values(row).execute()
		return toInvoice(row)
	})
}

/** The HSN code of each saree of an order's lines, by product id (lines whose saree is gone have none). */
export async function hsnOfProducts(productIds: number[], db: Kysely<DB> = getDb()): Promise<Map<number, string>> {
	if (!productIds.length) return new Map()
	const rows = await db
		.selectFrom('products')
		.innerJoin('categories', 'categories.name', 'products.category')
		.select(['products.id', 'categories.hsn'])
		.where('products.id', 'in', productIds)
		.execute()
	return new Map(rows.map((r) => [r.id, r.hsn]))
}
