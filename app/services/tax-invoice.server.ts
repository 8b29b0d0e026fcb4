import type { OrderDetail } from '~/models/orders.server'
import { getTaxInvoice, getTaxSettings, hsnOfProducts, issueTaxInvoice, type TaxInvoice } from '~/models/tax-invoices.server'

// When an order's receipt is a tax invoice (docs/decisions/0036): once the shop has a GSTIN, the first
// time the receipt of a confirmed, shipped or delivered order is opened, its invoice is issued and
// numbered; from then on it is that invoice, even cancelled, even if the GSTIN is later removed.

const INVOICED_STATUSES: ReadonlySet<OrderDetail['status']> = new Set(['confirmed', 'shipped', 'delivered'])

export type OrderTaxInvoice = TaxInvoice & {
	/** The HSN code of each line, by the line's id (none for a saree no longer in the catalogue). */
	hsnByLine: Record<number, string>
}

/** The order's tax invoice (issued now if it is due), or null for a plain receipt. */
export async function taxInvoiceOfOrder(order: OrderDetail): Promise<OrderTaxInvoice | null> {
	let invoice = await getTaxInvoice(order.id)
	if (!invoice) {
		const { gstin } = await getTaxSettings()
		if (!gstin || !INVOICED_STATUSES.has(order.status)) return null
		invoice = await issueTaxInvoice(order.id, gstin)
		if (!invoice) return null
	}
	const hsn = await hsnOfProducts(order.items.flatMap((i) => (i.productId === null ? [] : [i.productId])))
	const hsnByLine: Record<number, string> = {}
	for (const item of order.items) {
		const code = item.productId === null ? undefined : hsn.get(item.productId)
		if (code) hsnByLine[item.id] = code
	}
	return { ...invoice, hsnByLine }
}
