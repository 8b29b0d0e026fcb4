import type { Kysely } from 'kysely'

import { type DB, getDb } from '~/db.server'

import { inTransaction } from './columns.server'

// Rows of auth_failures: one per counted attempt and throttle key. Keys arrive already hashed,
// so the table holds neither email addresses nor client addresses. Functions take the database last
// (`db`, default the shop's).

/** A throttle key with a limit of its own (null: counted, never refused). */
export type CountedKey = { key: string; limit: number | null }

export type AttemptCheck =
	{ allowed: true; attemptIds: number[]; counts: number[] } | { allowed: false; retryAfterMs: number; limitedKeys: string[] }

/**
 * Counts each key's attempts inside the window; if any key has reached its limit (`limit` for a key
 * given as a plain string), refuses and says
 * when the oldest counted attempt leaves the window. Otherwise records one attempt per key in the
 * same transaction, so parallel requests cannot all slip under the limit before any failure is
 * written, and says how many each key had before this one.
 */
export async function recordAttemptUnlessLimited(
	given: ReadonlyArray<string | CountedKey>,
	{ limit = null, windowMs, now = new Date() }: { limit?: number | null; windowMs: number; now?: Date },
	db: Kysely<DB> = getDb(),
): Promise<AttemptCheck> {
	const keys = given.map((k) => (typeof k === 'string' ? { key: k, limit } : k))
	const since = new Date(now.getTime() - windowMs).toISOString()
	return inTransaction(db, async (trx) => {
		await trx.deleteFrom('auth_failures').where('created_at', '<', since).execute()
		let retryAfterMs = 0
		const limitedKeys: string[] = []
		const counts: number[] = []
		for (const { key, limit: max } of keys) {
			const rows = await trx
				.selectFrom('auth_failures')
				.select('created_at')
				.where('throttle_key', '=', key)
				.where('created_at', '>=', since)
				.orderBy('created_at', 'asc')
				.execute()
			counts.push(rows.length)
			if (max !== null && rows.length >= max) {
				// The count drops under the limit when this row leaves the window.
				const freeing = rows[rows.length - max]!
				const wait = new Date(freeing.created_at).getTime() + windowMs - now.getTime()
				if (wait > 0) limitedKeys.push(key)
				retryAfterMs = Math.max(retryAfterMs, wait)
			}
		}
		if (limitedKeys.length) return { allowed: false as const, retryAfterMs, limitedKeys }
		const attemptIds: number[] = []
		for (const { key } of keys) {
			const row = await trx
				.insertInto('auth_failures')
				.values({ throttle_key: key, created_at: now.toISOString() })
				.returning('id')
				.executeTakeFirstOrThrow()
			attemptIds.push(row.id)
		}
		return { allowed: true as const, attemptIds, counts }
	})
}

/** Takes back attempts that turned out to succeed. */
export async function deleteAttempts(ids: number[], db: Kysely<DB> = getDb()) {
	if (!ids.length) return
	await db.deleteFrom('auth_failures').where('id', 'in', ids).execute()
}

/** Forgets every counted attempt of these keys (after a successful sign-in). */
export async function deleteAttemptsForKeys(keys: string[], db: Kysely<DB> = getDb()) {
	if (!keys.length) return
	await db.deleteFrom('auth_failures').where('throttle_key', 'in', keys).execute()
}
