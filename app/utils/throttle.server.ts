import { LIMITS } from '~/constants'
import { deleteAttempts, deleteAttemptsForKeys, recordAttemptUnlessLimited } from '~/models/auth-failures.server'
import { sha256 } from '~/models/sessions.server'
import { tooManyAttemptsMessage } from '~/schemas/auth'

import { addressBucket } from './client-ip.server'
import { logSecurityEvent } from './security-log.server'

// Failed sign-ins (and every reset-email request) are counted, LIMITS.throttleAttempts within
// LIMITS.throttleWindowMinutes, then HTTP 429 without running bcrypt. What is counted depends on who asks:
// - a browser that signed in successfully before (a valid device cookie, utils/device-cookie.server.ts)
//   is counted on its own, so a stranger's guesses can never lock the seller's own phone or laptop out;
// - anyone else is counted per account (email) and per client address, so guessing from many
//   addresses and guessing many accounts from one address both stop.

export const THROTTLE_WINDOW_MS = LIMITS.throttleWindowMinutes * 60_000

export type ThrottleScope = 'sign-in' | 'reset'

/** Who is attempting: `deviceId` only when the request carries a valid device cookie for this email. */
export type Attempter = { email: string; clientAddress: string; deviceId?: string | null }

export type ThrottleKey = { kind: 'device' | 'account' | 'address'; key: string }

/** Hashed keys: the table never holds an email, an address or a device id in clear. Emails compare case-insensitively. */
export function throttleKeys(scope: ThrottleScope, who: Attempter): ThrottleKey[] {
	if (who.deviceId) return [{ kind: 'device', key: sha256(`${scope}:device:${who.deviceId}`) }]
	return [
		{ kind: 'account', key: sha256(`${scope}:email:${who.email.trim().toLowerCase()}`) },
		{ kind: 'address', key: sha256(`${scope}:ip:${addressBucket(who.clientAddress)}`) },
	]
}

export type Attempt =
	| { limited: false; keys: ThrottleKey[]; ids: number[] }
	| { limited: true; retryAfterSeconds: number; message: string; by: ThrottleKey['kind'][] }

/**
 * Counts this attempt as a failure up front (so concurrent guesses are counted too) unless the
 * limit is already reached. Call `attemptSucceeded` when it turns out well.
 */
export async function beginAttempt(scope: ThrottleScope, who: Attempter, now = new Date()): Promise<Attempt> {
	const keys = throttleKeys(scope, who)
	const result = await recordAttemptUnlessLimited(
		keys.map((k) => k.key),
		{ limit: LIMITS.throttleAttempts, windowMs: THROTTLE_WINDOW_MS, now },
	)
	if (result.allowed) return { limited: false, keys, ids: result.attemptIds }
	const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000))
	const by = keys.filter((k) => result.limitedKeys.includes(k.key)).map((k) => k.kind)
	logSecurityEvent({ event: 'throttled', outcome: 'refused', clientAddress: who.clientAddress, detail: `${scope} per ${by.join(' and ')}` })
	return { limited: true, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds / 60), by }
}

/**
 * A good password: forget the failures of this account (or of this device), and take back this
 * attempt for the address (other failures from the same address still count).
 */
export async function attemptSucceeded(attempt: { keys: ThrottleKey[]; ids: number[] }) {
	await deleteAttempts(attempt.ids)
	await deleteAttemptsForKeys(attempt.keys.filter((k) => k.kind !== 'address').map((k) => k.key))
}

/** Headers for a 429 answer. */
export function throttledHeaders(retryAfterSeconds: number) {
	return { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' }
}
