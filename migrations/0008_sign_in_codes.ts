import { type Kysely, sql } from 'kysely'

// Sign-in codes: while strangers guess at the admin's account, a browser the shop does not know is
// asked for a code mailed to the admin besides the password (docs/decisions/0024). One row per answered
// sign-in: the challenge its form carries (only its SHA-256 here), the code's hash when the password
// was right (NULL when it was not: such a challenge takes tries like any other and never signs in), the
// wrong tries so far, and when it expires.
export async function up(db: Kysely<unknown>) {
	for (const statement of [
		`CREATE TABLE sign_in_codes (
			id INTEGER PRIMARY KEY,
			challenge_hash TEXT NOT NULL UNIQUE,
			code_hash TEXT,
			admin_id INTEGER REFERENCES admin (id) ON DELETE CASCADE,
			tries INTEGER NOT NULL DEFAULT 0,
			created_at TEXT NOT NULL,
			expires_at TEXT NOT NULL,
			CHECK ((code_hash IS NULL) = (admin_id IS NULL))
		) STRICT`,
		`CREATE INDEX sign_in_codes_expiry ON sign_in_codes (expires_at)`,
	]) {
		await sql.raw(statement).execute(db)
	}
}

export async function down() {
	throw new Error('Migrations are append-only: restore a backup instead of migrating down.')
}
