import type { MessageKey, Translator } from '~/i18n/translate'
import { formatPaise } from '~/utils/money'
import { parsePage } from '~/utils/page-number'

// What a visitor asked /collections for: search words, category, price range, sold-out sarees and
// sort, read from the address once. The loader reads nothing else from the address, so `catalogueHref`
// of the parsed query is the page's one canonical address: links, chips, pagination and the page
// cache's key (unknown or malformed parameters fall away and share the real page's entry) all use it.
// Addresses here are English (`/collections?…`); a page in another language passes them through its
// translator's `path()`, and labels are made by the page's translator.

export const CATALOGUE_SORTS = ['newest', 'price-asc', 'price-desc'] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]
const SORT_LABEL_KEYS = {
	newest: 'catalogue.sortNewest',
	'price-asc': 'catalogue.sortPriceAsc',
	'price-desc': 'catalogue.sortPriceDesc',
} as const satisfies Record<CatalogueSort, MessageKey>

/** What the sort menu and its chip call a sort, in the page's language. */
export function sortLabel(sort: CatalogueSort, { t }: Pick<Translator, 't'>) {
	return t(SORT_LABEL_KEYS[sort])
}

/** Search words beyond this are cut (a few words find a saree; the rest only costs work). */
export const SEARCH_MAX_LENGTH = 100
/** ₹1 crore: any larger bound is the same as none. */
const MAX_RUPEES = 10_000_000

/** One-tap price ranges (rupees, both ends included). */
export const PRICE_BANDS: ReadonlyArray<{ min: number | null; max: number | null }> = [
	{ min: null, max: 20_000 },
	{ min: 20_000, max: 30_000 },
	{ min: 30_000, max: 40_000 },
	{ min: 40_000, max: null },
]

export type CatalogueQuery = {
	/** Search words as typed (spaces tidied), or ''. */
	q: string
	/** The category asked for; `knownCategory` says whether it is one of the shop's. */
	category: string | null
	knownCategory: boolean
	/** Price bounds in whole rupees. */
	min: number | null
	max: number | null
	soldOut: boolean
	sort: CatalogueSort
	page: number
}

/** A whole number of rupees typed any usual way ("25,000", "₹25000", "25000.50"); null otherwise. */
function parseRupees(value: string | null): number | null {
	if (!value) return null
	const cleaned = value.replace(/[₹,\s]/g, '')
	if (!/^\d{1,12}(?:\.\d*)?$/.test(cleaned)) return null
	const rupees = Math.floor(Number(cleaned))
	return rupees > 0 ? Math.min(rupees, MAX_RUPEES) : null
}

/**
 * The query in `params`. `categories` are the names of the shop's visible categories; without them
 * (the page cache's key, which needs no database) any category counts as known.
 */
export function parseCatalogueQuery(params: URLSearchParams, categories?: readonly string[]): CatalogueQuery {
	const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_LENGTH).trim()
	const category = params.get('category')?.trim().slice(0, SEARCH_MAX_LENGTH) || null
	let min = parseRupees(params.get('min'))
	let max = parseRupees(params.get('max'))
	if (min !== null && max !== null && min > max) [min, max] = [max, min]
	const sort = params.get('sort')
	return {
		q,
		category,
		knownCategory: category === null || !categories || categories.includes(category),
		min,
		max,
		soldOut: params.get('soldout') === '1',
		sort: (CATALOGUE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CatalogueSort) : 'newest',
		page: parsePage(params.get('page')),
	}
}

/** The canonical `/collections?…` of a query, defaults left out; `change` replaces some parts (any change but `page` starts again at page 1). */
export function catalogueHref(query: CatalogueQuery, change: Partial<CatalogueQuery> = {}) {
	const next = { ...query, ...change }
	if (!('page' in change) && Object.keys(change).length > 0) next.page = 1
	const params = new URLSearchParams()
	if (next.q) params.set('q', next.q)
	if (next.category) params.set('category', next.category)
	if (next.min !== null) params.set('min', String(next.min))
	if (next.max !== null) params.set('max', String(next.max))
	if (next.soldOut) params.set('soldout', '1')
	if (next.sort !== 'newest') params.set('sort', next.sort)
	if (next.page > 1) params.set('page', String(next.page))
	const search = params.toString()
	return search ? `/collections?${search}` : '/collections'
}

/** Whether the page is a search or a filtered view rather than a category listing (such pages are not indexed). */
export function isRefinedQuery(query: CatalogueQuery) {
	return query.q !== '' || query.min !== null || query.max !== null || query.soldOut || query.sort !== 'newest'
}

const rupees = (n: number) => formatPaise(n * 100)

/** "₹20,000 – ₹30,000", "Up to ₹20,000", "₹40,000 and above" (in the page's language). */
export function priceRangeLabel(min: number | null, max: number | null, { t }: Pick<Translator, 't'>) {
	if (min !== null && max !== null) return t('catalogue.priceBetween', { min: rupees(min), max: rupees(max) })
	if (max !== null) return t('catalogue.priceUpTo', { max: rupees(max) })
	if (min !== null) return t('catalogue.priceFrom', { min: rupees(min) })
	return t('catalogue.priceAny')
}

export type FilterChip = { label: string; removeHref: string }

/** The active filters, each with the address that drops it, in the page's language (`categoryLabel`: the category's name in it). */
export function filterChips(query: CatalogueQuery, i18n: Pick<Translator, 't' | 'path'>, categoryLabel = query.category): FilterChip[] {
	const { t, path } = i18n
	const chips: FilterChip[] = []
	const chip = (label: string, change: Partial<CatalogueQuery>) => chips.push({ label, removeHref: path(catalogueHref(query, change)) })
	if (query.q) chip(t('catalogue.chipSearch', { q: query.q }), { q: '' })
	if (query.category) chip(categoryLabel ?? query.category, { category: null, knownCategory: true })
	if (query.min !== null || query.max !== null) chip(priceRangeLabel(query.min, query.max, i18n), { min: null, max: null })
	if (query.soldOut) chip(t('catalogue.chipSoldOut'), { soldOut: false })
	if (query.sort !== 'newest') chip(sortLabel(query.sort, i18n), { sort: 'newest' })
	return chips
}
