import bcrypt from 'bcryptjs'
import { getDb, nowIso } from '../db.server'
import { isPasswordTooLong } from '../schemas/auth'
import { sha256 } from './sessions.server'

export const BCRYPT_COST = 12

/** bcrypt silently ignores bytes past 72, so such a password is refused rather than half-used. */
export async function hashPassword(password: string) {
	if (isPasswordTooLong(password)) throw new Error('Password is longer than 72 bytes')
	return bcrypt.hash(password, BCRYPT_COST)
}

// A real cost-12 hash of a random string nobody knows: compared against when there is no account,
// so a missing account takes as long to refuse as a wrong password.
const DUMMY_HASH = '$2b$12$1xTFEv.O90OjVBAJFqizV.TfT/f.YutX9FbfiRyatpWNqc2W97BVO'

/** Compares in constant work whether or not there is a hash to compare with. */
export async function verifyPassword(password: string, hash: string | null | undefined) {
	const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH)
	return matches && !!hash
}

/** True when a stored hash was made with a lower cost than today's (re-hash it at the next sign-in). */
export function needsRehash(hash: string) {
	try {
		return bcrypt.getRounds(hash) < BCRYPT_COST
	} catch {
		return true
	}
}

export async function updateAdminPasswordHash(adminId: number, password: string) {
	const hash = await hashPassword(password)
	await getDb().updateTable('admin').set({ password_hash: hash }).where('id', '=', adminId).execute()
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
	if (isPasswordTooLong(initialPassword)) throw new Error('ADMIN_PASSWORD is longer than 72 bytes: choose a shorter password')
	const now = nowIso()
	await db
		.insertInto('admin')
		.values({ id: 1, email, password_hash: await hashPassword(initialPassword), password_changed_at: now, created_at: now })
		.onConflict((oc) => oc.doNothing())
		.execute()
	return { created: true }
}

/**
 * The admin's own password change: sets the new password and ends every session except the one
 * making the change (and voids reset links), in one transaction.
 */
export async function changeAdminPassword(adminId: number, password: string, keepSessionId: string | null) {
	const hash = await hashPassword(password)
	const now = nowIso()
	await getDb()
		.transaction()
		.execute(async (trx) => {
			await trx.updateTable('admin').set({ password_hash: hash, password_changed_at: now }).where('id', '=', adminId).execute()
			let sessions = trx.deleteFrom('sessions')
			if (keepSessionId) sessions = sessions.where('id_hash', '!=', sha256(keepSessionId))
			await sessions.execute()
			await trx.deleteFrom('password_reset_tokens').execute()
		})
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
