import type { Kysely } from 'kysely'

import type { ProductStatus } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'
import type { StoredImage } from '~/utils/media'
import type { Translations } from '~/utils/translations'

import { containsText, inTransaction, isUniqueViolation, readTags, writeTags } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'
import { CARD_COLUMNS, firstImages, listProductImages, type ProductCard, toCardFields } from './products-rows.server'

// The seller's side of the catalogue: the list with its filters, the edit form's data, and every
// write. Functions take the database last (`db`, default the shop's), so tests and the demo write
// through the same code as the admin screens.

export type AdminProductFilters = {
	q?: string | null
	status?: ProductStatus | null
	/** A category's English name, exactly. */
	category?: string | null
	/** Only sarees without a single photo. */
	noPhoto?: boolean
}

/** The products the filters match, as a query to count, read or select ids from. */
export function filteredProducts(filters: AdminProductFilters, db: Kysely<DB> = getDb()) {
	let query = db.selectFrom('products')
	const q = filters.q?.trim()
	if (q) query = query.where((eb) => eb.or([containsText('name', q), containsText('code', q)]))
	if (filters.status) query = query.where('status', '=', filters.status)
	if (filters.category) query = query.where('category', '=', filters.category)
	if (filters.noPhoto)
		query = query.where(({ not, exists, selectFrom }) =>
			not(exists(selectFrom('product_images').select('product_images.id').whereRef('product_images.product_id', '=', 'products.id'))),
		)
	return query
}

export type AdminProductFields = Translations<'name' | 'description'> & {
	name: string
	code: string
	description: string
	originalPricePaise: number
	salePricePaise: number
	stock: number
	status: ProductStatus
	/** The English name of one of the seller's categories. */
	category: string
	tags: string[]
}

/** A row of the admin list: the product and its first image. */
export type AdminProductListItem = Omit<ProductCard, 'image' | 'soldOut' | 'reserved' | 'langs'> & {
	stock: number
	status: ProductStatus
	createdAt: string
	updatedAt: string
	cover: StoredImage | null
}

/** What the edit form shows: the saved fields and the images in their order. */
export type ProductForEdit = AdminProductFields & { id: number; createdAt: string; updatedAt: string; images: StoredImage[] }

/** Thrown when another product already uses the code (any letter case). */
export class DuplicateProductCodeError extends Error {
	constructor() {
		super('A product with this code already exists.')
		this.name = 'DuplicateProductCodeError'
	}
}

/** The admin list: newest first, filtered, each with its cover image (first by position). */
/** Rows per page of the admin products list: enough to scroll on a phone, few enough to stay fast at 10 000. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50

/**
 * One page of the admin products list, newest first, with the number of products the filters match
 * and the number of the page read. With `lastPageIfPast`, a page past the end (a deleted product
 * shortened the list, an edited address) reads the last one instead.
 */
export async function listProductsForAdmin(
	{ page: asked = 1, lastPageIfPast = false, ...filters }: AdminProductFilters & { page?: number; lastPageIfPast?: boolean } = {},
	db: Kysely<DB> = getDb(),
): Promise<{ products: AdminProductListItem[]; total: number; pageSize: number; page: number }> {
	const query = filteredProducts(filters, db)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const lastPage = Math.max(1, Math.ceil(Number(count) / ADMIN_PRODUCTS_PAGE_SIZE))
	const page = lastPageIfPast ? Math.min(Math.max(1, asked), lastPage) : Math.max(1, asked)
	const rows = await query
		.select([...CARD_COLUMNS, 'stock', 'status', 'created_at', 'updated_at'])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(ADMIN_PRODUCTS_PAGE_SIZE)
		.offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
		.execute()
	const covers = await firstImages(
		db,
		rows.map((r) => r.id),
	)
	const products = rows.map((r) => ({
		...toCardFields(r),
		stock: r.stock,
		status: r.status,
		createdAt: r.created_at,
		updatedAt: r.updated_at,
		cover: covers.get(r.id) ?? null,
	}))
	return { products, total: Number(count), pageSize: ADMIN_PRODUCTS_PAGE_SIZE, page }
}

/** Everything the edit form shows, with the images in their order; null when there is no such product. */
export async function getProductForEdit(id: number, db: Kysely<DB> = getDb()): Promise<ProductForEdit | null> {
	const row = await db
		.selectFrom('products')
		.select([...CARD_COLUMNS, 'description', 'stock', 'status', 'tags', 'created_at', 'updated_at'])
		.select(['name_te', 'name_hi', 'description_te', 'description_hi'])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		name: row.name,
		nameTe: row.name_te,
		nameHi: row.name_hi,
		code: row.code,
		description: row.description,
		descriptionTe: row.description_te,
		descriptionHi: row.description_hi,
		originalPricePaise: row.original_price_paise,
		salePricePaise: row.sale_price_paise,
		stock: row.stock,
		status: row.status,
		// The column's CHECK allows only the three categories.
		category: row.category,
		tags: readTags(row.tags),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
		images: await listProductImages(db, id),
	}
}

/** The name and code of a product (for the delete confirmation); null when missing. */
export async function getProductNameForAdmin(
	id: number,
	db: Kysely<DB> = getDb(),
): Promise<{ id: number; name: string; code: string } | null> {
	return (await db.selectFrom('products').select(['id', 'name', 'code']).where('id', '=', id).executeTakeFirst()) ?? null
}

/** Whether another product uses `code`; the column's NOCASE collation makes this case-insensitive. */
export async function isProductCodeTaken(code: string, exceptId?: number, db: Kysely<DB> = getDb()) {
	let query = db.selectFrom('products').select('id').where('code', '=', code.trim())
	if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
	return (await query.executeTakeFirst()) !== undefined
}

/** Creates a product with its images (in order) in one transaction; returns its id. `now` is its creation time. */
export async function createProduct(fields: AdminProductFields, images: StoredImage[], db: Kysely<DB> = getDb(), now = nowIso()) {
	try {
		return await inTransaction(db, async (trx) => {
			const { id } = await trx
				.insertInto('products')
				.values({ ...productRow(fields), created_at: now, updated_at: now })
				.returning('id')
				.executeTakeFirstOrThrow()
			await insertImages(trx, id, images, now)
			return id
		})
	} catch (error) {
		throw isUniqueViolation(error, 'products.code') ? new DuplicateProductCodeError() : error
	}
}

/**
 * Saves the fields and replaces the image list with `images` (kept and new ones, in their new order).
 * Returns the keys of images no longer used (delete their files after this commits), or null when
 * the product does not exist.
 */
export async function updateProduct(id: number, fields: AdminProductFields, images: StoredImage[], db: Kysely<DB> = getDb()) {
	const now = nowIso()
	try {
		return await inTransaction(db, async (trx) => {
			const updated = await trx
				.updateTable('products')
				.set({ ...productRow(fields), updated_at: now })
				.where('id', '=', id)
				.executeTakeFirst()
			if (Number(updated.numUpdatedRows) === 0) return null
			const before = await mediaKeysOfRecord(trx, 'products', id)
			await trx.deleteFrom('product_images').where('product_id', '=', id).execute()
			await insertImages(trx, id, images, now)
			const kept = new Set(images.map((image) => image.key))
			return before.filter((key) => !kept.has(key))
		})
	} catch (error) {
		throw isUniqueViolation(error, 'products.code') ? new DuplicateProductCodeError() : error
	}
}

/** What an editor's save starts from, read before any of its photo files are stored. */
export type ProductSaveStart = {
	/** The product's photos in their order (none for a new product). */
	images: StoredImage[]
	/** For a new product copied from another: that saree's photos in their order. */
	copyImages: StoredImage[]
	/** Another product already uses the code (any letter case). */
	codeTaken: boolean
}

/**
 * The product editor's save, in one visit: reads what the save starts from, hands it to `prepare`
 * (which stores the photo files outside any transaction, and answers the fields and the final photo
 * list, or throws to refuse), then writes them in one transaction. Answers the product's id and the
 * keys of photos it no longer uses (delete their files after this), or null when the product to
 * update does not exist (then `prepare` is never called).
 */
export async function saveProduct(
	target: { id: number | null; code: string; copyFrom: number | null },
	prepare: (start: ProductSaveStart) => Promise<{ fields: AdminProductFields; images: StoredImage[] }>,
	db: Kysely<DB> = getDb(),
): Promise<{ id: number; unused: string[] } | null> {
	const { id } = target
	if (id !== null && !(await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst())) return null
	const plan = await prepare({
		images: id === null ? [] : await listProductImages(db, id),
		copyImages: id === null && target.copyFrom !== null ? await listProductImages(db, target.copyFrom) : [],
		codeTaken: await isProductCodeTaken(target.code, id ?? undefined, db),
	})
	if (id === null) return { id: await createProduct(plan.fields, plan.images, db), unused: [] }
	const unused = await updateProduct(id, plan.fields, plan.images, db)
	return unused === null ? null : { id, unused }
}

export async function insertImages(trx: Kysely<DB>, productId: number, images: StoredImage[], now: string) {
	if (!images.length) return
	await trx
		.insertInto('product_images')
		.values(
			images.map((image, position) => ({
				product_id: productId,
				position,
				image_key: image.key,
				width: image.width,
				height: image.height,
				created_at: now,
			})),
		)
		.execute()
}

export function productRow(fields: AdminProductFields) {
	return {
		name: fields.name.trim(),
		name_te: fields.nameTe.trim(),
		name_hi: fields.nameHi.trim(),
		code: fields.code.trim(),
		description: fields.description,
		description_te: fields.descriptionTe,
		description_hi: fields.descriptionHi,
		original_price_paise: fields.originalPricePaise,
		sale_price_paise: fields.salePricePaise,
		stock: fields.stock,
		status: fields.status,
		category: fields.category,
		tags: writeTags(fields.tags),
	}
}
