import { z } from 'zod'

import { LIMITS, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { megabytes } from '~/schemas/image-upload'
import { unguardCsvField } from '~/utils/csv'
import { paiseToInput } from '~/utils/money'

import { CATEGORY_NAME_MAX_LENGTH } from './category'
import { text } from './fields'
import { PRODUCT_MESSAGES, type ProductFields } from './product'

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

export const CATALOGUE_IMPORT_MESSAGES = {
	csvRequired: 'Please choose a CSV file to import.',
	csvTooLarge: `The CSV file is larger than ${mb(CATALOGUE_IMPORT_LIMITS.csvBytes)}. Please split it into smaller files.`,
	zipTooLarge: `The ZIP of photos is larger than ${mb(CATALOGUE_IMPORT_LIMITS.zipBytes)}. Please split it into smaller ZIPs.`,
	csvEncoding: (found: string) =>
		`This file is in ${found}, not UTF-8. Please save it as "CSV UTF-8" (in Excel: Save As → CSV UTF-8) and upload it again.`,
	csvHeader: "The first line must name the columns: code and name (the shop's own file), or id and title (a Meta or WhatsApp catalogue).",
	csvEmpty: 'The file has a header line but no sarees.',
	csvRecordTooLong: (line: number) =>
		`Line ${line} is longer than ${CATALOGUE_IMPORT_LIMITS.recordChars / 1024} KB: this does not look like a catalogue. Please check the file.`,
	csvTooManyColumns: (line: number) =>
		`Line ${line} has more than ${CATALOGUE_IMPORT_LIMITS.columns} columns: this does not look like a catalogue. Please check the file.`,
	csvMalformed: (line: number) => `The file stops being valid CSV at line ${line} (a quote opened and not closed?). Please check the file.`,
	zipUnreadable: 'The photos file is not a ZIP that can be read. Please make the ZIP again.',
	zipTooManyFiles: (count: number) =>
		`The ZIP holds ${count.toLocaleString('en-IN')} files; at most ${CATALOGUE_IMPORT_LIMITS.zipEntries.toLocaleString('en-IN')} are read. Please split it into smaller ZIPs.`,
	zipUnsafeName: (name: string) =>
		`The ZIP holds a file named "${name}", which points outside the ZIP. Please make the ZIP again from the photos only.`,
	zipEntryTooLarge: (name: string) => `${name} is larger than ${mb(LIMITS.maxImageBytes)} once unpacked. Please use a smaller photo.`,
	zipTooLargeTotal: 'The photos in the ZIP are too large together once unpacked. Please split them into smaller ZIPs.',
	zipEncrypted: (name: string) => `${name} is protected by a password. Please make the ZIP without one.`,
	zipNoCode: (name: string) => `${name} is not named after a code in the CSV (name photos like KPI-101.jpg, KPI-101-2.jpg).`,
	zipTooManyPhotos: (code: string) => `${code} has more than ${LIMITS.maxProductImages} photos in the ZIP.`,
	duplicateCode: (row: number) => `This code is also on row ${row}.`,
	statusInvalid: 'Use one of: active, draft, out_of_stock.',
	categoryInvalid: "This is not one of the shop's categories: use a name from Settings → Categories, or add it there first.",
	importGone: `This upload is no longer here (files wait ${CATALOGUE_IMPORT_LIMITS.holdMinutes} minutes for their import). Please upload them again.`,
	hasProblems: 'Some rows have problems: correct them in the file and upload it again. Nothing was imported.',
	importFailed: 'The import failed. Nothing was changed. Please try again.',
	imported: (counts: { added: number; updated: number }) => `Imported: ${counts.added} new, ${counts.updated} updated.`,
	nothingToImport: 'Nothing to import: every saree in the file is already as it says.',
} as const

export const CATALOGUE_IMPORT_INTENTS = ['preview', 'commit'] as const

/** The import form's text fields; the files come as `csv` and `photos`. */
export const catalogueImportSchema = z.object({
	intent: z.enum(CATALOGUE_IMPORT_INTENTS).optional(),
	/** For new sarees whose row names no category (Meta's file has none). */
	category: text(CATEGORY_NAME_MAX_LENGTH, PRODUCT_MESSAGES.categoryInvalid).optional(),
	/** The upload a commit imports (the preview's). */
	upload: text(32, CATALOGUE_IMPORT_MESSAGES.importGone)
		.regex(/^[a-f0-9]{32}$/, CATALOGUE_IMPORT_MESSAGES.importGone)
		.optional(),
})

export function isProductStatus(value: string | undefined): value is ProductStatus {
	return (PRODUCT_STATUSES as readonly string[]).includes(value ?? '')
}
