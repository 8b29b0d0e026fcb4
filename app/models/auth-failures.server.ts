import { getDb } from '~/db.server'

// Rows of auth_failures: one per counted attempt and throttle key. Keys arrive already hashed,
// so the table holds neither email addresses nor client addresses.

export type AttemptCheck = { allowed: true; attemptIds: number[] } | { allowed: false; retryAfterMs: number; limitedKeys: string[] }

/**
 * Counts each key's attempts inside the window; if any key has reached `limit`, refuses and says
 * when the oldest counted attempt leaves the window. Otherwise records one attempt per key in the
 * same transaction, so parallel requests cannot all slip under the limit before any failure is written.
 */
export async function recordAttemptUnlessLimited(
	keys: string[],
	{ limit, windowMs, now = new Date() }: { limit: number; windowMs: number; now?: Date },
): Promise<AttemptCheck> {
	const since = new Date(now.getTime() - windowMs).toISOString()
	return getDb()
		.transaction()
		.execute(async (trx) => {
			await trx.deleteFrom('auth_failures').where('created_at', '<', since).execute()
			let retryAfterMs = 0
			const limitedKeys: string[] = []
			for (const key of keys) {
				const rows = await trx
					.selectFrom('auth_failures')
					.select('created_at')
					.where('throttle_key', '=', key)
					.where('created_at', '>=', since)
					.orderBy('created_at', 'asc')
					.execute()
				if (rows.length >= limit) {
					// The count drops under the limit when this row leaves the window.
					const freeing = rows[rows.length - limit]!
					const wait = new Date(freeing.created_at).getTime() + windowMs - now.getTime()
					if (wait > 0) limitedKeys.push(key)
					retryAfterMs = Math.max(retryAfterMs, wait)
				}
			}
			if (limitedKeys.length) return { allowed: false as const, retryAfterMs, limitedKeys }
			const attemptIds: number[] = []
			for (const key of keys) {
				const row = await trx
					.insertInto('auth_failures')
					.values({ throttle_key: key, created_at: now.toISOString() })
					.returning('id')
					.executeTakeFirstOrThrow()
				attemptIds.push(row.id)
			}
			return { allowed: true as const, attemptIds }
		})
}

/** Takes back attempts that turned out to succeed. */
export async function deleteAttempts(ids: number[]) {
	if (!ids.length) return
	await getDb().deleteFrom('auth_failures').where('id', 'in', ids).execute()
}

/** Forgets every counted attempt of these keys (after a successful sign-in). */
export async function deleteAttemptsForKeys(keys: string[]) {
	if (!keys.length) return
	await getDb().deleteFrom('auth_failures').where('throttle_key', 'in', keys).execute()
}
