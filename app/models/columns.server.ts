import { type Kysely, sql } from 'kysely'

import type { DB } from '~/db-types'
import type { StoredImage } from '~/utils/media'

// How the models turn stored column values into domain values and back, so each rule is written once:
// tags as a JSON array, "contains" searches with LIKE, image columns as a StoredImage, and writes that
// join the caller's transaction.

/** Tags are stored as a JSON array of strings; blanks and anything unreadable are dropped. */
export function readTags(json: string): string[] {
	try {
		const value: unknown = JSON.parse(json)
		return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : []
	} catch {
		return []
	}
}

export function writeTags(tags: string[]): string {
	return JSON.stringify(tags)
}

/** `column LIKE '%text%'` with the text's own `%`, `_` and `\` taken literally (no user input reaches SQL as SQL). */
export function containsText(column: string, text: string) {
	const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	return sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`
}

/** A stored image row (`image_key`, `width`, `height`) as the domain's StoredImage. */
export function toStoredImage(row: { image_key: string; width: number; height: number }): StoredImage {
	return { key: row.image_key, width: row.width, height: row.height }
}

/** Optional image columns (`<name>_image_key`, `<name>_width`, `<name>_height`, e.g. a blog's cover) as a StoredImage or null. */
export function toOptionalImage(key: string | null, width: number | null, height: number | null): StoredImage | null {
	return key && width && height ? { key, width, height } : null
}

/**
 * Runs `work` in a transaction of its own, or inside the caller's when `db` already is one (the demo
 * writes its whole catalogue in one).
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
	return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/** A SQLite UNIQUE constraint failure on `table.column`. */
export function isUniqueViolation(error: unknown, tableColumn: string) {
	return error instanceof Error && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes(tableColumn)
}
