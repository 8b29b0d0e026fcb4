import type { Kysely, Selectable } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import type { StoredImage } from '~/utils/media'
import { type Localized, localizedColumn, translationColumns, type Translations } from '~/utils/translations'

import { inTransaction, isUniqueViolation, toOptionalImage } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'

// The categories the seller manages (migration 0013, docs/decisions/0037). A saree names its category
// by the English name (products.category, a foreign key that follows a rename and keeps a category
// that holds sarees from being deleted); the names a category had before stay in category_aliases so
// its old addresses redirect. Hidden categories stay out of everything public (storefront lists,
// sitemap, feeds: see hiddenCategoryNames) while their sarees' own pages stay open.

const TRANSLATED = ['name', 'description'] as const

// ── Storefront reads ──

/** A category as a visitor reads it, in the page's language (English where the seller left a translation empty). */
export type ShopCategory = {
	/** The English name: the category's address (`/collections?category=…`) and what sarees store. */
	name: string
	label: Localized
	description: Localized
	picture: StoredImage | null
}

/** Every visible category, in the seller's order, in `locale`. */
export async function listShopCategories(locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<ShopCategory[]> {
	const rows = await db
		.selectFrom('categories')
		.select(['name', 'description', 'picture_key', 'picture_width', 'picture_height'])
		.select(translationColumns(TRANSLATED, locale))
		.where('hidden', '=', 0)
		.orderBy('position')
		.orderBy('id')
		.execute()
	return rows.map((row) => ({
		name: row.name,
		label: localizedColumn(row, 'name', locale),
		description: localizedColumn(row, 'description', locale),
		picture: toOptionalImage(row.picture_key, row.picture_width, row.picture_height),
	}))
}

/** The shown categories with an active saree (the category pages search engines may index), in order. */
export async function listSitemapCategories(db: Kysely<DB> = getDb()): Promise<string[]> {
	const rows = await db
		.selectFrom('categories')
		.select('name')
		.where('hidden', '=', 0)
		.where(({ exists, selectFrom }) =>
			exists(
				selectFrom('products')
					.select('products.id')
					.whereRef('products.category', '=', 'categories.name')
					.where('products.status', '=', 'active'),
			),
		)
		.orderBy('position')
		.orderBy('id')
		.execute()
	return rows.map((row) => row.name)
}

/** A category's name in `locale` (any category, hidden too: a saree's own page names it); null when there is none of that name. */
export async function getCategoryLabel(name: string, locale: Locale = 'en', db: Kysely<DB> = getDb()): Promise<Localized | null> {
	const row = await db
		.selectFrom('categories')
		.select('name')
		.select(translationColumns(['name'], locale))
		.where('name', '=', name)
		.executeTakeFirst()
	return row ? localizedColumn(row, 'name', locale) : null
}

/**
 * The current name of the category an address names by an old name (before the seller renamed it) or
 * in another letter case; null when it names no category, or names one as the shop spells it.
 */
export async function findRenamedCategory(name: string, db: Kysely<DB> = getDb()): Promise<string | null> {
	const current =
		(await findCategoryName(name, db)) ??
		(
			await db
				.selectFrom('category_aliases')
				.innerJoin('categories', 'categories.id', 'category_aliases.category_id')
				.select('categories.name')
				.where('category_aliases.name', '=', name)
				.executeTakeFirst()
		)?.name ??
		null
	return current === name ? null : current
}

/** The names of hidden categories: public lists, the sitemap and the feeds leave their sarees out. */
export function hiddenCategoryNames(db: Kysely<DB>) {
	return db.selectFrom('categories').select('name').where('hidden', '=', 1)
}

// ── Admin ──

export type AdminCategoryFields = Translations<(typeof TRANSLATED)[number]> & {
	name: string
	description: string
	googleProductCategory: string
	hsn: string
}

export type AdminCategoryListItem = {
	id: number
	name: string
	hidden: boolean
	/** Sarees in it, of every status. */
	productCount: number
	picture: StoredImage | null
}

export type CategoryForEdit = AdminCategoryFields & { id: number; hidden: boolean; picture: StoredImage | null }

/** What happens to the picture on save. */
export type CategoryPictureChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; image: StoredImage }

/** A save refused because another category already has the name (in any letter case). */
export class CategoryNameTakenError extends Error {
	constructor() {
		super('Category name taken')
		this.name = 'CategoryNameTakenError'
	}
}

/** The category called `name` in any letter case, as the shop spells it; null when there is none. */
export async function findCategoryName(name: string, db: Kysely<DB> = getDb()): Promise<string | null> {
	const row = await db.selectFrom('categories').select('name').where('name', '=', name.trim()).executeTakeFirst()
	return row?.name ?? null
}

/** Every category's English name, in order (the product editor's choices, the admin list's filter). */
export async function listCategoryNames(db: Kysely<DB> = getDb()): Promise<string[]> {
	const rows = await db.selectFrom('categories').select('name').orderBy('position').orderBy('id').execute()
	return rows.map((row) => row.name)
}

/** Every category in order with the number of sarees in it. */
export async function listCategoriesForAdmin(db: Kysely<DB> = getDb()): Promise<AdminCategoryListItem[]> {
	const rows = await db
		.selectFrom('categories')
		.select(['id', 'name', 'hidden', 'picture_key', 'picture_width', 'picture_height'])
		.select((eb) =>
			eb
				.selectFrom('products')
				.select((p) => p.fn.countAll<number>().as('count'))
				.whereRef('products.category', '=', 'categories.name')
				.as('product_count'),
		)
		.orderBy('position')
		.orderBy('id')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		hidden: row.hidden === 1,
		productCount: Number(row.product_count ?? 0),
		picture: toOptionalImage(row.picture_key, row.picture_width, row.picture_height),
	}))
}

type CategoryRow = Selectable<DB['categories']>

function toCategoryForEdit(row: CategoryRow): CategoryForEdit {
	return {
		id: row.id,
		name: row.name,
		nameTe: row.name_te,
		nameHi: row.name_hi,
		description: row.description,
		descriptionTe: row.description_te,
		descriptionHi: row.description_hi,
		googleProductCategory: row.google_product_category,
		hsn: row.hsn,
		hidden: row.hidden === 1,
		picture: toOptionalImage(row.picture_key, row.picture_width, row.picture_height),
	}
}

/** Everything the edit form shows; null when there is no such category. */
export async function getCategoryForEdit(id: number, db: Kysely<DB> = getDb()): Promise<CategoryForEdit | null> {
	const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst()
	return row ? toCategoryForEdit(row) : null
}

function categoryRow(fields: AdminCategoryFields) {
	return {
		name: fields.name.trim(),
		name_te: fields.nameTe.trim(),
		name_hi: fields.nameHi.trim(),
		description: fields.description.trim(),
		description_te: fields.descriptionTe.trim(),
		description_hi: fields.descriptionHi.trim(),
		google_product_category: fields.googleProductCategory.trim(),
		hsn: fields.hsn.trim(),
	}
}

function pictureRow(picture: StoredImage | null) {
	return { picture_key: picture?.key ?? null, picture_width: picture?.width ?? null, picture_height: picture?.height ?? null }
}

// A name in use is nobody's old name any more: its old addresses now open the category that has it.
async function claimName(trx: Kysely<DB>, name: string) {
	await trx.deleteFrom('category_aliases').where('name', '=', name).execute()
}

async function writeOrRefuse<T>(write: () => Promise<T>): Promise<T> {
	try {
		return await write()
	} catch (error) {
		if (isUniqueViolation(error, 'categories.name')) throw new CategoryNameTakenError()
		throw error
	}
}

/** Adds a category at the end of the list; returns its id (CategoryNameTakenError when the name is taken). */
export async function createCategory(fields: AdminCategoryFields, picture: StoredImage | null, db: Kysely<DB> = getDb(), now = nowIso()) {
	return writeOrRefuse(() =>
		inTransaction(db, async (trx) => {
			const { last } = await trx
				.selectFrom('categories')
				.select((eb) => eb.fn.max('position').as('last'))
				.executeTakeFirstOrThrow()
			await claimName(trx, fields.name.trim())
			const { id } = await trx
				.insertInto('categories')
				.values({ ...categoryRow(fields), ...pictureRow(picture), position: Number(last ?? 0) + 1, created_at: now, updated_at: now })
				.returning('id')
				.executeTakeFirstOrThrow()
			return id
		}),
	)
}

/**
 * Saves a category. A new name follows into every saree in it (ON UPDATE CASCADE) and the old one is
 * kept so its addresses redirect. Returns the media keys no longer used (delete their files after this
 * commits), or null when the category does not exist.
 */
export async function updateCategory(id: number, fields: AdminCategoryFields, picture: CategoryPictureChange, db: Kysely<DB> = getDb()) {
	return writeOrRefuse(() =>
		inTransaction(db, async (trx) => {
			const before = await trx.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst()
			if (!before) return null
			const name = fields.name.trim()
			const replaced = picture.kind === 'keep' ? [] : await mediaKeysOfRecord(trx, 'categories', id)
			if (name !== before.name) {
				await claimName(trx, name)
				// Only a real rename leaves an old address behind (not a change of letter case).
				if (name.toLowerCase() !== before.name.toLowerCase()) {
					await trx
						.insertInto('category_aliases')
						.values({ name: before.name, category_id: id })
						.onConflict((oc) => oc.column('name').doUpdateSet({ category_id: id }))
						.execute()
				}
			}
			await trx
				.updateTable('categories')
				.set({
					...categoryRow(fields),
					...(picture.kind === 'keep' ? {} : pictureRow(picture.kind === 'replace' ? picture.image : null)),
					updated_at: nowIso(),
				})
				.where('id', '=', id)
				.execute()
			return replaced
		}),
	)
}

/** Shows or hides a category; false when there is no such category. */
export async function setCategoryHidden(id: number, hidden: boolean, db: Kysely<DB> = getDb()) {
	const result = await db
		.updateTable('categories')
		.set({ hidden: hidden ? 1 : 0, updated_at: nowIso() })
		.where('id', '=', id)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

/** Swaps a category with its neighbour above (`up`) or below; false when it is missing or already at that end. */
export async function moveCategory(id: number, direction: 'up' | 'down', db: Kysely<DB> = getDb()) {
	return inTransaction(db, async (trx) => {
		const order = await trx.selectFrom('categories').select('id').orderBy('position').orderBy('id').execute()
		const at = order.findIndex((row) => row.id === id)
		const to = direction === 'up' ? at - 1 : at + 1
		if (at < 0) return false
		// The first cannot go up, nor the last down: already where it was asked to go.
		if (to < 0 || to >= order.length) return true
		const ids = order.map((row) => row.id)
		;[ids[at], ids[to]] = [ids[to]!, ids[at]!]
		// Positions are renumbered 1… in the new order, so earlier ties or gaps never make a move do nothing.
		for (const [i, categoryId] of ids.entries()) {
			await trx
				.updateTable('categories')
				.set({ position: i + 1 })
				.where('id', '=', categoryId)
				.where('position', '!=', i + 1)
				.execute()
		}
		return true
	})
}

/** The number of sarees in a category, of every status. */
export async function countCategoryProducts(name: string, db: Kysely<DB> = getDb()) {
	const { count } = await db
		.selectFrom('products')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('category', '=', name)
		.executeTakeFirstOrThrow()
	return Number(count)
}

/**
 * Deletes an empty category: its media keys for file clean-up, `{ products }` when sarees are still
 * in it (nothing is deleted), or null when it is missing.
 */
export async function deleteCategory(id: number, db: Kysely<DB> = getDb()): Promise<string[] | { products: number } | null> {
	return inTransaction(db, async (trx) => {
		const row = await trx.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst()
		if (!row) return null
		const products = await countCategoryProducts(row.name, trx)
		if (products > 0) return { products }
		const keys = await mediaKeysOfRecord(trx, 'categories', id)
		await trx.deleteFrom('categories').where('id', '=', id).execute()
		return keys
	})
}
