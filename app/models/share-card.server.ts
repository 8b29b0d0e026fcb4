import type { Kysely } from 'kysely'

import { type DB, getDb } from '~/db.server'
import type { StoredImage } from '~/utils/media'

import { toStoredImage } from './columns.server'

// What a saree's share card shows. Only active sarees have one: a sold-out saree is not promoted and a
// draft is never public.

export type ShareCardProduct = {
	id: number
	name: string
	code: string
	salePricePaise: number
	originalPricePaise: number
	/** The main photo (first in gallery order). */
	image: StoredImage
}

/** An active product with its main photo; null for any other status, unknown ids and sarees without a photo. */
export async function getShareCardProduct(id: number, db: Kysely<DB> = getDb()): Promise<ShareCardProduct | null> {
	const row = await db
		.selectFrom('products')
		.innerJoin('product_images', 'product_images.product_id', 'products.id')
		.select([
			'products.id',
			'products.name',
			'products.code',
			'products.sale_price_paise',
			'products.original_price_paise',
			'product_images.image_key',
			'product_images.width',
			'product_images.height',
		])
		.where('products.id', '=', id)
		.where('products.status', '=', 'active')
		.orderBy('product_images.position')
		.orderBy('product_images.id')
		.limit(1)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		name: row.name,
		code: row.code,
		salePricePaise: row.sale_price_paise,
		originalPricePaise: row.original_price_paise,
		image: toStoredImage(row),
	}
}
