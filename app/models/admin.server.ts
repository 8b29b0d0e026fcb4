import bcrypt from 'bcryptjs'
import { getDb, nowIso } from '../db.server'

export const BCRYPT_COST = 12

export async function hashPassword(password: string) {
	return bcrypt.hash(password, BCRYPT_COST)
}

/** The admin's public fields: never the hash. */
export async function getAdmin() {
	return getDb().selectFrom('admin').select(['id', 'email', 'password_changed_at']).where('id', '=', 1).executeTakeFirst()
}

/** For the password check only; the hash never leaves the server code that compares it. */
export async function getAdminCredentials() {
	return getDb().selectFrom('admin').select(['id', 'email', 'password_hash']).where('id', '=', 1).executeTakeFirst()
}

/**
 * Creates the one admin account from ADMIN_EMAIL / ADMIN_PASSWORD when none exists; keeps the stored
 * email in step with ADMIN_EMAIL (the configured address is the identity). Never creates a second account.
 */
export async function ensureAdmin(email: string, initialPassword?: string) {
	const db = getDb()
	const existing = await getAdmin()
	if (existing) {
		if (existing.email.toLowerCase() !== email.toLowerCase()) {
			await db.updateTable('admin').set({ email }).where('id', '=', 1).execute()
		}
		return { created: false }
	}
	if (!initialPassword) {
		console.warn('No admin account yet: set ADMIN_PASSWORD for the first start, or run npm run admin:password.')
		return { created: false }
	}
	const now = nowIso()
	await db
		.insertInto('admin')
		.values({ id: 1, email, password_hash: await hashPassword(initialPassword), password_changed_at: now, created_at: now })
		.onConflict((oc) => oc.doNothing())
		.execute()
	return { created: true }
}

/** Sets a new password and ends every session (in one transaction). */
export async function setAdminPassword(email: string, password: string) {
	const hash = await hashPassword(password)
	const now = nowIso()
	await getDb()
		.transaction()
		.execute(async (trx) => {
			await trx
				.insertInto('admin')
				.values({ id: 1, email, password_hash: hash, password_changed_at: now, created_at: now })
				.onConflict((oc) => oc.column('id').doUpdateSet({ password_hash: hash, password_changed_at: now }))
				.execute()
			await trx.deleteFrom('sessions').execute()
			await trx.deleteFrom('password_reset_tokens').execute()
		})
}
