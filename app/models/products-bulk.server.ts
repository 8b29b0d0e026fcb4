import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import type { ProductStatus } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'
import { BULK_MESSAGES, type BulkChange, steppedPrice } from '~/schemas/product-bulk'

import { listCategoryNames } from './categories.server'
import { inTransaction, readTags, writeTags } from './columns.server'
import { type AdminProductFilters, filteredProducts } from './products-admin.server'
import { moveToTrash } from './trash.server'

// Changes to several sarees at once (the admin list's bulk actions). The selection is resolved here on
// every read and again inside the write's transaction, so a count or an id list from the page is never
// what gets written: ticked ids must all still exist, and "all that match" is the filter run again.

/** The ticked sarees (ids from the page), or every saree the list's filters match. */
export type BulkSelection = { ids: number[] } | { filters: AdminProductFilters }

/** A saree as a bulk change reads it. */
export type BulkProduct = {
	id: number
	name: string
	code: string
	category: string
	status: ProductStatus
	originalPricePaise: number
	salePricePaise: number
	tags: string[]
}

/** One saree of a planned change: what it holds now, what it would hold, and why it cannot, if so. */
type BulkPlanRow = {
	product: BulkProduct
	after: BulkProduct | null
	changed: boolean
	problem: string | null
}

/** What a bulk change would do: each saree, and the form's own problem (a category that is not one). */
export type BulkPlan = { rows: BulkPlanRow[]; problem: string | null }

/** The highest price the editor takes (nine digits of rupees and paise). */
const MAX_PRICE_PAISE = 999_999_999_99

/** The selection resolved now: the sarees (newest first), or a message when it cannot be used. */
export async function readBulkSelection(
	selection: BulkSelection,
	db: Kysely<DB> = getDb(),
): Promise<{ products: BulkProduct[]; problem: string | null }> {
	let query =
		'ids' in selection
			? db.selectFrom('products').where('id', 'in', selection.ids.length ? selection.ids : [0])
			: filteredProducts(selection.filters, db)
	query = query.orderBy('created_at', 'desc').orderBy('id', 'desc')
	const rows = await query
		.select(['id', 'name', 'code', 'category', 'status', 'original_price_paise', 'sale_price_paise', 'tags'])
		.execute()
	const products = rows.map((row) => ({
		id: row.id,
		name: row.name,
		code: row.code,
		category: row.category,
		status: row.status,
		originalPricePaise: row.original_price_paise,
		salePricePaise: row.sale_price_paise,
		tags: readTags(row.tags),
	}))
	if ('ids' in selection) {
		const missing = new Set(selection.ids).size - products.length
		if (missing > 0) return { products, problem: BULK_MESSAGES.missing(missing) }
	}
	return { products, problem: products.length ? null : BULK_MESSAGES.nothingSelected }
}

/** What `change` would do to each of `products`, with the schema's rules checked for every saree. */
export async function planBulkChange(products: BulkProduct[], change: BulkChange, db: Kysely<DB> = getDb()): Promise<BulkPlan> {
	if (change.kind === 'category' && !(await listCategoryNames(db)).includes(change.category))
		return { rows: [], problem: BULK_MESSAGES.categoryRequired }
	const rows = products.map((product) => {
		const after = changedProduct(product, change)
		return { product, after, changed: after === null || !sameProduct(product, after), problem: after ? productProblem(after) : null }
	})
	return { rows, problem: null }
}

/** The saree after the change; null when it is deleted. */
function changedProduct(product: BulkProduct, change: BulkChange): BulkProduct | null {
	switch (change.kind) {
		case 'status':
			return { ...product, status: change.status }
		case 'category':
			return { ...product, category: change.category }
		case 'price': {
			const { field } = change.price
			return {
				...product,
				salePricePaise: field === 'original' ? product.salePricePaise : steppedPrice(product.salePricePaise, change.price),
				originalPricePaise: field === 'sale' ? product.originalPricePaise : steppedPrice(product.originalPricePaise, change.price),
			}
		}
		case 'tag-add':
			return hasTag(product.tags, change.tag) ? product : { ...product, tags: [...product.tags, change.tag] }
		case 'tag-remove':
			return { ...product, tags: product.tags.filter((tag) => !sameTag(tag, change.tag)) }
		case 'delete':
			return null
	}
}

function productProblem(product: BulkProduct) {
	for (const price of [product.salePricePaise, product.originalPricePaise]) {
		if (price <= 0) return BULK_MESSAGES.priceTooLow(price)
		if (price > MAX_PRICE_PAISE) return BULK_MESSAGES.priceTooHigh(price)
	}
	return product.salePricePaise > product.originalPricePaise ? BULK_MESSAGES.saleAboveOriginal : null
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const hasTag = (tags: string[], tag: string) => tags.some((t) => sameTag(t, tag))

function sameProduct(a: BulkProduct, b: BulkProduct) {
	return (
		a.status === b.status &&
		a.category === b.category &&
		a.originalPricePaise === b.originalPricePaise &&
		a.salePricePaise === b.salePricePaise &&
		writeTags(a.tags) === writeTags(b.tags)
	)
}

/**
 * A fingerprint of what a plan starts from (each saree as it is now, and what the change makes of it):
 * the summary page carries it, and a confirm whose sarees no longer match it (the same confirm sent
 * twice, a saree edited meanwhile) writes nothing.
 */
export function planKey(plan: BulkPlan) {
	const state = plan.rows.map((row) => [row.product, row.after])
	return crypto.createHash('sha256').update(JSON.stringify(state)).digest('hex')
}

/** Why a bulk change wrote nothing: the selection or the change no longer holds (the message says which). */
export class BulkChangeRefusedError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'BulkChangeRefusedError'
	}
}

/**
 * Applies `change` to the selection, resolved again and checked again inside one transaction: every
 * saree changes, or none (a BulkChangeRefusedError says why). Deleting moves each saree to the trash
 * (moveToTrash, the single delete's own path), photos kept for a restore. Answers how many sarees changed.
 */
export async function applyBulkChange(
	selection: BulkSelection,
	change: BulkChange,
	db: Kysely<DB> = getDb(),
	now = nowIso(),
	/** The planKey the seller confirmed, when the summary page gave one. */
	planned?: string,
): Promise<{ changed: number }> {
	return inTransaction(db, async (trx) => {
		const { products, problem } = await readBulkSelection(selection, trx)
		if (problem) throw new BulkChangeRefusedError(problem)
		const plan = await planBulkChange(products, change, trx)
		if (plan.problem) throw new BulkChangeRefusedError(plan.problem)
		if (planned !== undefined && planKey(plan) !== planned) throw new BulkChangeRefusedError(BULK_MESSAGES.plannedInvalid)
		if (plan.rows.some((row) => row.problem)) throw new BulkChangeRefusedError(BULK_MESSAGES.refused)
		let changed = 0
		for (const { product, after, changed: differs } of plan.rows) {
			if (!differs) continue
			changed++
			if (after === null) {
				const [trashId] = await moveToTrash('product', [product.id], trx, now)
				if (trashId == null) throw new BulkChangeRefusedError(BULK_MESSAGES.missing(1))
				continue
			}
			await trx
				.updateTable('products')
				.set({
					status: after.status,
					category: after.category,
					original_price_paise: after.originalPricePaise,
					sale_price_paise: after.salePricePaise,
					tags: writeTags(after.tags),
					updated_at: now,
				})
				.where('id', '=', product.id)
				.execute()
		}
		return { changed }
	})
}
