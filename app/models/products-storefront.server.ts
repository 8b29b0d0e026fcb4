import type { Kysely } from 'kysely'

import { PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { type DB, getDb } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import type { StoredImage } from '~/utils/media'
import { type Localized, localizedColumn, translationColumns } from '~/utils/translations'

import { getCategoryLabel, hiddenCategoryNames, listShopCategories, type ShopCategory } from './categories.server'
import { readTags, toStoredImage } from './columns.server'
import {
	CARD_COLUMNS,
	cardColumns,
	firstImages,
	isReserved,
	LISTED_STATUSES,
	listProductImages,
	type ProductCard,
	toCards,
	toLocalizedCardFields,
} from './products-rows.server'

// What visitors may see of the catalogue, outside its search (products-search): the home page's lists,
// a product page with the sarees like it, the shortlist, the sitemap and the share cards. Lists show
// only active products; a product page also shows an out_of_stock product (with a Sold out badge) so
// shared links keep working. Nothing here ever returns a draft. Lists leave out the sarees of a hidden
// category (docs/decisions/0037); their own pages stay. Each takes the visitor's `locale`: the
// seller's name and description in that language when she gave them, else the English ones, and
// `langs` says which language each is in (utils/translations). The database comes last (`db`, default
// the shop's).

export type ProductDetail = Omit<ProductCard, 'image' | 'soldOut' | 'langs'> & {
	description: string
	/** The language `name` and `description` are each in (the visitor's, or 'en' when not translated). */
	langs: { name: Locale; description: Locale }
	/** Never 'draft' on a public page; the seller's preview shows drafts too. */
	status: ProductStatus
	/** Its category's name in the visitor's language. */
	categoryLabel: Localized
	tags: string[]
	images: StoredImage[]
	createdAt: string
	updatedAt: string
}

/** A home page section: the category, its number of active sarees, and its picture or else the newest one's first photo. */
export type CategorySummary = ShopCategory & { activeCount: number; image: StoredImage | null }

/** The first image of the newest active product (of one category, when given) that has one. */
async function newestActiveImage(db: Kysely<DB>, category?: string): Promise<StoredImage | null> {
	let query = db
		.selectFrom('products')
		.innerJoin('product_images', 'product_images.product_id', 'products.id')
		.select(['product_images.image_key', 'product_images.width', 'product_images.height'])
		.where('products.status', '=', 'active')
		.where('products.category', 'not in', hiddenCategoryNames(db))
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
		.where('category', 'not in', hiddenCategoryNames(db))
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
	return toCards(db, rows, locale)
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
				.where('category', 'not in', hiddenCategoryNames(db))
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

/** Every visible category, in the seller's order and in `locale`, with its number of active products and its picture. */
export async function listCategorySummaries(locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<CategorySummary[]> {
	const [categories, counts] = await Promise.all([
		listShopCategories(locale, db),
		db
			.selectFrom('products')
			.select(['category', (eb) => eb.fn.countAll<number>().as('count')])
			.where('status', '=', 'active')
			.groupBy('category')
			.execute(),
	])
	const countOf = new Map(counts.map((c) => [c.category, Number(c.count)]))
	return Promise.all(
		categories.map(async (category) => {
			const activeCount = countOf.get(category.name) ?? 0
			const image = category.picture ?? (activeCount > 0 ? await newestActiveImage(db, category.name) : null)
			return { ...category, activeCount, image }
		}),
	)
}

/** A product page: active or out_of_stock (never a draft), with its images in order. */
export async function getPublicProduct(id: number, locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<ProductDetail | null> {
	const product = await findProductDetail(id, LISTED_STATUSES, locale, db)
	return product?.status === 'draft' ? null : product
}

/** A saree's page among `statuses`, with its images in order. */
async function findProductDetail(
	id: number,
	statuses: readonly ProductStatus[],
	locale: Locale,
	db: Kysely<DB>,
): Promise<ProductDetail | null> {
	const row = await db
		.selectFrom('products')
		.select([...CARD_COLUMNS, 'description', 'status', 'stock', 'held', 'tags', 'created_at', 'updated_at'])
		.select(translationColumns(['name', 'description'], locale))
		.where('id', '=', id)
		.where('status', 'in', statuses)
		.executeTakeFirst()
	if (!row) return null
	const card = toLocalizedCardFields(row, locale)
	const description = localizedColumn(row, 'description', locale)
	return {
		...card,
		categoryLabel: (await getCategoryLabel(row.category, locale, db)) ?? { text: row.category, lang: 'en' },
		description: description.text,
		langs: { ...card.langs, description: description.lang },
		status: row.status,
		reserved: isReserved(row),
		tags: readTags(row.tags),
		images: await listProductImages(db, id),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
	}
}

/** A product page in one visit: the saree (getPublicProduct) and up to `similarLimit` like it (listSimilarProducts); null when it is not listed. */
export async function getProductPage(id: number, similarLimit: number, locale: Locale = 'en', db: Kysely<DB> = getDb()) {
	const product = await getPublicProduct(id, locale, db)
	return product ? { product, similar: await listSimilarProducts(product, similarLimit, locale, db) } : null
}

/**
 * A product page in any status, drafts included, for the signed-in seller's preview (never for a
 * visitor: the caller checks the session); null for an unknown id.
 */
export async function getProductPreviewPage(id: number, similarLimit: number, locale: Locale = 'en', db: Kysely<DB> = getDb()) {
	const product = await findProductDetail(id, PRODUCT_STATUSES, locale, db)
	return product ? { product, similar: await listSimilarProducts(product, similarLimit, locale, db) } : null
}

/** What a WhatsApp order message needs (the name as the visitor read it, whether it is reserved); null for drafts and unknown ids. */
export async function getOrderableProduct(
	id: number,
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<{ id: number; code: string; name: string; reserved: boolean } | null> {
	const row = await db
		.selectFrom('products')
		.select(['id', 'code', 'name', 'status', 'stock', 'held'])
		.select(translationColumns(['name'], locale))
		.where('id', '=', id)
		.where('status', 'in', LISTED_STATUSES)
		.executeTakeFirst()
	return row ? { id: row.id, code: row.code, name: localizedColumn(row, 'name', locale).text, reserved: isReserved(row) } : null
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
		.where('category', 'not in', hiddenCategoryNames(db))
		.orderBy('created_at', 'desc')
		.execute()
	return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }))
}

/** The newest active product's first image: the share picture of pages that have none of their own. */
export async function getNewestProductImage(db: Kysely<DB> = getDb()): Promise<StoredImage | null> {
	return newestActiveImage(db)
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
