import type Database from 'better-sqlite3'
import { type Kysely, sql } from 'kysely'

import type { DB } from '~/db-types'

// The one list of database columns that hold a media key (`images/<id>`, `videos/<id>/video.mp4`, ...).
// Everything that must agree on which files the shop still uses reads it:
// - the start-up sweep (app/services/storage.server.ts) deletes every media folder none of them names;
// - the backup (app/services/backup.server.ts) copies exactly the folders they name;
// - deleting a record (mediaKeysOfRecord) removes the files of its columns and of the rows that cascade with it.
// A column missing here loses photos (swept at start, left out of backups). media-columns.server.test.ts
// fails when the schema gains a column that looks like it holds media and is not listed.

type MediaColumn = {
	[T in keyof DB]: {
		table: T
		column: keyof DB[T] & string
		/** For rows that belong to another table's row (and go when it is deleted): that table and the column pointing at it. */
		owner?: { table: keyof DB; foreignKey: keyof DB[T] & string }
	}
}[keyof DB]

export const MEDIA_COLUMNS = [
	{ table: 'product_images', column: 'image_key', owner: { table: 'products', foreignKey: 'product_id' } },
	{ table: 'blogs', column: 'cover_image_key' },
	{ table: 'categories', column: 'picture_key' },
	{ table: 'hero_settings', column: 'video_key' },
	{ table: 'hero_settings', column: 'poster_key' },
	{ table: 'story_steps', column: 'video_key' },
	{ table: 'story_steps', column: 'poster_key' },
	// A trashed record's photos, kept until the trash is purged (docs/decisions/0040).
	{ table: 'trash_media', column: 'media_key', owner: { table: 'trash', foreignKey: 'trash_id' } },
] as const satisfies readonly MediaColumn[]

// Identifiers come from the constant above, never from input.
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** One query for every media key in the database (nulls included). */
const ALL_KEYS_SQL = MEDIA_COLUMNS.map(({ table, column }) => `SELECT ${quote(column)} AS key FROM ${quote(table)}`).join(' UNION ALL ')

/**
 * Every media key the database at `sqlite` refers to. Takes a plain better-sqlite3 connection so the
 * backup can ask the same question of its read-only copy.
 */
export function listMediaKeys(sqlite: Database.Database): string[] {
	return (sqlite.prepare(ALL_KEYS_SQL).pluck().all() as Array<string | null>).filter((key): key is string => !!key)
}

const REFERENCES_DIR_SQL = `SELECT 1 FROM (${ALL_KEYS_SQL}) WHERE key = @dir OR substr(key, 1, length(@dir) + 1) = @dir || '/' LIMIT 1`

/** Whether a row still names the media folder `dir` (`images/<id>`, `videos/<id>`), as itself or a file in it. */
export function isMediaDirReferenced(sqlite: Database.Database, dir: string): boolean {
	return sqlite.prepare(REFERENCES_DIR_SQL).pluck().get({ dir }) !== undefined
}

/**
 * The media keys of one record of `table` and of the rows that belong to it: call it inside the
 * transaction that deletes the record, then delete the files once it has committed.
 */
export async function mediaKeysOfRecord(db: Kysely<DB>, table: keyof DB, id: number): Promise<string[]> {
	const keys: string[] = []
	for (const media of MEDIA_COLUMNS as readonly MediaColumn[]) {
		const match = media.table === table ? 'id' : media.owner?.table === table ? media.owner.foreignKey : null
		if (!match) continue
		const { rows } = await sql<{
			key: string | null
		}>`SELECT ${sql.ref(media.column)} AS key FROM ${sql.table(media.table)} WHERE ${sql.ref(match)} = ${id}`.execute(db)
		for (const row of rows) if (row.key) keys.push(row.key)
	}
	return keys
}
