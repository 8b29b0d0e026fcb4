import { randomUUID } from 'node:crypto'

import { parseWithZod } from '@conform-to/zod/v4'

import { ORDER_STATUSES, type OrderStatus } from '~/constants'
import { findProductsByLooseCodes, type OrderWrite, type ProductChoice } from '~/models/orders.server'
import { isCalendarDate, ORDER_LIMITS, orderPasteSchema } from '~/schemas/order'
import { looseCode, pastedProducts, readPastedMessage } from '~/utils/pasted-order'
import { normaliseProductCode } from '~/utils/product-code'

// "Fill in from the message" on New order: the customer's WhatsApp message becomes order lines (at
// today's prices) and the phone, added to what the seller had typed, which stays as it was. Nothing
// is saved: the seller checks the form and creates the order herself.

/** The order form filled in from a message: what was typed, the phone, and the lines (the form names and prices them). */
type FilledOrderForm = Omit<OrderWrite, 'lines' | 'totalOverridePaise'> & {
	total: string
	lines: Array<{ code: string; quantity: number }>
}

/** What "Fill in from the message" found: the products added, the phone filled in, the codes the catalogue lacks. */
export type PasteReport = { added: ProductChoice[]; phone: string | null; notFound: string[]; tooMany: boolean }

type Payload = Record<string, unknown>

const typed = (payload: Payload, name: string) => (typeof payload[name] === 'string' ? payload[name] : '')

/** The lines already on the form, as typed (blank rows left out). */
function typedLines(payload: Payload) {
	const items = Array.isArray(payload.items) ? (payload.items as unknown[]) : []
	return items.flatMap((item) => {
		const fields = (typeof item === 'object' && item !== null ? item : {}) as Payload
		const code = normaliseProductCode(typed(fields, 'code'))
		const quantity = Number(typed(fields, 'quantity'))
		return code
			? [{ code, quantity: Number.isInteger(quantity) && quantity >= 1 && quantity <= ORDER_LIMITS.maxQuantity ? quantity : 1 }]
			: []
	})
}

/**
 * The order form again, filled in from its pasted message (`formData` passed the order form's gate),
 * or the paste's own field error. A code the form already has is not added twice, and neither is a
 * code the message repeats: a customer who writes a code twice is asking about one saree (most are one
 * of a kind), and the seller raises the quantity when she means more.
 */
export async function fillOrderFromMessage(formData: FormData, today: string) {
	const submission = parseWithZod(formData, { schema: orderPasteSchema })
	if (submission.status !== 'success') return { result: submission.reply() }
	const payload = submission.payload as Payload
	const message = readPastedMessage(submission.value.pasted)
	const products = await findProductsByLooseCodes(message.words.map((w) => w.loose))
	const { found, notFound } = pastedProducts(message, products)

	const lines = typedLines(payload)
	const onForm = new Set(lines.map((line) => looseCode(line.code)))
	const added = found.filter((product) => !onForm.has(looseCode(product.code)))
	const room = Math.max(0, ORDER_LIMITS.maxItems - lines.length)
	for (const product of added.slice(0, room)) lines.push({ code: product.code, quantity: 1 })

	const phone = typed(payload, 'phone').trim() ? null : message.phone
	const status = typed(payload, 'status')
	const orderDate = typed(payload, 'orderDate')
	const defaults: FilledOrderForm = {
		customerName: typed(payload, 'customerName'),
		phone: phone ?? typed(payload, 'phone'),
		email: typed(payload, 'email'),
		deliveryAddress: typed(payload, 'deliveryAddress'),
		orderDate: isCalendarDate(orderDate) ? orderDate : today,
		status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending',
		notes: typed(payload, 'notes'),
		courier: typed(payload, 'courier'),
		trackingNumber: typed(payload, 'trackingNumber'),
		total: typed(payload, 'total'),
		lines,
	}
	const report: PasteReport = { added: added.slice(0, room), phone, notFound, tooMany: added.length > room }
	return { pasted: { key: randomUUID(), defaults, report } }
}
