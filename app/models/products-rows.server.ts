import type { Kysely } from 'kysely'

import type { ProductStatus } from '~/constants'
import type { DB } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import type { StoredImage } from '~/utils/media'
import { localizedColumn, type TranslationColumn, translationColumns } from '~/utils/translations'

import { toStoredImage } from './columns.server'

// How a product row becomes what the storefront, its search and the admin list show: the columns a
// card reads, the card fields, and the photos in their order. The three product models read through
// these, so a card looks the same wherever it is listed; rows never leave the product models.

/** The statuses of a saree visitors can see (drafts are the seller's alone). */
export const LISTED_STATUSES = ['active', 'out_of_stock'] as const satisfies readonly ProductStatus[]
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
	/** Every piece is held by an open order (isReserved). */
	reserved: boolean
	/** The language `name` is in: the visitor's, or 'en' when the seller has not translated it. */
	langs: { name: Locale }
}

export const CARD_COLUMNS = ['id', 'name', 'code', 'category', 'sale_price_paise', 'original_price_paise'] as const
const LIST_COLUMNS = [...CARD_COLUMNS, 'status', 'stock', 'held'] as const

type CardRow = { id: number; name: string; code: string; category: string; sale_price_paise: number; original_price_paise: number }
/** A card row read for a visitor: the English columns and those of the visitor's language (cardColumns). */
type LocalizedCardRow = CardRow & Partial<Record<TranslationColumn<'name'>, string>>
type ListRow = LocalizedCardRow & AvailabilityRow

type AvailabilityRow = { status: ProductStatus; stock: number; held: number }

/**
 * A listed saree whose every piece open orders hold reads Reserved: its page stays, it is not offered
 * for order, and the feeds say out of stock (docs/decisions/0033). A sold-out one is sold out instead.
 */
export function isReserved(row: AvailabilityRow) {
	return row.status === 'active' && row.stock > 0 && row.held >= row.stock
}

/** What a card shows in `locale`: the card columns (with `status` for lists), and the name in that language. */
export function cardColumns(locale: Locale) {
	return [...LIST_COLUMNS, ...translationColumns(['name'], locale)]
}

/** The card fields of a row, in English (the admin list's). */
export function toCardFields(row: CardRow) {
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
export function toLocalizedCardFields(row: LocalizedCardRow, locale: Locale) {
	const name = localizedColumn(row, 'name', locale)
	return { ...toCardFields(row), name: name.text, langs: { name: name.lang } }
}

/** The images of one product in their order. */
export async function listProductImages(db: Kysely<DB>, productId: number): Promise<StoredImage[]> {
	const rows = await db
		.selectFrom('product_images')
		.select(['image_key', 'width', 'height'])
		.where('product_id', '=', productId)
		.orderBy('position')
		.orderBy('id')
		.execute()
	return rows.map(toStoredImage)
}

/** The photos of each of these products, in their order. */
export async function imagesByProduct(db: Kysely<DB>, productIds: number[]) {
	const images = new Map<number, StoredImage[]>()
	if (productIds.length === 0) return images
	const rows = await db
		.selectFrom('product_images')
		.select(['product_id', 'image_key', 'width', 'height'])
		.where('product_id', 'in', productIds)
		.orderBy('product_id')
		.orderBy('position')
		.orderBy('id')
		.execute()
	for (const row of rows) {
		const list = images.get(row.product_id) ?? []
		list.push(toStoredImage(row))
		images.set(row.product_id, list)
	}
	return images
}

/** The first image (lowest position) of each product. */
export async function firstImages(db: Kysely<DB>, productIds: number[]) {
	const first = new Map<number, StoredImage>()
	for (const [id, images] of await imagesByProduct(db, productIds)) first.set(id, images[0]!)
	return first
}

/** Listed rows as cards in `locale`, each with its first photo. */
export async function toCards(db: Kysely<DB>, rows: ListRow[], locale: Locale): Promise<ProductCard[]> {
	const images = await firstImages(
		db,
		rows.map((r) => r.id),
	)
	return rows.map((r) => ({
		...toLocalizedCardFields(r, locale),
		image: images.get(r.id) ?? null,
		soldOut: r.status === 'out_of_stock',
		reserved: isReserved(r),
	}))
}
