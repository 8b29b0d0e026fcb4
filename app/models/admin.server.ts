import { getDb, nowIso } from '~/db.server'
import { checkNewPassword } from '~/schemas/auth'
import { hashPassword } from '~/utils/password-hash.server'
import { passwordPolicyProblem } from '~/utils/password-policy.server'

import { sha256 } from './sessions.server'

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
	// The demo creates its admin with the demo's password; `npm start` refuses to serve one (server/index.ts).
	const problem =
		checkNewPassword(initialPassword, initialPassword)?.message ?? (await passwordPolicyProblem(initialPassword, { allowDemo: true }))
	if (problem) throw new Error(`ADMIN_PASSWORD was not used: ${problem}`)
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
			await trx.deleteFrom('sign_in_codes').execute()
		})
}

/**
 * The operator's recovery (`npm run admin:password`): sets a new password, ends every session and
 * forgets every counted failure and pending sign-in code, in one transaction, so whoever was made to
 * wait can sign in at once.
 */
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
			await trx.deleteFrom('sign_in_codes').execute()
			await trx.deleteFrom('auth_failures').execute()
		})
}
