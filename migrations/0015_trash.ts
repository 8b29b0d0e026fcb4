import { type Kysely, sql } from 'kysely'

// Nothing is deleted at once (docs/decisions/0040): deleting a saree, a blog post or an order moves its
// rows out of their tables into `trash`, as JSON, for 30 days. The rows leave every table a page reads,
// so no storefront read, feed, search index, count or report can show them by forgetting a filter.
// - `record` holds the rows as they were ({ rows: { table: [row, ...] }, links: { 'table.column': [id, ...] } });
//   links are the rows of other records that pointed at it and were set to NULL (an order line's saree,
//   a tax invoice's order), so a restore points them back.
// - `trash_media` names every media key of the trashed rows: it is declared in MEDIA_COLUMNS, so the
//   start-up sweep, the media bucket's sweep, backups and restores keep those files until the purge.
// No public page shows either table (they are not counted by content_version); moving rows out of
// products or blogs is counted by those tables' own triggers.
export async function up(db: Kysely<unknown>) {
	for (const statement of [
		// AUTOINCREMENT: an entry's id is never given to a later one, so an old "Undo" cannot restore another record.
		`CREATE TABLE trash (
			id INTEGER PRIMARY KEY AUTOINCREMENT,
			-- 'product', 'blog', 'order' (TrashKind); no CHECK, so a new kind of record needs no table rebuild.
			kind TEXT NOT NULL,
			record_id INTEGER NOT NULL,
			label TEXT NOT NULL,
			detail TEXT NOT NULL DEFAULT '',
			record TEXT NOT NULL CHECK (json_valid(record)),
			deleted_at TEXT NOT NULL
		) STRICT`,
		`CREATE INDEX trash_deleted_at ON trash (deleted_at)`,
		`CREATE TABLE trash_media (
			trash_id INTEGER NOT NULL REFERENCES trash (id) ON DELETE CASCADE,
			media_key TEXT NOT NULL,
			PRIMARY KEY (trash_id, media_key)
		) STRICT, WITHOUT ROWID`,
	]) {
		await sql.raw(statement).execute(db)
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
