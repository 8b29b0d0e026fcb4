// ── Admin ──
// The seller's side of the catalogue: list with filters, the edit form's data, and every write.
// Imports carry admin-specific local names so this section can sit beside the storefront reads.
import { sql as adminSql } from 'kysely'
import type { CATEGORIES as AdminCategories, ProductStatus as AdminProductStatus } from '../constants'
import { getDb as getAdminDb, nowIso as adminNowIso } from '../db.server'
import type { StoredImage as AdminStoredImage } from '../utils/media'

export type AdminProductFilters = {
	q?: string | null
	status?: AdminProductStatus | null
	/** A case-insensitive part of the category name ("pochampally", "dharmavaram"). */
	category?: string | null
}

export type AdminProductFields = {
	name: string
	code: string
	description: string
	originalPricePaise: number
	salePricePaise: number
	stock: number
	status: AdminProductStatus
	category: (typeof AdminCategories)[number]
	tags: string[]
}

/** Thrown when another product already uses the code (any letter case). */
export class DuplicateProductCodeError extends Error {
	constructor() {
		super('A product with this code already exists.')
		this.name = 'DuplicateProductCodeError'
	}
}

const adminLikePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The admin list: newest first, filtered, each with its cover image (first by position). */
export async function listProductsForAdmin(filters: AdminProductFilters = {}) {
	let query = getAdminDb()
		.selectFrom('products as p')
		.select((eb) => [
			'p.id',
			'p.name',
			'p.code',
			'p.category',
			'p.original_price_paise',
			'p.sale_price_paise',
			'p.stock',
			'p.status',
			'p.created_at',
			'p.updated_at',
			eb
				.selectFrom('product_images as i')
				.select('i.image_key')
				.whereRef('i.product_id', '=', 'p.id')
				.orderBy('i.position')
				.limit(1)
				.as('cover_key'),
			eb
				.selectFrom('product_images as i')
				.select('i.width')
				.whereRef('i.product_id', '=', 'p.id')
				.orderBy('i.position')
				.limit(1)
				.as('cover_width'),
		])
	const q = filters.q?.trim()
	if (q) {
		const pattern = adminLikePattern(q)
		query = query.where((eb) =>
			eb.or([
				eb(adminSql`p.name`, 'like', adminSql`${pattern} ESCAPE '\\'`),
				eb(adminSql`p.code`, 'like', adminSql`${pattern} ESCAPE '\\'`),
			]),
		)
	}
	if (filters.status) query = query.where('p.status', '=', filters.status)
	const category = filters.category?.trim()
	if (category) query = query.where(adminSql`p.category`, 'like', adminSql`${adminLikePattern(category)} ESCAPE '\\'`)
	return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute()
}

/** Everything the edit form shows, with the images in their order; undefined when there is no such product. */
export async function getProductForEdit(id: number) {
	const db = getAdminDb()
	const product = await db
		.selectFrom('products')
		.select([
			'id',
			'name',
			'code',
			'description',
			'original_price_paise',
			'sale_price_paise',
			'stock',
			'status',
			'category',
			'tags',
			'created_at',
			'updated_at',
		])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!product) return undefined
	const images = await db
		.selectFrom('product_images')
		.select(['image_key', 'width', 'height', 'position'])
		.where('product_id', '=', id)
		.orderBy('position')
		.execute()
	return { ...product, tags: adminReadTags(product.tags), images }
}

/** The name of a product (for the delete confirmation); undefined when missing. */
export async function getProductNameForAdmin(id: number) {
	return getAdminDb().selectFrom('products').select(['id', 'name', 'code']).where('id', '=', id).executeTakeFirst()
}

/** Whether another product uses `code`; the column's NOCASE collation makes this case-insensitive. */
export async function isProductCodeTaken(code: string, exceptId?: number) {
	let query = getAdminDb().selectFrom('products').select('id').where('code', '=', code.trim())
	if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
	return (await query.executeTakeFirst()) !== undefined
}

/** Creates a product with its images (in order) in one transaction; returns its id. */
export async function createProduct(fields: AdminProductFields, images: AdminStoredImage[]) {
	const now = adminNowIso()
	try {
		return await getAdminDb()
			.transaction()
			.execute(async (trx) => {
				const { id } = await trx
					.insertInto('products')
					.values({ ...adminProductRow(fields), created_at: now, updated_at: now })
					.returning('id')
					.executeTakeFirstOrThrow()
				if (images.length) {
					await trx
						.insertInto('product_images')
						.values(images.map((image, position) => ({ product_id: id, position, image_key: image.key, width: image.width, height: image.height, created_at: now })))
						.execute()
				}
				return id
			})
	} catch (error) {
		throw adminIsDuplicateCode(error) ? new DuplicateProductCodeError() : error
	}
}

/**
 * Saves the fields and replaces the image list with `images` (kept and new ones, in their new order).
 * Returns the keys of images no longer used (delete their files after this commits), or null when
 * the product does not exist.
 */
export async function updateProduct(id: number, fields: AdminProductFields, images: AdminStoredImage[]) {
	const now = adminNowIso()
	try {
		return await getAdminDb()
			.transaction()
			.execute(async (trx) => {
				const updated = await trx
					.updateTable('products')
					.set({ ...adminProductRow(fields), updated_at: now })
					.where('id', '=', id)
					.executeTakeFirst()
				if (Number(updated.numUpdatedRows) === 0) return null
				const before = await trx.selectFrom('product_images').select('image_key').where('product_id', '=', id).execute()
				await trx.deleteFrom('product_images').where('product_id', '=', id).execute()
				if (images.length) {
					await trx
						.insertInto('product_images')
						.values(images.map((image, position) => ({ product_id: id, position, image_key: image.key, width: image.width, height: image.height, created_at: now })))
						.execute()
				}
				const kept = new Set(images.map((image) => image.key))
				return before.map((row) => row.image_key).filter((key) => !kept.has(key))
			})
	} catch (error) {
		throw adminIsDuplicateCode(error) ? new DuplicateProductCodeError() : error
	}
}

/** Deletes a product (its image rows cascade); returns the image keys to delete from disk, or null if missing. */
export async function deleteProduct(id: number) {
	return getAdminDb()
		.transaction()
		.execute(async (trx) => {
			const images = await trx.selectFrom('product_images').select('image_key').where('product_id', '=', id).execute()
			const deleted = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst()
			if (Number(deleted.numDeletedRows) === 0) return null
			return images.map((row) => row.image_key)
		})
}

function adminProductRow(fields: AdminProductFields) {
	return {
		name: fields.name.trim(),
		code: fields.code.trim(),
		description: fields.description,
		original_price_paise: fields.originalPricePaise,
		sale_price_paise: fields.salePricePaise,
		stock: fields.stock,
		status: fields.status,
		category: fields.category,
		tags: JSON.stringify(fields.tags),
	}
}

function adminReadTags(json: string): string[] {
	try {
		const value: unknown = JSON.parse(json)
		return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : []
	} catch {
		return []
	}
}

function adminIsDuplicateCode(error: unknown) {
	return (
		error instanceof Error &&
		(error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
		error.message.includes('products.code')
	)
}
