import { z } from 'zod'

import { LIMITS, PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { parseRupeesToPaise } from '~/utils/money'
import { isProductCode, normaliseProductCode, PRODUCT_CODE_MAX_LENGTH } from '~/utils/product-code'

import { CATEGORY_NAME_MAX_LENGTH } from './category'
import { text, translated } from './fields'

// The Add/Edit Product form, validated the same way in the browser (Conform) and on the server.

// Refs to the catalogue (adminProductEditor), shown in the reader's language where they appear.
export const PRODUCT_MESSAGES = {
	nameRequired: messageRef('adminProductEditor.nameRequired'),
	codeRequired: messageRef('adminProductEditor.codeRequired'),
	codeTooLong: messageRef('adminProductEditor.codeTooLong', { max: PRODUCT_CODE_MAX_LENGTH }),
	codeCharacters: messageRef('adminProductEditor.codeCharacters'),
	categoryRequired: messageRef('adminProductEditor.categoryRequired'),
	categoryInvalid: messageRef('adminProductEditor.categoryInvalid'),
	codeTaken: messageRef('adminProductEditor.codeTaken'),
	originalPriceRequired: messageRef('adminProductEditor.originalPriceRequired'),
	priceInvalid: messageRef('adminProductEditor.priceInvalid'),
	saleAboveOriginal: messageRef('adminProductEditor.saleAboveOriginal'),
	stockInvalid: messageRef('adminProductEditor.stockInvalid'),
	saveFailed: messageRef('adminProductEditor.saveFailed'),
} as const

// `save` is the form's hidden default button (Enter in a field): it keeps the Status select's choice.
export const PRODUCT_INTENTS = ['publish', 'draft', 'save'] as const
export type ProductIntent = (typeof PRODUCT_INTENTS)[number]

const MAX_STOCK = 100_000

const PRICE_MAX_LENGTH = 20

const optionalPrice = text(PRICE_MAX_LENGTH, PRODUCT_MESSAGES.priceInvalid)
	.optional()
	.refine((v) => v === undefined || v === '' || parseRupeesToPaise(v) !== null, PRODUCT_MESSAGES.priceInvalid)

/**
 * A product code as the seller typed it, in its one spelling (see normaliseProductCode): look-alikes of
 * an existing code are that code, and anything but letters, digits and hyphens is refused here.
 */
const productCode = text(PRODUCT_CODE_MAX_LENGTH * 4, PRODUCT_MESSAGES.codeTooLong, { required: PRODUCT_MESSAGES.codeRequired })
	.transform(normaliseProductCode)
	.pipe(
		// (Conform reads an empty result, such as a code of invisible characters only, as no code at all.)
		z
			.string({ error: PRODUCT_MESSAGES.codeRequired })
			.min(1, PRODUCT_MESSAGES.codeRequired)
			.max(PRODUCT_CODE_MAX_LENGTH, PRODUCT_MESSAGES.codeTooLong)
			.refine((code) => !code || code.length > PRODUCT_CODE_MAX_LENGTH || isProductCode(code), PRODUCT_MESSAGES.codeCharacters),
	)

/** Inputs the page fills in itself (image keys, positions): a bound, and a plain message if broken. */
const hiddenText = (max: number) => text(max, messageRef('adminProductEditor.formOutOfDate'), { trim: false })

const DESCRIPTION_MAX = 5000
const NAME_MAX = 200
const TAGS_MAX = 500

const description = (tooLong: string) =>
	text(DESCRIPTION_MAX, tooLong, { trim: false })
		// Browsers send textarea line breaks as CRLF; store plain LF.
		.transform((v) => v.replace(/\r\n?/g, '\n'))
		.optional()

export const productFormSchema = z
	.object({
		intent: z.enum(PRODUCT_INTENTS).optional(),
		name: text(NAME_MAX, messageRef('adminProductEditor.nameTooLong', { max: NAME_MAX }), { required: PRODUCT_MESSAGES.nameRequired }),
		...translated('name', (_, language) =>
			text(NAME_MAX, messageRef('adminProductEditor.nameInTooLong', { language, max: NAME_MAX })).optional(),
		),
		code: productCode,
		description: description(messageRef('adminProductEditor.descriptionTooLong', { max: DESCRIPTION_MAX })),
		...translated('description', (_, language) =>
			description(messageRef('adminProductEditor.descriptionInTooLong', { language, max: DESCRIPTION_MAX })),
		),
		originalPrice: text(PRICE_MAX_LENGTH, PRODUCT_MESSAGES.priceInvalid, { required: PRODUCT_MESSAGES.originalPriceRequired }).refine(
			(v) => parseRupeesToPaise(v) !== null,
			PRODUCT_MESSAGES.priceInvalid,
		),
		salePrice: optionalPrice,
		stock: text(10, PRODUCT_MESSAGES.stockInvalid)
			.optional()
			.refine((v) => v === undefined || v === '' || (/^\d{1,6}$/.test(v) && Number(v) <= MAX_STOCK), PRODUCT_MESSAGES.stockInvalid),
		status: z.enum(PRODUCT_STATUSES).optional(),
		// One of the seller's categories by its English name: the server checks it is one (findCategoryName).
		category: text(CATEGORY_NAME_MAX_LENGTH, PRODUCT_MESSAGES.categoryInvalid, { required: PRODUCT_MESSAGES.categoryRequired }),
		tags: text(TAGS_MAX, messageRef('adminProductEditor.tagsTooLong', { max: TAGS_MAX }), { trim: false }).optional(),
		/** The product's current images (edit only): position numbers and remove boxes. */
		existing: z
			.array(z.object({ key: hiddenText(200), position: hiddenText(10).optional(), remove: hiddenText(10).optional() }))
			.max(LIMITS.maxProductImages)
			.optional(),
		/** With JavaScript: the place of each newly chosen file in the combined order. */
		newPosition: z.array(hiddenText(10)).max(LIMITS.maxProductImages).optional(),
		/** Duplicate (add only): the product copied, and the keys of its photos chosen to be copied too. */
		copyFrom: hiddenText(12).optional(),
		copyImage: z.array(hiddenText(200)).max(LIMITS.maxProductImages).optional(),
		sharedPhoto: z.array(hiddenText(2)).max(LIMITS.maxProductImages).optional(),
	})
	.refine(
		(value) => {
			const original = parseRupeesToPaise(value.originalPrice ?? '')
			const sale = value.salePrice ? parseRupeesToPaise(value.salePrice) : null
			return original === null || sale === null || sale <= original
		},
		{
			path: ['salePrice'],
			message: PRODUCT_MESSAGES.saleAboveOriginal,
			// Checked even while other fields (name, category...) still have errors, so every message shows at once.
			when: (payload) => {
				const value = payload.value as { originalPrice?: unknown; salePrice?: unknown }
				return typeof value?.originalPrice === 'string' && typeof value.salePrice === 'string'
			},
		},
	)

export type ProductFormValue = z.output<typeof productFormSchema>

/** "silk, wedding , ,Red" → ["silk", "wedding", "Red"]: trimmed, empties and repeats dropped. */
export function parseTags(input: string | undefined | null): string[] {
	const seen = new Set<string>()
	const tags: string[] = []
	for (const raw of (input ?? '').split(',')) {
		const tag = raw.trim().replace(/\s+/g, ' ').slice(0, 40)
		if (!tag || seen.has(tag.toLowerCase())) continue
		seen.add(tag.toLowerCase())
		tags.push(tag)
	}
	return tags
}

/**
 * The status a save ends in. The buttons decide (Publish → active, Save as Draft → draft), except that
 * publishing keeps "out of stock" when the Status select says so: a sold-out saree stays listed.
 */
export function resolveProductStatus(intent: ProductIntent | undefined, selected: ProductStatus | undefined): ProductStatus {
	if (intent === 'draft') return 'draft'
	if (intent === 'publish') return selected === 'out_of_stock' ? 'out_of_stock' : 'active'
	return selected ?? 'draft'
}

/** The product fields as stored, from a valid form. */
export function productFieldsFromForm(value: ProductFormValue, status: ProductStatus) {
	const original = parseRupeesToPaise(value.originalPrice)!
	const sale = value.salePrice ? parseRupeesToPaise(value.salePrice)! : original
	return {
		name: value.name,
		code: value.code,
		description: (value.description ?? '').trim(),
		nameTe: value.nameTe ?? '',
		nameHi: value.nameHi ?? '',
		descriptionTe: (value.descriptionTe ?? '').trim(),
		descriptionHi: (value.descriptionHi ?? '').trim(),
		originalPricePaise: original,
		salePricePaise: sale,
		stock: value.stock ? Number(value.stock) : 0,
		status,
		category: value.category,
		tags: parseTags(value.tags),
	}
}

export type ProductFields = ReturnType<typeof productFieldsFromForm>
