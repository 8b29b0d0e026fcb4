import { type Kysely, sql } from 'kysely'

// The admin panel's language is the account's own choice (docs/decisions/0045): English, Telugu or
// Hindi, English for an account made before it existed.
export async function up(db: Kysely<unknown>) {
	await sql.raw(`ALTER TABLE admin ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'te', 'hi'))`).execute(db)
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
