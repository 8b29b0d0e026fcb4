import { z } from 'zod'

import { PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { formatPaise, parseRupeesToPaise } from '~/utils/money'
import { parseRecordId } from '~/utils/record-id'

import { text } from './fields'
import { PRODUCT_MESSAGES } from './product'

// A change to several sarees at once from the admin products list: which sarees (the ticked ones, or
// every saree the list's filters match) and what to change. The address of the confirm page carries it
// all, and the confirm button posts the same fields, so the server checks the same thing twice.

/** The most sarees one can tick: one page of the list. More go by "all that match". */
export const MAX_TICKED_PRODUCTS = 50

/** A percentage change goes up to this, in either direction (down 100 % is a price of ₹0, refused per saree). */
const MAX_PERCENT = 1000

export const BULK_CHANGES = ['status', 'category', 'price', 'tag-add', 'tag-remove', 'delete'] as const
export type BulkChangeKind = (typeof BULK_CHANGES)[number]

export const BULK_CHANGE_LABELS: Record<BulkChangeKind, string> = {
	status: 'Set status',
	category: 'Move to category',
	price: 'Change price',
	'tag-add': 'Add a tag',
	'tag-remove': 'Remove a tag',
	delete: 'Delete',
}

export const PRICE_FIELDS = ['both', 'sale', 'original'] as const
export const PRICE_FIELD_LABELS: Record<(typeof PRICE_FIELDS)[number], string> = {
	both: 'Sale price and original price',
	sale: 'Sale price only',
	original: 'Original price (MRP) only',
}

export const BULK_MESSAGES = {
	plannedInvalid:
		'These sarees have changed since this summary was shown (was the change already made?). Nothing was written: check the list, then review the change again.',
	scopeRequired: 'Tick at least one saree, or choose all that match the filter.',
	idRequired: 'Tick at least one saree, or choose all that match the filter.',
	idInvalid: 'This selection is out of date. Please go back to the list and select again.',
	idTooMany: `Tick at most ${MAX_TICKED_PRODUCTS} sarees, or choose all that match the filter.`,
	formInvalid: `This change could not be read. Tick at most ${MAX_TICKED_PRODUCTS} sarees, or choose all that match the filter, and try again.`,
	changeRequired: 'Please select what to change.',
	statusRequired: 'Please select the new status.',
	categoryRequired: 'Please select the category to move them to.',
	percentInvalid: `Enter a percentage above 0 and at most ${MAX_PERCENT}, with at most 2 decimals (e.g. 10 or 12.5).`,
	amountInvalid: 'Enter an amount above 0 with at most 2 decimals, e.g. 500.',
	tagRequired: 'Please enter the tag.',
	tagInvalid: 'Keep the tag under 40 characters.',
	missing: (count: number) =>
		`${count === 1 ? 'One of the selected sarees no longer exists' : `${count} of the selected sarees no longer exist`}. Please go back to the list and select again.`,
	nothingSelected: 'No saree matches this selection any more.',
	priceTooLow: (price: number) => `The price would become ${formatPaise(price)}: a price must stay above ₹0.`,
	priceTooHigh: (price: number) => `The price would become ${formatPaise(price)}, more than a price can be.`,
	saleAboveOriginal: PRODUCT_MESSAGES.saleAboveOriginal,
	refused: 'Some sarees cannot take this change (listed below). Nothing was changed.',
	updated: (count: number) => (count === 1 ? '1 saree changed.' : `${count} sarees changed.`),
	deleted: (count: number) => (count === 1 ? '1 saree moved to the Trash.' : `${count} sarees moved to the Trash.`),
	updateFailed: 'Failed to change the sarees. Nothing was changed. Please try again.',
} as const

const choice = <const Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values).optional()

export const productBulkSchema = z
	.object({
		scope: z.enum(['selected', 'all'], { error: BULK_MESSAGES.scopeRequired }),
		id: z.array(text(16, BULK_MESSAGES.idInvalid)).max(MAX_TICKED_PRODUCTS, { error: BULK_MESSAGES.idTooMany, abort: true }).optional(),
		// The list's filters, for "all that match" and for the way back to the list.
		q: text(100, BULK_MESSAGES.idInvalid).optional(),
		status: text(20, BULK_MESSAGES.idInvalid).optional(),
		category: text(200, BULK_MESSAGES.idInvalid).optional(),
		photo: text(10, BULK_MESSAGES.idInvalid).optional(),
		change: z.enum(BULK_CHANGES, { error: BULK_MESSAGES.changeRequired }),
		/** What the summary showed (planKey): a confirm sent again after the change was made finds it changed. */
		planned: text(64, BULK_MESSAGES.plannedInvalid).optional(),
		/** The new status or the category moved to. */
		to: text(200, BULK_MESSAGES.categoryRequired).optional(),
		priceField: choice(PRICE_FIELDS),
		priceBy: choice(['percent', 'amount']),
		priceDirection: choice(['up', 'down']),
		priceValue: text(20, BULK_MESSAGES.amountInvalid).optional(),
		tag: text(40, BULK_MESSAGES.tagInvalid).optional(),
		/** Sent by the confirm page's own "Review" button: from then on, its fields show their messages. */
		review: z.literal('1').optional(),
	})
	.superRefine((value, context) => {
		const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message })
		if (value.change === 'status' && !(PRODUCT_STATUSES as readonly string[]).includes(value.to ?? ''))
			problem('to', BULK_MESSAGES.statusRequired)
		if (value.change === 'category' && !value.to) problem('to', BULK_MESSAGES.categoryRequired)
		if (value.change === 'price' && readPriceStep(value) === null)
			problem('priceValue', value.priceBy === 'amount' ? BULK_MESSAGES.amountInvalid : BULK_MESSAGES.percentInvalid)
		if ((value.change === 'tag-add' || value.change === 'tag-remove') && !value.tag) problem('tag', BULK_MESSAGES.tagRequired)
	})

export type ProductBulkValue = z.output<typeof productBulkSchema>

/** The sarees a bulk change is for, as its address or form says: the ticked ids, or all that match the list's filters. */
export function readBulkScope(params: URLSearchParams): { ids: number[] } | { all: true } | { problem: string } {
	const scope = params.get('scope')
	if (scope === 'all') return { all: true }
	if (scope !== 'selected') return { problem: BULK_MESSAGES.scopeRequired }
	const raw = params.getAll('id')
	if (!raw.length) return { problem: BULK_MESSAGES.idRequired }
	if (raw.length > MAX_TICKED_PRODUCTS) return { problem: BULK_MESSAGES.idTooMany }
	const ids = raw.map(parseRecordId)
	return ids.every((id) => id !== null) ? { ids: [...new Set(ids)] } : { problem: BULK_MESSAGES.idInvalid }
}

/** How a price changes: by hundredths of a percent or by paise, up or down, on the sale price, the MRP or both. */
export type PriceStep = {
	field: (typeof PRICE_FIELDS)[number]
	by: 'percent' | 'amount'
	/** Basis points (hundredths of a percent) or paise, signed: negative is down. */
	step: number
}

export type BulkChange =
	| { kind: 'status'; status: ProductStatus }
	| { kind: 'category'; category: string }
	| { kind: 'price'; price: PriceStep }
	| { kind: 'tag-add' | 'tag-remove'; tag: string }
	| { kind: 'delete' }

function readPriceStep(value: Pick<ProductBulkValue, 'priceField' | 'priceBy' | 'priceDirection' | 'priceValue'>): PriceStep | null {
	const raw = value.priceValue ?? ''
	const sign = value.priceDirection === 'down' ? -1 : 1
	const field = value.priceField ?? 'both'
	if (value.priceBy === 'amount') {
		const paise = parseRupeesToPaise(raw)
		return paise ? { field, by: 'amount', step: sign * paise } : null
	}
	if (!/^\d{1,4}(?:\.\d{1,2})?$/.test(raw)) return null
	const basisPoints = Math.round(Number(raw) * 100)
	return basisPoints > 0 && basisPoints <= MAX_PERCENT * 100 ? { field, by: 'percent', step: sign * basisPoints } : null
}

/** The change a valid form asks for. */
export function bulkChangeFromForm(value: ProductBulkValue): BulkChange {
	switch (value.change) {
		case 'status':
			return { kind: 'status', status: value.to as ProductStatus }
		case 'category':
			return { kind: 'category', category: value.to! }
		case 'price':
			return { kind: 'price', price: readPriceStep(value)! }
		case 'tag-add':
		case 'tag-remove':
			return { kind: value.change, tag: value.tag!.replace(/\s+/g, ' ') }
		case 'delete':
			return { kind: 'delete' }
	}
}

/** A price after the step, in whole rupees (a half rupee rounds up). */
export function steppedPrice(paise: number, price: PriceStep) {
	const exact = price.by === 'percent' ? (paise * (10_000 + price.step)) / 10_000 : paise + price.step
	return Math.round(exact / 100) * 100
}
