import { z } from 'zod'

import { LIMITS, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { megabytes } from '~/schemas/image-upload'
import { unguardCsvField } from '~/utils/csv'
import { paiseToInput } from '~/utils/money'

import { CATEGORY_NAME_MAX_LENGTH } from './category'
import { text } from './fields'
import { type ProductFields } from './product'

// The catalogue file, both ways (docs/decisions/0038): the columns the shop writes and reads back,
// the product CSV Meta Commerce Manager and WhatsApp Business export, how a row of either becomes the
// product editor's form (so each row is validated exactly as the editor validates), and the import
// screen's messages. Each row's own messages are the editor's (PRODUCT_MESSAGES).

/** The shop's own catalogue file, in this order. Prices in rupees; photos as the ZIP names them. */
export const CATALOGUE_COLUMNS = [
	'code',
	'name',
	'name_te',
	'name_hi',
	'description',
	'description_te',
	'description_hi',
	'category',
	'status',
	'stock',
	'original_price',
	'sale_price',
	'tags',
	'photos',
] as const

/** The product editor's fields a column fills (`photos` is written for the seller to read, never read back). */
const OWN_FIELDS = {
	code: 'code',
	name: 'name',
	name_te: 'nameTe',
	name_hi: 'nameHi',
	description: 'description',
	description_te: 'descriptionTe',
	description_hi: 'descriptionHi',
	category: 'category',
	status: 'status',
	stock: 'stock',
	original_price: 'originalPrice',
	sale_price: 'salePrice',
	tags: 'tags',
} as const

/** Meta's product CSV (what app/services/catalogue-feed.server.ts writes, and what Commerce Manager exports). */
const META_FIELDS = {
	id: 'code',
	title: 'name',
	description: 'description',
	availability: 'status',
	price: 'originalPrice',
	sale_price: 'salePrice',
} as const

export type CatalogueFormat = 'own' | 'meta'
export type ProductFormField = (typeof OWN_FIELDS)[keyof typeof OWN_FIELDS]
/** A row as the product editor's form would post it: only the fields its file has. */
export type ProductFormInput = Partial<Record<ProductFormField, string>>

/** Which file a header line is, and where each field is in it; null for a header of neither. */
export function readCatalogueHeader(header: readonly string[]) {
	const names = header.map((name) => name.trim().toLowerCase())
	const format: CatalogueFormat | null =
		names.includes('code') && names.includes('name') ? 'own' : names.includes('id') && names.includes('title') ? 'meta' : null
	if (!format) return null
	const fields: Record<string, ProductFormField> = format === 'own' ? OWN_FIELDS : META_FIELDS
	const columns = new Map<ProductFormField, { index: number; column: string }>()
	names.forEach((name, index) => {
		const field = fields[name]
		if (field && !columns.has(field)) columns.set(field, { index, column: header[index]!.trim() })
	})
	return { format, columns }
}

export type CatalogueHeader = NonNullable<ReturnType<typeof readCatalogueHeader>>

/** "In stock", "out of stock", …: Meta's availability values, as the shop's statuses. */
function metaStatus(availability: string): string {
	const value = availability.trim().toLowerCase().replace(/_/g, ' ')
	if (value === 'out of stock' || value === 'discontinued') return 'out_of_stock'
	if (value === 'in stock' || value === 'available for order' || value === 'preorder') return 'active'
	return availability
}

/** A status by its value or its label ("Out of Stock"), any letter case; anything else as it was. */
function ownStatus(status: string): string {
	const value = status.trim().toLowerCase()
	return PRODUCT_STATUSES.find((s) => s === value || PRODUCT_STATUS_LABELS[s].toLowerCase() === value) ?? status
}

/**
 * A category by its English name in any letter case, spelt as the shop spells it (`categories`: the
 * seller's, from the table); a name that is none of them is kept as written, for the editor's check to refuse.
 */
export function categoryOfName(name: string, categories: readonly string[]): string {
	const value = name.trim().toLowerCase()
	return categories.find((category) => category.toLowerCase() === value) ?? name.trim()
}

/** The fields of one record, each cell as text again (the export's formula guard taken off). */
export function rowToFormInput(fields: readonly string[], header: CatalogueHeader, categories: readonly string[]): ProductFormInput {
	const input: ProductFormInput = {}
	for (const [field, { index }] of header.columns) {
		let value = unguardCsvField(fields[index] ?? '')
		if (field === 'status') value = header.format === 'meta' ? metaStatus(value) : ownStatus(value)
		// Meta writes a price with its currency: "12500.00 INR".
		if ((field === 'originalPrice' || field === 'salePrice') && header.format === 'meta')
			value = value
				.trim()
				.replace(/ ?INR$/i, '')
				.trim()
		if (field === 'category') value = categoryOfName(value, categories)
		input[field] = value
	}
	return input
}

/** A saved product as the editor's form shows it: the start a row of the file changes. */
export function productFormInput(product: ProductFields): Required<ProductFormInput> {
	return {
		code: product.code,
		name: product.name,
		nameTe: product.nameTe,
		nameHi: product.nameHi,
		description: product.description,
		descriptionTe: product.descriptionTe,
		descriptionHi: product.descriptionHi,
		category: product.category,
		status: product.status,
		stock: String(product.stock),
		originalPrice: paiseToInput(product.originalPricePaise),
		salePrice: paiseToInput(product.salePricePaise),
		tags: product.tags.join(', '),
	}
}

/** A product's fields as a line of the shop's file, in CATALOGUE_COLUMNS order. */
export function catalogueRow(product: ProductFields, photoNames: string[]): string[] {
	const input = productFormInput(product)
	return CATALOGUE_COLUMNS.map((column) => (column === 'photos' ? photoNames.join(' ') : input[OWN_FIELDS[column]]))
}

/** The column a form field came from, to name it in a row's problem. */
export function columnOfField(header: CatalogueHeader, field: string) {
	return header.columns.get(field as ProductFormField)?.column ?? field
}

export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const

/** A photo's name in the ZIP, by code and place: KPI-101.jpg (the first), KPI-101-2.jpg, … */
export function photoNameOf(code: string, position: number, extension = 'jpg') {
	return position === 0 ? `${code}.${extension}` : `${code}-${position + 1}.${extension}`
}

/**
 * The code and place a ZIP entry's name gives ("sarees/KPI-101-2.JPG" → KPI-101, second), given the
 * codes the file has (by lower case); null when it names none of them. A code that itself ends in a
 * number ("KPI-101") wins over reading that number as a place.
 */
export function photoOfName(name: string, codes: ReadonlySet<string>): { code: string; position: number } | null {
	const base = name.split('/').at(-1) ?? ''
	const match = /^(.+)\.([a-z]+)$/i.exec(base)
	if (!match || !(PHOTO_EXTENSIONS as readonly string[]).includes(match[2]!.toLowerCase())) return null
	const stem = match[1]!.toLowerCase()
	if (codes.has(stem)) return { code: stem, position: 0 }
	const numbered = /^(.+)-(\d{1,2})$/.exec(stem)
	if (numbered && codes.has(numbered[1]!) && Number(numbered[2]) >= 2) return { code: numbered[1]!, position: Number(numbered[2]) - 1 }
	return null
}

export const CATALOGUE_IMPORT_LIMITS = {
	csvBytes: 64 * 1024 * 1024,
	zipBytes: 512 * 1024 * 1024,
	/** One record: five long texts in a 3-byte script fit many times over. */
	recordChars: 256 * 1024,
	columns: 64,
	zipEntries: 5_000,
	zipTotalBytes: 2 * 1024 * 1024 * 1024,
	/** Rows with a problem listed on the preview (all are counted). */
	problemsShown: 200,
	/** How long an uploaded file waits for its commit. */
	holdMinutes: 60,
} as const

const mb = megabytes

// Refs (messageRef): shown in the reader's language where they appear (docs/decisions/0045).
export const CATALOGUE_IMPORT_MESSAGES = {
	csvRequired: messageRef('adminImport.csvRequired'),
	formUnreadable: messageRef('adminImport.formUnreadable'),
	csvTooLarge: messageRef('adminImport.csvTooLarge', { size: mb(CATALOGUE_IMPORT_LIMITS.csvBytes) }),
	zipTooLarge: messageRef('adminImport.zipTooLarge', { size: mb(CATALOGUE_IMPORT_LIMITS.zipBytes) }),
	/** `found`: the encoding's name, as Excel and Notepad name it (UTF-16, Latin-1 (Windows-1252)). */
	csvEncoding: (found: string) => messageRef('adminImport.csvEncoding', { found }),
	csvHeader: messageRef('adminImport.csvHeader'),
	csvEmpty: messageRef('adminImport.csvEmpty'),
	csvRecordTooLong: (line: number) =>
		messageRef('adminImport.csvRecordTooLong', { line, size: `${CATALOGUE_IMPORT_LIMITS.recordChars / 1024} KB` }),
	csvTooManyColumns: (line: number) => messageRef('adminImport.csvTooManyColumns', { line, max: CATALOGUE_IMPORT_LIMITS.columns }),
	csvMalformed: (line: number) => messageRef('adminImport.csvMalformed', { line }),
	zipUnreadable: messageRef('adminImport.zipUnreadable'),
	zipTooManyFiles: (count: number) =>
		messageRef('adminImport.zipTooManyFiles', {
			count: count.toLocaleString('en-IN'),
			max: CATALOGUE_IMPORT_LIMITS.zipEntries.toLocaleString('en-IN'),
		}),
	zipUnsafeName: (name: string) => messageRef('adminImport.zipUnsafeName', { name }),
	zipEntryTooLarge: (name: string) => messageRef('adminImport.zipEntryTooLarge', { name, size: mb(LIMITS.maxImageBytes) }),
	zipTooLargeTotal: messageRef('adminImport.zipTooLargeTotal'),
	zipEncrypted: (name: string) => messageRef('adminImport.zipEncrypted', { name }),
	zipNoCode: (name: string) => messageRef('adminImport.zipNoCode', { name }),
	zipTooManyPhotos: (code: string) => messageRef('adminImport.zipTooManyPhotos', { code, max: LIMITS.maxProductImages }),
	duplicateCode: (row: number) => messageRef('adminImport.duplicateCode', { row }),
	statusInvalid: messageRef('adminImport.statusInvalid'),
	defaultCategoryInvalid: messageRef('adminImport.defaultCategoryInvalid'),
	categoryInvalid: messageRef('adminImport.categoryInvalid'),
	importGone: messageRef('adminImport.importGone', { minutes: CATALOGUE_IMPORT_LIMITS.holdMinutes }),
	hasProblems: messageRef('adminImport.hasProblems'),
	importFailed: messageRef('adminImport.importFailed'),
} as const

export const CATALOGUE_IMPORT_INTENTS = ['preview', 'commit'] as const

/** The import form's text fields; the files come as `csv` and `photos`. */
export const catalogueImportSchema = z.object({
	intent: z.enum(CATALOGUE_IMPORT_INTENTS).optional(),
	/** For new sarees whose row names no category (Meta's file has none). */
	category: text(CATEGORY_NAME_MAX_LENGTH, CATALOGUE_IMPORT_MESSAGES.defaultCategoryInvalid).optional(),
	/** The upload a commit imports (the preview's). */
	upload: text(32, CATALOGUE_IMPORT_MESSAGES.importGone)
		.regex(/^[a-f0-9]{32}$/, CATALOGUE_IMPORT_MESSAGES.importGone)
		.optional(),
})

export function isProductStatus(value: string | undefined): value is ProductStatus {
	return (PRODUCT_STATUSES as readonly string[]).includes(value ?? '')
}
