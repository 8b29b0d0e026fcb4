import { z } from 'zod'

import { PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { type MessageKey } from '~/i18n/translate'
import { formatPaise, parseRupeesToPaise } from '~/utils/money'
import { parseRecordId } from '~/utils/record-id'

import { text } from './fields'

// A change to several sarees at once from the admin products list: which sarees (the ticked ones, or
// every saree the list's filters match) and what to change. The address of the confirm page carries it
// all, and the confirm button posts the same fields, so the server checks the same thing twice.

/** The most sarees one can tick: one page of the list. More go by "all that match". */
export const MAX_TICKED_PRODUCTS = 50

/** A percentage change goes up to this, in either direction (down 100 % is a price of ₹0, refused per saree). */
const MAX_PERCENT = 1000

export const BULK_CHANGES = ['status', 'category', 'price', 'tag-add', 'tag-remove', 'delete'] as const
export type BulkChangeKind = (typeof BULK_CHANGES)[number]

/** Each change's name in the catalogue (adminBulk). */
export const BULK_CHANGE_KEYS = {
	status: 'adminBulk.changeStatus',
	category: 'adminBulk.changeCategory',
	price: 'adminBulk.changePrice',
	'tag-add': 'adminBulk.changeTagAdd',
	'tag-remove': 'adminBulk.changeTagRemove',
	delete: 'adminBulk.changeDelete',
} as const satisfies Record<BulkChangeKind, MessageKey>

export const PRICE_FIELDS = ['both', 'sale', 'original'] as const
export const PRICE_FIELD_KEYS = {
	both: 'adminBulk.priceBoth',
	sale: 'adminBulk.priceSale',
	original: 'adminBulk.priceOriginal',
} as const satisfies Record<(typeof PRICE_FIELDS)[number], MessageKey>

// Refs (messageRef): shown in the reader's language where they appear (docs/decisions/0045).
export const BULK_MESSAGES = {
	plannedInvalid: messageRef('adminBulk.plannedInvalid'),
	scopeRequired: messageRef('adminBulk.scopeRequired'),
	idRequired: messageRef('adminBulk.scopeRequired'),
	idInvalid: messageRef('adminBulk.idInvalid'),
	idTooMany: messageRef('adminBulk.idTooMany', { max: MAX_TICKED_PRODUCTS }),
	formInvalid: messageRef('adminBulk.formInvalid', { max: MAX_TICKED_PRODUCTS }),
	changeRequired: messageRef('adminBulk.changeRequired'),
	statusRequired: messageRef('adminBulk.statusRequired'),
	categoryRequired: messageRef('adminBulk.categoryRequired'),
	percentInvalid: messageRef('adminBulk.percentInvalid', { max: MAX_PERCENT }),
	amountInvalid: messageRef('adminBulk.amountInvalid'),
	tagRequired: messageRef('adminBulk.tagRequired'),
	tagInvalid: messageRef('adminBulk.tagInvalid'),
	missing: (count: number) => messageRef('adminBulk.missing', { count }),
	nothingSelected: messageRef('adminBulk.nothingSelected'),
	priceTooLow: (price: number) => messageRef('adminBulk.priceTooLow', { price: formatPaise(price) }),
	priceTooHigh: (price: number) => messageRef('adminBulk.priceTooHigh', { price: formatPaise(price) }),
	saleAboveOriginal: messageRef('adminBulk.saleAboveOriginal'),
	refused: messageRef('adminBulk.refused'),
	updateFailed: messageRef('adminBulk.updateFailed'),
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
