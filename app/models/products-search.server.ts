import { type Kysely, type QueryCreator, type SelectQueryBuilder, sql } from 'kysely'

import { type DB, getDb } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import { searchWords } from '~/utils/search-words'

import { hiddenCategoryNames } from './categories.server'
import { cardColumns, LISTED_STATUSES, type ProductCard, toCards } from './products-rows.server'

// The catalogue's search (/collections): listed products filtered by words, category and price,
// sorted and paged, and the saree whose code was typed exactly. Drafts never appear, nor sarees of a
// hidden category (a code typed exactly still opens one: its page stays reachable). The database
// comes last (`db`, default the shop's).

type CatalogueSort = 'newest' | 'price-asc' | 'price-desc'

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
		let narrowed = query
			.where('status', 'in', options.includeSoldOut ? LISTED_STATUSES : ['active'])
			.where('category', 'not in', hiddenCategoryNames(db))
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
 * What /collections answers for a query, in one visit: the listed saree whose code was typed exactly
 * (the page opens it), or else one page of the listing (none for a category the shop does not have).
 */
export async function browseCatalogue(
	options: { code: string | null; listing: (CatalogueFilters & { page: number; pageSize: number }) | null },
	locale: Locale = 'en',
	db: Kysely<DB> = getDb(),
): Promise<{ productId: number } | { products: ProductCard[]; total: number }> {
	if (options.code !== null) {
		const productId = await findListedProductIdByCode(options.code, db)
		if (productId !== null) return { productId }
	}
	return options.listing ? listActiveProducts(options.listing, locale, db) : { products: [], total: 0 }
}
