import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import { SERVER_LIMITS } from '~/constants.server'
import { type DB, getDb, nowIso } from '~/db.server'
import type { Locale } from '~/i18n/locales'

// Sessions: the cookie carries a random id, the database keeps only its SHA-256. Functions take the
// database last (`db`, default the shop's).

const DAY = 24 * 3600 * 1000

export function sha256(value: string) {
	return crypto.createHash('sha256').update(value).digest('hex')
}

/** Who a live session belongs to. */
export type SessionAdmin = { id: number; email: string; locale: Locale }

/** Creates a session row and returns the random id the cookie will carry (only its hash is stored). */
export async function createSession(adminId: number, db: Kysely<DB> = getDb()) {
	const id = crypto.randomBytes(32).toString('base64url')
	const now = new Date()
	await db
		.insertInto('sessions')
		.values({
			id_hash: sha256(id),
			admin_id: adminId,
			created_at: now.toISOString(),
			last_seen_at: now.toISOString(),
			expires_at: new Date(now.getTime() + SERVER_LIMITS.sessionMaxDays * DAY).toISOString(),
		})
		.execute()
	return id
}

/**
 * The admin of a live session, or null. A session dies after SERVER_LIMITS.sessionIdleDays without use
 * or SERVER_LIMITS.sessionMaxDays after sign-in, whichever comes first.
 */
export async function getSessionAdmin(id: string, db: Kysely<DB> = getDb()): Promise<SessionAdmin | null> {
	const row = await db
		.selectFrom('sessions')
		.innerJoin('admin', 'admin.id', 'sessions.admin_id')
		.select(['sessions.id_hash', 'sessions.last_seen_at', 'sessions.expires_at', 'admin.id', 'admin.email', 'admin.locale'])
		.where('sessions.id_hash', '=', sha256(id))
		.executeTakeFirst()
	if (!row) return null
	const now = Date.now()
	const idleLimit = new Date(row.last_seen_at).getTime() + SERVER_LIMITS.sessionIdleDays * DAY
	if (now > new Date(row.expires_at).getTime() || now > idleLimit) {
		await db.deleteFrom('sessions').where('id_hash', '=', row.id_hash).execute()
		return null
	}
	// Refresh the idle clock at most once a minute, not on every request.
	if (now - new Date(row.last_seen_at).getTime() > 60_000) {
		await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id_hash', '=', row.id_hash).execute()
	}
	return { id: row.id, email: row.email, locale: row.locale }
}

/**
 * Whether the session whose id hashes to `idHash` still lives, without counting as activity (an open
 * live-dashboard stream asks every few seconds and must not keep an idle session alive).
 */
export async function isSessionLive(idHash: string, db: Kysely<DB> = getDb(), now = Date.now()) {
	const row = await db.selectFrom('sessions').select(['last_seen_at', 'expires_at']).where('id_hash', '=', idHash).executeTakeFirst()
	if (!row) return false
	return now <= new Date(row.expires_at).getTime() && now <= new Date(row.last_seen_at).getTime() + SERVER_LIMITS.sessionIdleDays * DAY
}

export async function deleteSession(id: string, db: Kysely<DB> = getDb()) {
	await db.deleteFrom('sessions').where('id_hash', '=', sha256(id)).execute()
}

export async function deleteExpiredSessions(db: Kysely<DB> = getDb()) {
	const idleCutoff = new Date(Date.now() - SERVER_LIMITS.sessionIdleDays * DAY).toISOString()
	await db
		.deleteFrom('sessions')
		.where((eb) => eb.or([eb('expires_at', '<', nowIso()), eb('last_seen_at', '<', idleCutoff)]))
		.execute()
}
