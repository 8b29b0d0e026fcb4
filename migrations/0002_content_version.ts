import { type Kysely, sql } from 'kysely'

// A counter of writes to what public pages show (catalogue, blog, hero, story, shop settings). The
// page cache keeps a rendered page only while it is unchanged, so writes to anything else (orders,
// sessions, sign-in failures, enquiry counts) no longer throw every cached page away. Triggers count
// writes from every process that opens the file (the password and backup commands, a second server).
const CONTENT_TABLES = ['products', 'product_images', 'blogs', 'blog_slug_history', 'hero_settings', 'story_steps', 'shop_settings']

export async function up(db: Kysely<any>) {
	await sql.raw(`CREATE TABLE content_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL) STRICT`).execute(db)
	await sql.raw(`INSERT INTO content_version (id, version) VALUES (1, 0)`).execute(db)
	for (const table of CONTENT_TABLES) {
		for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
			await sql
				.raw(
					`CREATE TRIGGER ${table}_${event.toLowerCase()}_content_version AFTER ${event} ON ${table} BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END`,
				)
				.execute(db)
		}
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
