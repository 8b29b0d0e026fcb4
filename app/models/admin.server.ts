import type { Kysely } from 'kysely'

import { type DB, getDb, nowIso } from '~/db.server'
import type { Locale } from '~/i18n/locales'
import { hashPassword } from '~/utils/password-hash.server'

import { inTransaction } from './columns.server'
import { sha256 } from './sessions.server'

// The one admin account (id 1). Functions return camelCase records and take the database last (`db`,
// default the shop's).

/** The admin's public fields: never the hash. */
export type Admin = { id: number; email: string; passwordChangedAt: string; locale: Locale }

/** For the password check only; the hash never leaves the server code that compares it. */
export type AdminCredentials = { id: number; email: string; passwordHash: string }

export async function updateAdminPasswordHash(adminId: number, password: string, db: Kysely<DB> = getDb()) {
	const hash = await hashPassword(password)
	await db.updateTable('admin').set({ password_hash: hash }).where('id', '=', adminId).execute()
}

export async function getAdmin(db: Kysely<DB> = getDb()): Promise<Admin | null> {
	const row = await db.selectFrom('admin').select(['id', 'email', 'password_changed_at', 'locale']).where('id', '=', 1).executeTakeFirst()
	return row ? { id: row.id, email: row.email, passwordChangedAt: row.password_changed_at, locale: row.locale } : null
}

/** The admin panel's language, chosen on the account page. */
export async function setAdminLocale(adminId: number, locale: Locale, db: Kysely<DB> = getDb()) {
	await db.updateTable('admin').set({ locale }).where('id', '=', adminId).execute()
}

export async function getAdminCredentials(db: Kysely<DB> = getDb()): Promise<AdminCredentials | null> {
	const row = await db.selectFrom('admin').select(['id', 'email', 'password_hash']).where('id', '=', 1).executeTakeFirst()
	return row ? { id: row.id, email: row.email, passwordHash: row.password_hash } : null
}

/** Keeps the stored address in step with ADMIN_EMAIL (the configured address is the identity). */
export async function setAdminEmail(email: string, db: Kysely<DB> = getDb()) {
	await db.updateTable('admin').set({ email }).where('id', '=', 1).execute()
}

/** Creates the one admin account (never a second one: a row that exists is left as it is). */
export async function createAdmin(email: string, passwordHash: string, db: Kysely<DB> = getDb()) {
	const now = nowIso()
	await db
		.insertInto('admin')
		.values({ id: 1, email, password_hash: passwordHash, password_changed_at: now, created_at: now })
		.onConflict((oc) => oc.doNothing())
		.execute()
}

/**
 * The admin's own password change: sets the new password and ends every session except the one
 * making the change (and voids reset links), in one transaction.
 */
export async function changeAdminPassword(adminId: number, password: string, keepSessionId: string | null, db: Kysely<DB> = getDb()) {
	const hash = await hashPassword(password)
	const now = nowIso()
	await inTransaction(db, async (trx) => {
		await trx.updateTable('admin').set({ password_hash: hash, password_changed_at: now }).where('id', '=', adminId).execute()
		let sessions = trx.deleteFrom('sessions')
		if (keepSessionId) sessions = sessions.where('id_hash', '!=', sha256(keepSessionId))
		await sessions.execute()
		await trx.deleteFrom('password_reset_tokens').execute()
		await trx.deleteFrom('sign_in_codes').execute()
	})
}

/**
 * The operator's recovery (`npm run admin:password`): sets a new password, ends every session and
 * forgets every counted failure and pending sign-in code, in one transaction, so whoever was made to
 * wait can sign in at once.
 */
export async function setAdminPassword(email: string, password: string, db: Kysely<DB> = getDb()) {
	const hash = await hashPassword(password)
	const now = nowIso()
	await inTransaction(db, async (trx) => {
		await trx
			.insertInto('admin')
			.values({ id: 1, email, password_hash: hash, password_changed_at: now, created_at: now })
			.onConflict((oc) => oc.column('id').doUpdateSet({ password_hash: hash, password_changed_at: now }))
			.execute()
		await trx.deleteFrom('sessions').execute()
		await trx.deleteFrom('password_reset_tokens').execute()
		await trx.deleteFrom('sign_in_codes').execute()
		await trx.deleteFrom('auth_failures').execute()
	})
}
