import type { Kysely } from 'kysely'
import { CATEGORIES } from '../constants'
import { getDb, type DB } from '../db.server'
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
