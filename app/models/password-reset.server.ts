import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import { LIMITS } from '~/constants'
import { type DB, getDb } from '~/db.server'
import { hashPassword } from '~/utils/password-hash.server'

import { inTransaction } from './columns.server'
import { sha256 } from './sessions.server'

// Reset links carry a random token; the database keeps only its SHA-256, so a copy of the database
// (or a backup) cannot be turned into a working link. One live token at a time, used once, 30 minutes.
// Functions take the database (`db`, default the shop's) after their own arguments, then the time.

const RESET_TOKEN_BYTES = 32
export const RESET_TOKEN_TTL_MS = LIMITS.resetTokenMinutes * 60_000

/** 32 random bytes, base64url: 43 characters that survive any mail client's line wrapping. */
export function generateResetToken() {
	return crypto.randomBytes(RESET_TOKEN_BYTES).toString('base64url')
}

export function hashResetToken(token: string) {
	return sha256(token)
}

/** Anything else cannot be one of our tokens; refusing it early keeps junk out of queries. */
function isWellFormedResetToken(token: unknown): token is string {
	return typeof token === 'string' && /^[\w-]{43}$/.test(token)
}

/** Issues a new token for the admin and voids every older one. Returns the token (never stored). */
export async function createPasswordResetToken(adminId: number, db: Kysely<DB> = getDb(), now = new Date()) {
	const token = generateResetToken()
	await inTransaction(db, async (trx) => {
		await trx.deleteFrom('password_reset_tokens').where('admin_id', '=', adminId).execute()
		await trx
			.insertInto('password_reset_tokens')
			.values({
				token_hash: hashResetToken(token),
				admin_id: adminId,
				created_at: now.toISOString(),
				expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
				used_at: null,
			})
			.execute()
	})
	return token
}

/** The admin id a token may reset, or null when it is unknown, used or expired. Does not use it up. */
export async function getResetTokenAdminId(token: unknown, db: Kysely<DB> = getDb(), now = new Date()) {
	if (!isWellFormedResetToken(token)) return null
	const row = await db
		.selectFrom('password_reset_tokens')
		.select('admin_id')
		.where('token_hash', '=', hashResetToken(token))
		.where('used_at', 'is', null)
		.where('expires_at', '>', now.toISOString())
		.executeTakeFirst()
	return row?.admin_id ?? null
}

/**
 * Uses the token and sets the new password in one transaction: the token is marked used, every
 * other token and every session is deleted. False when the token is unknown, used or expired
 * (also when two requests race for the same token: only one wins).
 */
export async function resetPasswordWithToken(token: unknown, password: string, db: Kysely<DB> = getDb(), now = new Date()) {
	if ((await getResetTokenAdminId(token, db, now)) === null) return false
	// Hash outside the transaction: bcrypt takes a few hundred ms and must not hold the database.
	const hash = await hashPassword(password)
	const tokenHash = hashResetToken(token as string)
	return inTransaction(db, async (trx) => {
		const used = await trx
			.updateTable('password_reset_tokens')
			.set({ used_at: now.toISOString() })
			.where('token_hash', '=', tokenHash)
			.where('used_at', 'is', null)
			.where('expires_at', '>', now.toISOString())
			.returning('admin_id')
			.executeTakeFirst()
		if (!used) return false
		await trx
			.updateTable('admin')
			.set({ password_hash: hash, password_changed_at: now.toISOString() })
			.where('id', '=', used.admin_id)
			.execute()
		await trx.deleteFrom('sessions').execute()
		await trx.deleteFrom('password_reset_tokens').where('token_hash', '!=', tokenHash).execute()
		await trx.deleteFrom('sign_in_codes').execute()
		return true
	})
}
