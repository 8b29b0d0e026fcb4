import { type Kysely, sql } from 'kysely'

import { TRASH_DAYS } from '~/constants'
import { type DB, getDb, nowIso } from '~/db.server'

import { isBlogSlugTaken } from './blogs.server'
import { findCategoryName, findRenamedCategory } from './categories.server'
import { inTransaction } from './columns.server'
import { mediaKeysOfRecord } from './media-columns.server'
import { readOrderStock, recountHeld, settleStock } from './order-stock.server'
import { isProductCodeTaken } from './products-admin.server'

// The trash (docs/decisions/0040): a deleted saree, blog post or order leaves its tables for `trash`,
// rows and all, and comes back from there as it was. Nothing public reads `trash`, so a trashed record
// cannot show anywhere by a read forgetting a filter; its media keys stay named in `trash_media`, so
// no sweep removes its files until the trash lets go of it.

const TRASH_MS = TRASH_DAYS * 86_400_000

export type TrashKind = 'product' | 'blog' | 'order'

type Row = Record<string, unknown>
/** What `trash.record` holds: the rows as they were, and the other rows that pointed at the record. */
type TrashedRecord = { rows: Record<string, Row[]>; links: Record<string, number[]> }

/**
 * The rows that make up each kind of record. `children` go with it (their foreign key cascades);
 * `links` are other records' rows whose pointer at it is set to NULL, pointed back on restore. Every
 * foreign key at these tables is one or the other (trash.server.test.ts reads the schema).
 */
export const TRASH_SHAPES = {
	product: {
		table: 'products',
		children: [
			{ table: 'product_images', foreignKey: 'product_id' },
			{ table: 'product_enquiries', foreignKey: 'product_id' },
		],
		links: [{ table: 'order_items', column: 'product_id' }],
	},
	blog: { table: 'blogs', children: [{ table: 'blog_slug_history', foreignKey: 'blog_id' }], links: [] },
	order: {
		table: 'orders',
		children: [{ table: 'order_items', foreignKey: 'order_id' }],
		links: [{ table: 'tax_invoices', column: 'order_id' }],
	},
} as const satisfies Record<
	TrashKind,
	{
		table: keyof DB
		children: ReadonlyArray<{ table: keyof DB; foreignKey: string }>
		links: ReadonlyArray<{ table: keyof DB; column: string }>
	}
>

async function selectRows(trx: Kysely<DB>, table: string, column: string, id: number) {
	// In the order of the first columns (the id, or a WITHOUT ROWID table's key), so rows come back as they were.
	const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id} ORDER BY 1, 2`.execute(trx)
	return rows
}

/** The table's columns now: a record trashed before a migration added one takes its default. */
async function columnsOf(trx: Kysely<DB>, table: string) {
	const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(trx)
	return new Set(rows.map((r) => r.name))
}

async function idTaken(trx: Kysely<DB>, table: string, id: unknown) {
	const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id}`.execute(trx)
	return rows.length > 0
}

/** Inserts a trashed row again, keeping its id unless another row took it meanwhile; returns its id. */
async function insertRow(trx: Kysely<DB>, table: string, row: Row): Promise<number> {
	const columns = await columnsOf(trx, table)
	const keepId = 'id' in row && !(await idTaken(trx, table, row.id))
	const names = Object.keys(row).filter((name) => columns.has(name) && (name !== 'id' || keepId))
	const { rows } = await sql<{ id: number }>`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
		VALUES (${sql.join(names.map((n) => row[n]))}) RETURNING ${sql.raw(columns.has('id') ? 'id' : '0 AS id')}`.execute(trx)
	return rows[0]!.id
}

/** What the trash screen shows of a record: its name, and its code or slug. */
function describe(kind: TrashKind, row: Row) {
	if (kind === 'product') return { label: String(row.name), detail: String(row.code) }
	if (kind === 'blog') return { label: String(row.title), detail: String(row.slug) }
	return { label: String(row.customer_name), detail: '' }
}

/**
 * Moves records of one kind to the trash, each with the rows that belong to it, in one transaction; an
 * order first gives back the pieces it held or took (settleStock, as a deleted order did). Returns the
 * trash entries' ids in the order of `ids`, null for an id with no record. Their files stay.
 */
export async function moveToTrash(kind: TrashKind, ids: readonly number[], db: Kysely<DB> = getDb(), now = nowIso()) {
	const shape = TRASH_SHAPES[kind]
	return inTransaction(db, async (trx) => {
		const trashIds: Array<number | null> = []
		for (const id of ids) {
			const [main] = await selectRows(trx, shape.table, 'id', id)
			if (!main) {
				trashIds.push(null)
				continue
			}
			const record: TrashedRecord = { rows: { [shape.table]: [main] }, links: {} }
			for (const child of shape.children) record.rows[child.table] = await selectRows(trx, child.table, child.foreignKey, id)
			for (const link of shape.links) {
				record.links[`${link.table}.${link.column}`] = (await selectRows(trx, link.table, link.column, id)).map((r) => Number(r.id))
			}
			const keys = await mediaKeysOfRecord(trx, shape.table, id)
			if (kind === 'order') await settleStock(trx, (await readOrderStock(trx, id))!, null)
			const { id: trashId } = await trx
				.insertInto('trash')
				.values({ kind, record_id: id, ...describe(kind, main), record: JSON.stringify(record), deleted_at: now })
				.returning('id')
				.executeTakeFirstOrThrow()
			if (keys.length)
				await trx
					.insertInto('trash_media')
					.values(keys.map((media_key) => ({ trash_id: trashId, media_key })))
					.execute()
			await sql`DELETE FROM ${sql.table(shape.table)} WHERE id = ${id}`.execute(trx)
			trashIds.push(trashId)
		}
		return trashIds
	})
}

export type TrashItem = {
	id: number
	kind: TrashKind
	recordId: number
	label: string
	detail: string
	deletedAt: string
	/** When the purge removes it for good. */
	purgeAt: string
}

const ITEM_COLUMNS = ['id', 'kind', 'record_id', 'label', 'detail', 'deleted_at'] as const

function toTrashItem(row: {
	id: number
	kind: TrashKind
	record_id: number
	label: string
	detail: string
	deleted_at: string
}): TrashItem {
	return {
		id: row.id,
		kind: row.kind,
		recordId: row.record_id,
		label: row.label,
		detail: row.detail,
		deletedAt: row.deleted_at,
		purgeAt: new Date(Date.parse(row.deleted_at) + TRASH_MS).toISOString(),
	}
}

/** Everything in the trash, the latest deleted first. */
export async function listTrash(db: Kysely<DB> = getDb()): Promise<TrashItem[]> {
	const rows = await db.selectFrom('trash').select(ITEM_COLUMNS).orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute()
	return rows.map(toTrashItem)
}

/** One entry of the trash, or null. */
export async function getTrashItem(id: number, db: Kysely<DB> = getDb()): Promise<TrashItem | null> {
	const row = await db.selectFrom('trash').select(ITEM_COLUMNS).where('id', '=', id).executeTakeFirst()
	return row ? toTrashItem(row) : null
}

export type RestoreOutcome =
	| { restored: true; kind: TrashKind; id: number; label: string }
	/** Another record took the saree's code or the post's slug meanwhile: nothing was written. */
	| { restored: false; kind: TrashKind; label: string; taken: { field: 'code' | 'slug'; value: string } }
	/** The saree's category was deleted meanwhile (a renamed one is followed): nothing was written. */
	| { restored: false; kind: TrashKind; label: string; missingCategory: string }

/**
 * Puts a trashed record back with everything it had: its fields, translations, photos, tags, status,
 * old slugs and order lines, under its own id unless a new record took it meanwhile. An order holds its
 * pieces again, or takes them if shipped or delivered (settleStock, as a new order would); a saree's
 * order lines point at it again and it counts the pieces its open orders hold. Null: no such entry.
 */
export async function restoreFromTrash(trashId: number, db: Kysely<DB> = getDb()): Promise<RestoreOutcome | null> {
	return inTransaction(db, async (trx) => {
		const entry = await trx.selectFrom('trash').select(['kind', 'label', 'record']).where('id', '=', trashId).executeTakeFirst()
		if (!entry) return null
		const { kind, label } = entry
		const shape = TRASH_SHAPES[kind]
		const record = JSON.parse(entry.record) as TrashedRecord
		const main = record.rows[shape.table]![0]!
		if (kind === 'product' && (await isProductCodeTaken(String(main.code), undefined, trx))) {
			return { restored: false, kind, label, taken: { field: 'code', value: String(main.code) } }
		}
		if (kind === 'blog' && (await isBlogSlugTaken(String(main.slug), trx))) {
			return { restored: false, kind, label, taken: { field: 'slug', value: String(main.slug) } }
		}
		if (kind === 'product') {
			// A category renamed while the saree was in the trash is followed to its new name.
			const name = String(main.category)
			const category = (await findCategoryName(name, trx)) ?? (await findRenamedCategory(name, trx))
			if (!category) return { restored: false, kind, label, missingCategory: name }
			main.category = category
		}
		const id = await insertRow(trx, shape.table, main)
		for (const child of shape.children) {
			for (const row of record.rows[child.table] ?? []) {
				// An old slug another post now uses (or redirects from) stays theirs.
				if (child.table === 'blog_slug_history' && (await isBlogSlugTaken(String(row.slug), trx))) continue
				await insertRow(trx, child.table, { ...row, [child.foreignKey]: id, ...(kind === 'order' ? await orderLine(trx, row) : {}) })
			}
		}
		for (const link of shape.links) {
			const ids = record.links[`${link.table}.${link.column}`] ?? []
			if (!ids.length) continue
			await sql`UPDATE ${sql.table(link.table)} SET ${sql.ref(link.column)} = ${id}
				WHERE id IN (${sql.join(ids)}) AND ${sql.ref(link.column)} IS NULL`.execute(trx)
		}
		if (kind === 'order') await settleRestoredOrder(trx, id)
		if (kind === 'product') await recountHeld(trx, id)
		await trx.deleteFrom('trash').where('id', '=', trashId).execute()
		return { restored: true, kind, id, label }
	})
}

/** An order line comes back having taken nothing (settleStock decides), naming its saree if that still exists. */
async function orderLine(trx: Kysely<DB>, row: Row) {
	const exists = row.product_id !== null && (await idTaken(trx, 'products', row.product_id))
	return { taken: 0, product_id: exists ? row.product_id : null }
}

async function settleRestoredOrder(trx: Kysely<DB>, orderId: number) {
	const stock = (await readOrderStock(trx, orderId))!
	const taken = await settleStock(trx, null, stock)
	for (const [i, line] of stock.lines.entries()) {
		if (taken[i]) await trx.updateTable('order_items').set({ taken: taken[i] }).where('id', '=', line.id).execute()
	}
}

/** Removes trash entries for good; returns their media keys (delete the files once this has committed). */
async function removeEntries(db: Kysely<DB>, pick: (trx: Kysely<DB>) => Promise<number[]>) {
	return inTransaction(db, async (trx) => {
		const ids = await pick(trx)
		if (!ids.length) return { removed: 0, keys: [] as string[] }
		const keys = (await trx.selectFrom('trash_media').select('media_key').where('trash_id', 'in', ids).execute()).map((r) => r.media_key)
		await trx.deleteFrom('trash').where('id', 'in', ids).execute()
		return { removed: ids.length, keys }
	})
}

const idsOf = (rows: Array<{ id: number }>) => rows.map((r) => r.id)

/** "Delete for good" of one entry: its media keys, or null when there is no such entry. */
export async function deleteFromTrash(trashId: number, db: Kysely<DB> = getDb()) {
	const { removed, keys } = await removeEntries(db, async (trx) =>
		idsOf(await trx.selectFrom('trash').select('id').where('id', '=', trashId).execute()),
	)
	return removed ? keys : null
}

/** "Empty trash": every entry goes for good; returns how many and their media keys. */
export async function emptyTrash(db: Kysely<DB> = getDb()) {
	return removeEntries(db, async (trx) => idsOf(await trx.selectFrom('trash').select('id').execute()))
}

/** The purge: entries deleted more than TRASH_DAYS before `now` go for good; returns how many and their media keys. */
export async function purgeExpiredTrash(now: Date, db: Kysely<DB> = getDb()) {
	const before = new Date(now.getTime() - TRASH_MS).toISOString()
	return removeEntries(db, async (trx) => idsOf(await trx.selectFrom('trash').select('id').where('deleted_at', '<=', before).execute()))
}
