import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import { LIMITS } from '~/constants'
import { SERVER_LIMITS } from '~/constants.server'
import { type DB, getDb } from '~/db.server'

import { inTransaction } from './columns.server'
import { sha256 } from './sessions.server'

// Sign-in codes (migration 0008): a browser the shop does not know, signing in while strangers guess at
// the account, gets a challenge whatever its password, and only a right password puts a code behind it
// (mailed by the caller). The challenge travels in the code form; the database keeps its SHA-256 and the
// SHA-256 of challenge and code together, so neither a copy of the database nor the mail alone signs in.
// A challenge without a code counts its tries and expires exactly like one with a code.
// Functions take the database (`db`, default the shop's) after their own arguments, then the time.

const SIGN_IN_CODE_TTL_MS = LIMITS.signInCodeMinutes * 60_000

/** 32 random bytes, base64url. */
function newChallenge() {
	return crypto.randomBytes(32).toString('base64url')
}

/** Six digits, each value equally likely. */
function newCode() {
	return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
}

function codeHash(challenge: string, code: string) {
	return sha256(`${challenge}:${code}`)
}

function isWellFormedChallenge(challenge: unknown): challenge is string {
	return typeof challenge === 'string' && /^[\w-]{43}$/.test(challenge)
}

/**
 * A challenge for an answered sign-in: with a code when `adminId` is given (the password was right),
 * which voids every older code, and without one otherwise. Returns the challenge for the form and the
 * code for the mail; neither is stored.
 */
export async function createSignInChallenge(adminId: number | null, db: Kysely<DB> = getDb(), now = new Date()) {
	const challenge = newChallenge()
	const code = adminId === null ? null : newCode()
	await inTransaction(db, async (trx) => {
		await trx.deleteFrom('sign_in_codes').where('expires_at', '<=', now.toISOString()).execute()
		if (code !== null) await trx.deleteFrom('sign_in_codes').where('code_hash', 'is not', null).execute()
		await trx
			.insertInto('sign_in_codes')
			.values({
				challenge_hash: sha256(challenge),
				code_hash: code === null ? null : codeHash(challenge, code),
				admin_id: adminId,
				created_at: now.toISOString(),
				expires_at: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
			})
			.execute()
	})
	return { challenge, code }
}

export type CodeOutcome = { ok: true; adminId: number } | { ok: false; reason: 'wrong' | 'used-up' | 'gone' }

/**
 * Spends one try of `challenge` on `code`. Right: the challenge is used up and the admin's id comes
 * back. Wrong: counted; the last allowed try uses the challenge up. Unknown, expired or used: gone.
 */
export async function useSignInCode(challenge: unknown, code: string, db: Kysely<DB> = getDb(), now = new Date()): Promise<CodeOutcome> {
	if (!isWellFormedChallenge(challenge)) return { ok: false, reason: 'gone' }
	return inTransaction(db, async (trx): Promise<CodeOutcome> => {
		const row = await trx
			.selectFrom('sign_in_codes')
			.select(['id', 'code_hash', 'admin_id', 'tries'])
			.where('challenge_hash', '=', sha256(challenge))
			.where('expires_at', '>', now.toISOString())
			.executeTakeFirst()
		if (!row) return { ok: false, reason: 'gone' }
		const given = Buffer.from(codeHash(challenge, code))
		if (row.code_hash !== null && row.admin_id !== null && crypto.timingSafeEqual(given, Buffer.from(row.code_hash))) {
			await trx.deleteFrom('sign_in_codes').where('id', '=', row.id).execute()
			return { ok: true, adminId: row.admin_id }
		}
		const tries = row.tries + 1
		if (tries >= SERVER_LIMITS.signInCodeTries) {
			await trx.deleteFrom('sign_in_codes').where('id', '=', row.id).execute()
			return { ok: false, reason: 'used-up' }
		}
		await trx.updateTable('sign_in_codes').set({ tries }).where('id', '=', row.id).execute()
		return { ok: false, reason: 'wrong' }
	})
}
