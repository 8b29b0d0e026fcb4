import { sql, type Kysely } from 'kysely'
import { CATEGORIES, type ProductStatus } from '../constants'
import { getDb, nowIso, type DB } from '../db.server'
import type { StoredImage } from '../utils/media'

// ── Storefront reads ──
// What visitors may see. Lists show only active products; a product page also shows an out_of_stock
// product (with a Sold out badge) so shared links keep working. Nothing here ever returns a draft.

export type PublicProductStatus = 'active' | 'out_of_stock'

export type ProductCard = {
	id: number
	name: string
	code: string
	category: string
	salePricePaise: number
	originalPricePaise: number
	image: StoredImage | null
}

export type ProductDetail = Omit<ProductCard, 'image'> & {
	description: string
	status: PublicProductStatus
	tags: string[]
	images: StoredImage[]
	createdAt: string
	updatedAt: string
}

export type CategorySummary = { name: string; activeCount: number; image: StoredImage | null }

const CARD_COLUMNS = ['id', 'name', 'code', 'category', 'sale_price_paise', 'original_price_paise'] as const

function parseTags(json: string): string[] {
	try {
		const value: unknown = JSON.parse(json)
		return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : []
	} catch {
		return []
	}
}

/** The first image (lowest position) of each product. */
async function firstImages(db: Kysely<DB>, productIds: number[]) {
	const first = new Map<number, StoredImage>()
	if (productIds.length === 0) return first
	const rows = await db
		.selectFrom('product_images')
		.select(['product_id', 'image_key', 'width', 'height'])
		.where('product_id', 'in', productIds)
		.orderBy('product_id')
		.orderBy('position')
		.orderBy('id')
		.execute()
	for (const row of rows) {
		if (!first.has(row.product_id)) first.set(row.product_id, { key: row.image_key, width: row.width, height: row.height })
	}
	return first
}

async function toCards(
	db: Kysely<DB>,
	rows: Array<{ id: number; name: string; code: string; category: string; sale_price_paise: number; original_price_paise: number }>,
): Promise<ProductCard[]> {
	const images = await firstImages(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((r) => ({
		id: r.id,
		name: r.name,
		code: r.code,
		category: r.category,
		salePricePaise: r.sale_price_paise,
		originalPricePaise: r.original_price_paise,
		image: images.get(r.id) ?? null,
	}))
}

/** The newest active products (home page "Newly Arrived"). */
export async function listNewArrivals(limit: number, db: Kysely<DB> = getDb()): Promise<ProductCard[]> {
	const rows = await db
		.selectFrom('products')
		.select(CARD_COLUMNS)
		.where('status', '=', 'active')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
	return toCards(db, rows)
}

/** One page of active products, newest first, optionally of one category. `page` counts from 1. */
export async function listActiveProducts(
	options: { category?: string | null; page: number; pageSize: number },
	db: Kysely<DB> = getDb(),
): Promise<{ products: ProductCard[]; total: number }> {
	let base = db.selectFrom('products').where('status', '=', 'active')
	if (options.category) base = base.where('category', '=', options.category)
	const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
	const rows = await base
		.select(CARD_COLUMNS)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(options.pageSize)
		.offset((options.page - 1) * options.pageSize)
		.execute()
	return { products: await toCards(db, rows), total: Number(total) }
}

/** Every category with its number of active products and the newest one's first image. */
export async function listCategorySummaries(db: Kysely<DB> = getDb()): Promise<CategorySummary[]> {
	const counts = await db
		.selectFrom('products')
		.select(['category', (eb) => eb.fn.countAll<number>().as('count')])
		.where('status', '=', 'active')
		.groupBy('category')
		.execute()
	const countOf = new Map(counts.map((c) => [c.category, Number(c.count)]))
	return Promise.all(
		CATEGORIES.map(async (name) => {
			const activeCount = countOf.get(name) ?? 0
			let image: StoredImage | null = null
			if (activeCount > 0) {
				const row = await db
					.selectFrom('products')
					.innerJoin('product_images', 'product_images.product_id', 'products.id')
					.select(['product_images.image_key', 'product_images.width', 'product_images.height'])
					.where('products.status', '=', 'active')
					.where('products.category', '=', name)
					.orderBy('products.created_at', 'desc')
					.orderBy('products.id', 'desc')
					.orderBy('product_images.position')
					.limit(1)
					.executeTakeFirst()
				if (row) image = { key: row.image_key, width: row.width, height: row.height }
			}
			return { name, activeCount, image }
		}),
	)
}

/** A product page: active or out_of_stock (never a draft), with its images in order. */
export async function getPublicProduct(id: number, db: Kysely<DB> = getDb()): Promise<ProductDetail | null> {
	const row = await db
		.selectFrom('products')
		.select([...CARD_COLUMNS, 'description', 'status', 'tags', 'created_at', 'updated_at'])
		.where('id', '=', id)
		.where('status', 'in', ['active', 'out_of_stock'])
		.executeTakeFirst()
	if (!row || row.status === 'draft') return null
	const images = await db
		.selectFrom('product_images')
		.select(['image_key', 'width', 'height'])
		.where('product_id', '=', id)
		.orderBy('position')
		.orderBy('id')
		.execute()
	return {
		id: row.id,
		name: row.name,
		code: row.code,
		category: row.category,
		salePricePaise: row.sale_price_paise,
		originalPricePaise: row.original_price_paise,
		description: row.description,
		status: row.status,
		tags: parseTags(row.tags),
		images: images.map((i) => ({ key: i.image_key, width: i.width, height: i.height })),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
	}
}

/** What a WhatsApp order message needs; null for drafts and unknown ids. */
export async function getOrderableProduct(id: number, db: Kysely<DB> = getDb()) {
	const row = await db
		.selectFrom('products')
		.select(['id', 'code', 'name'])
		.where('id', '=', id)
		.where('status', 'in', ['active', 'out_of_stock'])
		.executeTakeFirst()
	return row ?? null
}

/** Active products for /sitemap.xml. */
export async function listSitemapProducts(db: Kysely<DB> = getDb()) {
	return db
		.selectFrom('products')
		.select(['id', 'updated_at'])
		.where('status', '=', 'active')
		.orderBy('created_at', 'desc')
		.execute()
}

/** The newest active product's first image: the share picture of pages that have none of their own. */
export async function getNewestProductImage(db: Kysely<DB> = getDb()): Promise<StoredImage | null> {
	const row = await db
		.selectFrom('products')
		.innerJoin('product_images', 'product_images.product_id', 'products.id')
		.select(['product_images.image_key', 'product_images.width', 'product_images.height'])
		.where('products.status', '=', 'active')
		.orderBy('products.created_at', 'desc')
		.orderBy('products.id', 'desc')
		.orderBy('product_images.position')
		.limit(1)
		.executeTakeFirst()
	return row ? { key: row.image_key, width: row.width, height: row.height } : null
}

// ── Admin ──
// The seller's side of the catalogue: list with filters, the edit form's data, and every write.

export type AdminProductFilters = {
	q?: string | null
	status?: ProductStatus | null
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
	status: ProductStatus
	category: (typeof CATEGORIES)[number]
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
	let query = getDb()
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
				eb(sql`p.name`, 'like', sql`${pattern} ESCAPE '\\'`),
				eb(sql`p.code`, 'like', sql`${pattern} ESCAPE '\\'`),
			]),
		)
	}
	if (filters.status) query = query.where('p.status', '=', filters.status)
	const category = filters.category?.trim()
	if (category) query = query.where(sql`p.category`, 'like', sql`${adminLikePattern(category)} ESCAPE '\\'`)
	return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute()
}

/** Everything the edit form shows, with the images in their order; undefined when there is no such product. */
export async function getProductForEdit(id: number) {
	const db = getDb()
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
	return getDb().selectFrom('products').select(['id', 'name', 'code']).where('id', '=', id).executeTakeFirst()
}

/** Whether another product uses `code`; the column's NOCASE collation makes this case-insensitive. */
export async function isProductCodeTaken(code: string, exceptId?: number) {
	let query = getDb().selectFrom('products').select('id').where('code', '=', code.trim())
	if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
	return (await query.executeTakeFirst()) !== undefined
}

/** Creates a product with its images (in order) in one transaction; returns its id. */
export async function createProduct(fields: AdminProductFields, images: StoredImage[]) {
	const now = nowIso()
	try {
		return await getDb()
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
export async function updateProduct(id: number, fields: AdminProductFields, images: StoredImage[]) {
	const now = nowIso()
	try {
		return await getDb()
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
	return getDb()
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
