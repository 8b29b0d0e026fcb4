import { type Kysely, type QueryCreator, type SelectQueryBuilder, sql } from 'kysely'

import { CATEGORIES, type ProductStatus } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import type { StoredImage } from '~/utils/media'
import { searchWords } from '~/utils/search-words'
import { localizedColumn, type TranslationColumn, translationColumns, type Translations } from '~/utils/translations'

import { containsText, inTransaction, isUniqueViolation, readTags, toStoredImage, writeTags } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'

// Every function here returns domain values (camelCase, prices in paise, tags as a list, images as
// StoredImage); rows never leave this file. Functions take the database last (`db`, default the
// shop's), so tests and the demo write through the same code as the admin screens.

// ── Storefront reads ──
// What visitors may see. Lists show only active products; a product page also shows an out_of_stock
// product (with a Sold out badge) so shared links keep working. Nothing here ever returns a draft.
// Each takes the visitor's `locale`: the seller's name and description in that language when she gave
// them, else the English ones, and `langs` says which language each is in (utils/translations).

/** The statuses of a saree visitors can see (drafts are the seller's alone). */
const LISTED_STATUSES = ['active', 'out_of_stock'] as const satisfies readonly ProductStatus[]
export type PublicProductStatus = (typeof LISTED_STATUSES)[number]

export type ProductCard = {
	id: number
	name: string
	code: string
	category: string
	salePricePaise: number
	originalPricePaise: number
	image: StoredImage | null
	/** Shown only where a list includes sold-out sarees (a search with "include sold out"). */
	soldOut: boolean
	/** The language `name` is in: the visitor's, or 'en' when the seller has not translated it. */
	langs: { name: Locale }
}

export type ProductDetail = Omit<ProductCard, 'image' | 'soldOut' | 'langs'> & {
	description: string
	/** The language `name` and `description` are each in (the visitor's, or 'en' when not translated). */
	langs: { name: Locale; description: Locale }
	status: PublicProductStatus
	tags: string[]
	images: StoredImage[]
	createdAt: string
	updatedAt: string
}

export type CategorySummary = { name: string; activeCount: number; image: StoredImage | null }

const CARD_COLUMNS = ['id', 'name', 'code', 'category', 'sale_price_paise', 'original_price_paise'] as const
const LIST_COLUMNS = [...CARD_COLUMNS, 'status'] as const

type CardRow = { id: number; name: string; code: string; category: string; sale_price_paise: number; original_price_paise: number }
/** A card row read for a visitor: the English columns and those of the visitor's language (cardColumns). */
type LocalizedCardRow = CardRow & Partial<Record<TranslationColumn<'name'>, string>>
type ListRow = LocalizedCardRow & { status: ProductStatus }

/** What a card shows in `locale`: the card columns (with `status` for lists), and the name in that language. */
function cardColumns(locale: Locale) {
	return [...LIST_COLUMNS, ...translationColumns(['name'], locale)]
}

function toCardFields(row: CardRow) {
	return {
		id: row.id,
		name: row.name,
		code: row.code,
		category: row.category,
		salePricePaise: row.sale_price_paise,
		originalPricePaise: row.original_price_paise,
	}
}

/** The card fields with the name in `locale` (see pickTranslation). */
function toLocalizedCardFields(row: LocalizedCardRow, locale: Locale) {
	const name = localizedColumn(row, 'name', locale)
	return { ...toCardFields(row), name: name.text, langs: { name: name.lang } }
}

/** The images of one product in their order. */
async function listProductImages(db: Kysely<DB>, productId: number): Promise<StoredImage[]> {
	const rows = await db
		.selectFrom('product_images')
		.select(['image_key', 'width', 'height'])
		.where('product_id', '=', productId)
		.orderBy('position')
		.orderBy('id')
		.execute()
	return rows.map(toStoredImage)
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
	for (const row of rows) if (!first.has(row.product_id)) first.set(row.product_id, toStoredImage(row))
	return first
}

async function toCards(db: Kysely<DB>, rows: ListRow[], locale: Locale): Promise<ProductCard[]> {
	const images = await firstImages(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((r) => ({ ...toLocalizedCardFields(r, locale), image: images.get(r.id) ?? null, soldOut: r.status === 'out_of_stock' }))
}

/** The first image of the newest active product (of one category, when given) that has one. */
async function newestActiveImage(db: Kysely<DB>, category?: string): Promise<StoredImage | null> {
	let query = db
		.selectFrom('products')
		.innerJoin('product_images', 'product_images.product_id', 'products.id')
		.select(['product_images.image_key', 'product_images.width', 'product_images.height'])
		.where('products.status', '=', 'active')
	if (category) query = query.where('products.category', '=', category)
	const row = await query
		.orderBy('products.created_at', 'desc')
		.orderBy('products.id', 'desc')
		.orderBy('product_images.position')
		.limit(1)
		.executeTakeFirst()
	return row ? toStoredImage(row) : null
}

/** The newest active products (home page "Newly Arrived"). */
export async function listNewArrivals(limit: number, locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<ProductCard[]> {
	const rows = await db
		.selectFrom('products')
		.select(cardColumns(locale))
		.where('status', '=', 'active')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
	return toCards(db, rows, locale)
}

export type CatalogueSort = 'newest' | 'price-asc' | 'price-desc'

export type CatalogueFilters = {
	category?: string | null
	/**
	 * Search words: products whose name, code, description, tags or category, or Telugu or Hindi name or
	 * description, hold words starting with each (in whatever language the visitor reads the shop).
	 * Only searchWords() of it count: with none, the list is not narrowed by words.
	 */
	search?: string
	minPaise?: number | null
	maxPaise?: number | null
	/** Also list out_of_stock products (never drafts). */
	includeSoldOut?: boolean
	sort?: CatalogueSort
}

/**
 * The FTS5 query for typed words (searchWords: letters, marks and digits only, so nothing typed is
 * read as FTS5 syntax): each a quoted prefix ("kanchi" finds Kanchipattu), all required. Null when
 * nothing searchable was typed.
 */
export function searchMatchQuery(text: string): string | null {
	const words = searchWords(text)
	return words.length ? words.map((word) => `"${word}"*`).join(' ') : null
}

/** The products a search matched, read from the index once per statement however often it is named. */
type SearchHits = { search_hits: { id: number } }

/**
 * One page of listed products (active, and sold out when asked), filtered and sorted, with how many
 * there are in all. `page` counts from 1.
 */
export async function listActiveProducts(
	options: CatalogueFilters & { page: number; pageSize: number },
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<{ products: ProductCard[]; total: number }> {
	const match = searchMatchQuery(options.search ?? '')
	// The page and its total come from one statement, so a search reads the index once. Without a
	// search no query names `search_hits`, and the creator is the plain one.
	const from =
		match === null
			? (db as unknown as QueryCreator<DB & SearchHits>)
			: db.with(
					(cte) => cte('search_hits').materialized(),
					() => sql<{ id: number }>`(SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ${match})`,
				)
	const listed = <O>(query: SelectQueryBuilder<DB & SearchHits, 'products', O>) => {
		let narrowed = query.where('status', 'in', options.includeSoldOut ? LISTED_STATUSES : ['active'])
		if (options.category) narrowed = narrowed.where('category', '=', options.category)
		if (options.minPaise != null) narrowed = narrowed.where('sale_price_paise', '>=', options.minPaise)
		if (options.maxPaise != null) narrowed = narrowed.where('sale_price_paise', '<=', options.maxPaise)
		if (match !== null) narrowed = narrowed.where('id', 'in', (eb) => eb.selectFrom('search_hits').select('search_hits.id'))
		return narrowed
	}
	let query = listed(from.selectFrom('products'))
		.select(cardColumns(locale))
		.select((eb) => listed(eb.selectFrom('products')).select(eb.fn.countAll<number>().as('n')).as('total'))
	if (options.sort === 'price-asc') query = query.orderBy('sale_price_paise', 'asc')
	else if (options.sort === 'price-desc') query = query.orderBy('sale_price_paise', 'desc')
	const rows = await query
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(options.pageSize)
		.offset((options.page - 1) * options.pageSize)
		.execute()
	let total = rows[0]?.total ?? 0
	// A page past the end has no row to bring the total: only then is it counted on its own.
	if (!rows.length && options.page > 1) {
		total = (
			await listed(from.selectFrom('products'))
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirstOrThrow()
		).n
	}
	return { products: await toCards(db, rows, locale), total: Number(total) }
}

/** The listed product (active or sold out, never a draft) whose code is exactly `code`, in any letter case. */
export async function findListedProductIdByCode(code: string, db: Kysely<DB> = getDb()): Promise<number | null> {
	const row = await db
		.selectFrom('products')
		.select('id')
		.where('code', '=', code)
		.where('status', 'in', LISTED_STATUSES)
		.executeTakeFirst()
	return row?.id ?? null
}

/**
 * "You may also like": up to `limit` other active products, the same category first, then the others,
 * each group nearest in price first. Each side of the price is read along an index, so the cost does
 * not grow with the catalogue.
 */
export async function listSimilarProducts(
	product: { id: number; category: string; salePricePaise: number },
	limit: number,
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<ProductCard[]> {
	const nearest = async (sameCategory: boolean, count: number, exclude: number[]) => {
		const side = (direction: 'above' | 'below') => {
			let query = db
				.selectFrom('products')
				.select(cardColumns(locale))
				.where('status', '=', 'active')
				.where('category', sameCategory ? '=' : '!=', product.category)
				.where('id', 'not in', exclude)
			query =
				direction === 'above'
					? query.where('sale_price_paise', '>=', product.salePricePaise).orderBy('sale_price_paise', 'asc')
					: query.where('sale_price_paise', '<', product.salePricePaise).orderBy('sale_price_paise', 'desc')
			return query.orderBy('id', 'desc').limit(count).execute()
		}
		const [above, below] = await Promise.all([side('above'), side('below')])
		return [...above, ...below]
			.sort(
				(a, b) =>
					Math.abs(a.sale_price_paise - product.salePricePaise) - Math.abs(b.sale_price_paise - product.salePricePaise) || b.id - a.id,
			)
			.slice(0, count)
	}
	const same = await nearest(true, limit, [product.id])
	const others = same.length < limit ? await nearest(false, limit - same.length, [product.id]) : []
	return toCards(db, [...same, ...others], locale)
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
			return { name, activeCount, image: activeCount > 0 ? await newestActiveImage(db, name) : null }
		}),
	)
}

/** A product page: active or out_of_stock (never a draft), with its images in order. */
export async function getPublicProduct(id: number, locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<ProductDetail | null> {
	const row = await db
		.selectFrom('products')
		.select([...CARD_COLUMNS, 'description', 'status', 'tags', 'created_at', 'updated_at'])
		.select(translationColumns(['name', 'description'], locale))
		.where('id', '=', id)
		.where('status', 'in', LISTED_STATUSES)
		.executeTakeFirst()
	if (!row || row.status === 'draft') return null
	const card = toLocalizedCardFields(row, locale)
	const description = localizedColumn(row, 'description', locale)
	return {
		...card,
		description: description.text,
		langs: { ...card.langs, description: description.lang },
		status: row.status,
		tags: readTags(row.tags),
		images: await listProductImages(db, id),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
	}
}

/** What a WhatsApp order message needs (the name as the visitor read it); null for drafts and unknown ids. */
export async function getOrderableProduct(
	id: number,
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<{ id: number; code: string; name: string } | null> {
	const row = await db
		.selectFrom('products')
		.select(['id', 'code', 'name'])
		.select(translationColumns(['name'], locale))
		.where('id', '=', id)
		.where('status', 'in', LISTED_STATUSES)
		.executeTakeFirst()
	return row ? { id: row.id, code: row.code, name: localizedColumn(row, 'name', locale).text } : null
}

/** The listed (active or sold-out) products among `ids` as cards, in the order of `ids`; drafts and unknown ids are left out. */
export async function listListedProductsById(
	ids: readonly number[],
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<ProductCard[]> {
	if (!ids.length) return []
	const rows = await db
		.selectFrom('products')
		.select(cardColumns(locale))
		.where('id', 'in', [...ids])
		.where('status', 'in', LISTED_STATUSES)
		.execute()
	const byId = new Map(rows.map((row) => [row.id, row]))
	return toCards(
		db,
		ids.flatMap((id) => byId.get(id) ?? []),
		locale,
	)
}

/** Active products for /sitemap.xml. */
export async function listSitemapProducts(db: Kysely<DB> = getDb()): Promise<Array<{ id: number; updatedAt: string }>> {
	const rows = await db
		.selectFrom('products')
		.select(['id', 'updated_at'])
		.where('status', '=', 'active')
		.orderBy('created_at', 'desc')
		.execute()
	return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }))
}

/** The newest active product's first image: the share picture of pages that have none of their own. */
export async function getNewestProductImage(db: Kysely<DB> = getDb()): Promise<StoredImage | null> {
	return newestActiveImage(db)
}

// ── Admin ──
// The seller's side of the catalogue: list with filters, the edit form's data, and every write.

export type AdminProductFilters = {
	q?: string | null
	status?: ProductStatus | null
	/** A case-insensitive part of the category name ("pochampally", "dharmavaram"). */
	category?: string | null
}

export type AdminProductFields = Translations<'name' | 'description'> & {
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

/** A row of the admin list: the product and its first image. */
export type AdminProductListItem = Omit<ProductCard, 'image' | 'soldOut' | 'langs'> & {
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

/** One page of the admin products list, newest first, with the number of products the filters match. */
export async function listProductsForAdmin(
	{ page = 1, ...filters }: AdminProductFilters & { page?: number } = {},
	db: Kysely<DB> = getDb(),
): Promise<{ products: AdminProductListItem[]; total: number; pageSize: number }> {
	let query = db.selectFrom('products')
	const q = filters.q?.trim()
	if (q) query = query.where((eb) => eb.or([containsText('name', q), containsText('code', q)]))
	if (filters.status) query = query.where('status', '=', filters.status)
	const category = filters.category?.trim()
	if (category) query = query.where(containsText('category', category))
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const rows = await query
		.select([...CARD_COLUMNS, 'stock', 'status', 'created_at', 'updated_at'])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(ADMIN_PRODUCTS_PAGE_SIZE)
		.offset((Math.max(1, page) - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
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
	return { products, total: Number(count), pageSize: ADMIN_PRODUCTS_PAGE_SIZE }
}

/** What a saree's share card shows: only an active saree with a photo has one (a sold-out saree is not promoted, a draft never public). */
export type ShareCardProduct = ReturnType<typeof toLocalizedCardFields> & { image: StoredImage }

/**
 * An active product with its main photo (first in gallery order), its name in `locale`; null for any
 * other status, unknown ids and sarees without a photo.
 */
export async function getShareCardProduct(id: number, locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<ShareCardProduct | null> {
	const row = await db
		.selectFrom('products')
		.select(CARD_COLUMNS)
		.select(translationColumns(['name'], locale))
		.where('id', '=', id)
		.where('status', '=', 'active')
		.executeTakeFirst()
	const image = row ? (await firstImages(db, [row.id])).get(row.id) : undefined
	return row && image ? { ...toLocalizedCardFields(row, locale), image } : null
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
		category: row.category as AdminProductFields['category'],
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

/** Deletes a product (its image rows cascade); returns the media keys to delete from disk, or null if missing. */
export async function deleteProduct(id: number, db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const keys = await mediaKeysOfRecord(trx, 'products', id)
		const deleted = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst()
		return Number(deleted.numDeletedRows) === 0 ? null : keys
	})
}

async function insertImages(trx: Kysely<DB>, productId: number, images: StoredImage[], now: string) {
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

function productRow(fields: AdminProductFields) {
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
