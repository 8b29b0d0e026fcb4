import type { Kysely } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import type { StoredImage } from '~/utils/media'

import { inTransaction, readTags } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'
import { type AdminProductFields, insertImages, productRow } from './products-admin.server'
import { imagesByProduct } from './products-rows.server'

// The whole catalogue at once: read a page at a time for its CSV, and written from an imported file in
// one transaction (docs/decisions/0038). Rows are read and written with the products model's own
// column mapping, so an imported saree is stored exactly as the editor stores one.

export type CatalogueProduct = AdminProductFields & { id: number; photos: StoredImage[] }

const FIELD_COLUMNS = [
	'id',
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
	'original_price_paise',
	'sale_price_paise',
	'tags',
] as const

type FieldRow = {
	id: number
	code: string
	name: string
	name_te: string
	name_hi: string
	description: string
	description_te: string
	description_hi: string
	category: string
	status: AdminProductFields['status']
	stock: number
	original_price_paise: number
	sale_price_paise: number
	tags: string
}

async function withPhotos(db: Kysely<DB>, rows: FieldRow[]): Promise<CatalogueProduct[]> {
	const photos = await imagesByProduct(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((row) => ({
		id: row.id,
		code: row.code,
		name: row.name,
		nameTe: row.name_te,
		nameHi: row.name_hi,
		description: row.description,
		descriptionTe: row.description_te,
		descriptionHi: row.description_hi,
		// The column's CHECK allows only the three categories.
		category: row.category as AdminProductFields['category'],
		status: row.status,
		stock: row.stock,
		originalPricePaise: row.original_price_paise,
		salePricePaise: row.sale_price_paise,
		tags: readTags(row.tags),
		photos: photos.get(row.id) ?? [],
	}))
}

/** The products after `afterId` in id order, `limit` of them, each with its photos in their order. */
export async function listCataloguePage(afterId: number, limit: number, db: Kysely<DB> = getDb()) {
	const rows = await db.selectFrom('products').select(FIELD_COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute()
	return withPhotos(db, rows)
}

/** The products with these codes (any letter case), by their code in lower case. */
export async function findProductsByCodes(codes: string[], db: Kysely<DB> = getDb()) {
	const found = new Map<string, CatalogueProduct>()
	if (!codes.length) return found
	const rows = await db.selectFrom('products').select(FIELD_COLUMNS).where('code', 'in', codes).execute()
	for (const product of await withPhotos(db, rows)) found.set(product.code.toLowerCase(), product)
	return found
}

/** One row of an import: a new product (id null) or changes to one, and its new photos (null: kept). */
export type CatalogueWrite = { id: number | null; fields: AdminProductFields; photos: StoredImage[] | null }

/**
 * Writes every batch `batches` yields in one transaction: all of them or, if any write fails (or the
 * process dies), none. `batches` reads the database it is given (the transaction's), so each batch is
 * decided on what the earlier ones wrote. Answers the counts and the keys of photos no longer used
 * (delete their files once this has returned).
 */
export async function writeCatalogue(
	batches: (trx: Kysely<DB>) => AsyncIterable<CatalogueWrite[]>,
	db: Kysely<DB> = getDb(),
	now = nowIso(),
) {
	return inTransaction(db, async (trx) => {
		let added = 0
		let updated = 0
		const unused: string[] = []
		for await (const batch of batches(trx)) {
			for (const write of batch) {
				if (write.id === null) {
					const { id } = await trx
						.insertInto('products')
						.values({ ...productRow(write.fields), created_at: now, updated_at: now })
						.returning('id')
						.executeTakeFirstOrThrow()
					await insertImages(trx, id, write.photos ?? [], now)
					added++
					continue
				}
				await trx
					.updateTable('products')
					.set({ ...productRow(write.fields), updated_at: now })
					.where('id', '=', write.id)
					.executeTakeFirstOrThrow()
				if (write.photos) {
					unused.push(...(await mediaKeysOfRecord(trx, 'products', write.id)))
					await trx.deleteFrom('product_images').where('product_id', '=', write.id).execute()
					await insertImages(trx, write.id, write.photos, now)
				}
				updated++
			}
		}
		return { added, updated, unused }
	})
}
