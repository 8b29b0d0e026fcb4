import { z } from 'zod'

import { ORDER_STATUSES, type OrderStatus } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { indiaDate } from '~/utils/dates'
import { parseRupeesToPaise } from '~/utils/money'
import { normaliseProductCode } from '~/utils/product-code'

import { email, text } from './fields'

// The order form, shared by the browser (Conform) and the server action. Product codes are checked
// against the catalogue on the server only (the browser shows names and prices as a convenience).

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
	pending: 'Pending',
	confirmed: 'Confirmed',
	shipped: 'Shipped',
	delivered: 'Delivered',
	cancelled: 'Cancelled',
}

export const ORDER_LIMITS = {
	name: 120,
	address: 500,
	notes: 2000,
	courier: 80,
	trackingNumber: 60,
	code: 40,
	maxQuantity: 999,
	maxItems: 50,
	/** A pasted WhatsApp message: a long chat of several messages fits, a flood does not. */
	pasted: 4000,
} as const

/** The order form's list with Add item / Remove buttons (they work without JavaScript): see readFormData. */
export const ORDER_FORM_LISTS = ['items'] as const

export const ORDER_FORM_MESSAGES = {
	nameRequired: messageRef('adminOrders.nameRequired'),
	contactRequired: messageRef('adminOrders.contactRequired'),
	phoneInvalid: messageRef('adminOrders.phoneInvalid'),
	emailInvalid: messageRef('adminOrders.emailInvalid'),
	dateInvalid: messageRef('adminOrders.dateInvalid'),
	statusInvalid: messageRef('adminOrders.statusInvalid'),
	quantityInvalid: messageRef('adminOrders.quantityInvalid'),
	itemsRequired: messageRef('adminOrders.itemsRequired'),
	totalInvalid: messageRef('adminOrders.totalInvalid'),
	paidOnInvalid: messageRef('adminOrders.paidOnInvalid'),
	paidOnFuture: messageRef('adminOrders.paidOnFuture'),
	markedPaid: messageRef('adminOrders.markedPaid'),
	markedUnpaid: messageRef('adminOrders.markedUnpaid'),
	newLink: messageRef('adminOrders.newLinkMade'),
	unknownCode: (code: string) => messageRef('adminOrders.unknownCode', { code }),
	searchTooLong: messageRef('adminOrders.searchTooLong'),
	pastedRequired: messageRef('adminOrders.pastedRequired'),
	pastedTooLong: messageRef('adminOrders.pastedTooLong', { max: ORDER_LIMITS.pasted }),
} as const

/** Phone numbers as people type them ("+91 98765-43210") → "+919876543210"; null when not 10–15 digits. */
export function normalisePhone(input: string): string | null {
	const cleaned = input.trim().replace(/[\s\-().]/g, '')
	return /^\+?\d{10,15}$/.test(cleaned) ? cleaned : null
}

/** wa.me needs the country code: a bare 10-digit number is an Indian mobile. */
export function customerWhatsappNumber(phone: string) {
	const digits = phone.replace(/\D/g, '')
	return digits.length === 10 && !phone.trim().startsWith('+') ? `91${digits}` : digits
}

/**
 * The one spelling of a customer's phone, for finding all their orders: "+" and the digits wa.me takes
 * ("98765 43210" and "+91-98765-43210" are both "+919876543210"); '' for no phone.
 */
export function customerPhone(phone: string) {
	const digits = customerWhatsappNumber(phone)
	return digits ? `+${digits}` : ''
}

/** Whose order it is: their phone in one spelling, or for an order with an email only, the email in lower case. */
export function customerKey({ phone, email }: { phone: string; email: string }) {
	return customerPhone(phone) || email.trim().toLowerCase()
}

/** A yyyy-mm-dd date that exists on the calendar. */
export function isCalendarDate(value: string) {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const codeTooLong = messageRef('adminOrders.codeTooLong', { max: ORDER_LIMITS.code })

export const orderItemSchema = z.object({
	// The id of an existing line (edit): an unchanged line keeps its snapshot name and price.
	id: z.number().int().positive().optional(),
	// Typed as the seller read it (perhaps from a WhatsApp message): look-alike spellings of a code are
	// the same code. The catalogue lookup on the server decides whether it exists.
	code: text(ORDER_LIMITS.code * 4, codeTooLong)
		// Nothing left (invisible characters only) is a blank row.
		.transform((code) => normaliseProductCode(code) || undefined)
		.pipe(z.string().max(ORDER_LIMITS.code, codeTooLong).optional())
		.optional(),
	quantity: z
		.number({ error: ORDER_FORM_MESSAGES.quantityInvalid })
		.int({ error: ORDER_FORM_MESSAGES.quantityInvalid })
		.min(1, { error: ORDER_FORM_MESSAGES.quantityInvalid })
		.max(ORDER_LIMITS.maxQuantity, { error: ORDER_FORM_MESSAGES.quantityInvalid })
		.optional(),
})

export const orderSchema = z
	.object({
		customerName: text(ORDER_LIMITS.name, messageRef('adminOrders.nameTooLong', { max: ORDER_LIMITS.name }), {
			required: ORDER_FORM_MESSAGES.nameRequired,
		}),
		phone: text(30, ORDER_FORM_MESSAGES.phoneInvalid)
			.optional()
			.refine((v) => !v || normalisePhone(v) !== null, { error: ORDER_FORM_MESSAGES.phoneInvalid }),
		email: email({ invalid: ORDER_FORM_MESSAGES.emailInvalid }),
		deliveryAddress: text(ORDER_LIMITS.address, messageRef('adminOrders.addressTooLong', { max: ORDER_LIMITS.address })).optional(),
		orderDate: text(10, ORDER_FORM_MESSAGES.dateInvalid, { required: ORDER_FORM_MESSAGES.dateInvalid, trim: false }).refine(
			isCalendarDate,
			{
				error: ORDER_FORM_MESSAGES.dateInvalid,
			},
		),
		status: z.enum(ORDER_STATUSES, { error: ORDER_FORM_MESSAGES.statusInvalid }),
		notes: text(ORDER_LIMITS.notes, messageRef('adminOrders.notesTooLong', { max: ORDER_LIMITS.notes })).optional(),
		courier: text(ORDER_LIMITS.courier, messageRef('adminOrders.courierTooLong', { max: ORDER_LIMITS.courier })).optional(),
		trackingNumber: text(
			ORDER_LIMITS.trackingNumber,
			messageRef('adminOrders.trackingTooLong', { max: ORDER_LIMITS.trackingNumber }),
		).optional(),
		items: z
			.array(orderItemSchema)
			.max(ORDER_LIMITS.maxItems, { error: messageRef('adminOrders.itemsTooMany', { max: ORDER_LIMITS.maxItems }) })
			.optional(),
		total: text(20, ORDER_FORM_MESSAGES.totalInvalid)
			.optional()
			.refine((v) => !v || parseRupeesToPaise(v) !== null, { error: ORDER_FORM_MESSAGES.totalInvalid }),
		// The customer's message, read into the form by the "paste" intent (orderPasteSchema); a save ignores it.
		pasted: text(ORDER_LIMITS.pasted, ORDER_FORM_MESSAGES.pastedTooLong).optional(),
		intent: z.enum(['save', 'paste']).optional(),
	})
	// Cross-field rules run even when a single field is wrong, so every message shows at once.
	.check(
		z.superRefine(
			(value, ctx) => {
				const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
				if (!text(value.phone) && !text(value.email)) {
					ctx.addIssue({ code: 'custom', path: ['phone'], message: ORDER_FORM_MESSAGES.contactRequired })
				}
				const items = Array.isArray(value.items) ? value.items : []
				items.forEach((item, index) => {
					if (text(item?.code) && (item?.quantity === undefined || item?.quantity === null)) {
						ctx.addIssue({ code: 'custom', path: ['items', index, 'quantity'], message: ORDER_FORM_MESSAGES.quantityInvalid })
					}
				})
				if (!items.some((item) => text(item?.code))) {
					ctx.addIssue({ code: 'custom', path: ['items'], message: ORDER_FORM_MESSAGES.itemsRequired })
				}
			},
			{ when: () => true },
		),
	)

export type OrderFormValue = z.output<typeof orderSchema>

/** "Fill in from the message" on the order form: only the pasted text is checked; nothing is saved. */
export const orderPasteSchema = z.object({
	intent: z.literal('paste'),
	pasted: text(ORDER_LIMITS.pasted, ORDER_FORM_MESSAGES.pastedTooLong, { required: ORDER_FORM_MESSAGES.pastedRequired }),
})

export type OrderLineInput = { index: number; id?: number; code: string; quantity: number }

/** The lines the seller filled in (rows without a product code are blank rows and are skipped). */
export function filledLines(value: OrderFormValue): OrderLineInput[] {
	return (value.items ?? []).flatMap((item, index) =>
		item.code ? [{ index, id: item.id, code: item.code, quantity: item.quantity ?? 1 }] : [],
	)
}

export const orderStatusSchema = z.object({
	intent: z.literal('status'),
	orderId: z.number().int().positive(),
	status: z.enum(ORDER_STATUSES, { error: ORDER_FORM_MESSAGES.statusInvalid }),
	// The list the change was made from (its search and page), to go back to.
	q: text(100, ORDER_FORM_MESSAGES.searchTooLong, { trim: false }).optional(),
	page: z.number().int().positive().optional(),
})

/** The order page's forms: paid on a day, or not paid after all; a new private link for the customer. */
export const orderPaymentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('paid'),
		paidOn: text(10, ORDER_FORM_MESSAGES.paidOnInvalid, { required: ORDER_FORM_MESSAGES.paidOnInvalid, trim: false })
			.refine(isCalendarDate, { error: ORDER_FORM_MESSAGES.paidOnInvalid })
			// Today in India, where the shop is (a UTC server is behind it until 5:30 in the morning).
			.refine((day) => day <= indiaDate(new Date()), { error: ORDER_FORM_MESSAGES.paidOnFuture }),
	}),
	z.object({ intent: z.literal('unpaid') }),
	z.object({ intent: z.literal('new-link') }),
])

/** What the order screens tell the seller once a save or delete is done (or failed). */
export const ORDER_MESSAGES = {
	created: messageRef('adminOrders.created'),
	updated: messageRef('adminOrders.updated'),
	createdStockShort: messageRef('adminOrders.createdStockShort'),
	updatedStockShort: messageRef('adminOrders.updatedStockShort'),
	// Said after "Restored" by the Trash, whose screen is not in the orders' area.
	stockShort: 'another order already holds the last piece of a saree in it',
	deleted: messageRef('adminOrders.deleted'),
	createFailed: messageRef('adminOrders.createFailed'),
	updateFailed: messageRef('adminOrders.updateFailed'),
	deleteFailed: messageRef('adminOrders.deleteFailed'),
} as const
