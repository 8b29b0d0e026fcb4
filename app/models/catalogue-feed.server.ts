import type { Kysely } from 'kysely'

import { type DB, getDb } from '~/db.server'
import type { StoredImage } from '~/utils/media'

import { imagesByProduct, isReserved, type PublicProductStatus } from './products-rows.server'

// What the catalogue feeds (/feeds/google.xml, /feeds/meta.csv) list: every saree a visitor can open,
// active and sold out alike (a sold-out or reserved one is sent as out of stock, so the services hide it
// instead of forgetting it), never a draft, nor a saree of a hidden category.

export type FeedProduct = {
	id: number
	code: string
	name: string
	description: string
	category: string
	/** Its category's Google product category and the seller's Telugu and Hindi names of it ('' when not given). */
	googleProductCategory: string
	categoryTe: string
	categoryHi: string
	status: PublicProductStatus
	/** Every piece held by an open order: sent as out of stock. */
	reserved: boolean
	originalPricePaise: number
	salePricePaise: number
	/** In gallery order; the first is the main photo. */
	images: StoredImage[]
}

/** Every active and sold-out product, newest first, with its photos in order. */
export async function listFeedProducts(db: Kysely<DB> = getDb()): Promise<FeedProduct[]> {
	const rows = await db
		.selectFrom('products')
		.innerJoin('categories', 'categories.name', 'products.category')
		.select([
			'products.id',
			'products.code',
			'products.name',
			'products.description',
			'products.category',
			'products.status',
			'products.stock',
			'products.held',
			'products.original_price_paise',
			'products.sale_price_paise',
			'categories.google_product_category',
			'categories.name_te as category_te',
			'categories.name_hi as category_hi',
		])
		.where('products.status', 'in', ['active', 'out_of_stock'])
		.where('categories.hidden', '=', 0)
		.orderBy('products.created_at', 'desc')
		.orderBy('products.id', 'desc')
		.execute()
	const images = await imagesByProduct(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((r) => ({
		id: r.id,
		code: r.code,
		name: r.name,
		description: r.description,
		category: r.category,
		googleProductCategory: r.google_product_category,
		categoryTe: r.category_te,
		categoryHi: r.category_hi,
		// The query admits only the two public statuses.
		status: r.status as PublicProductStatus,
		reserved: isReserved(r),
		originalPricePaise: r.original_price_paise,
		salePricePaise: r.sale_price_paise,
		images: images.get(r.id) ?? [],
	}))
}
