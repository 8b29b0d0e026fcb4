import { LIMITS } from '../constants'
import { deleteAttempts, deleteAttemptsForKeys, recordAttemptUnlessLimited } from '../models/auth-failures.server'
import { sha256 } from '../models/sessions.server'
import { tooManyAttemptsMessage } from '../schemas/auth'

// Failed sign-ins (and every reset-email request) are counted per email and per client address:
// LIMITS.throttleAttempts within LIMITS.throttleWindowMinutes, then HTTP 429 without running bcrypt.

export const THROTTLE_WINDOW_MS = LIMITS.throttleWindowMinutes * 60_000

export type ThrottleScope = 'sign-in' | 'reset'

/** Hashed keys: the table never holds an address in clear. Emails compare case-insensitively. */
export function throttleKeys(scope: ThrottleScope, { email, clientAddress }: { email: string; clientAddress: string }) {
	return [sha256(`${scope}:email:${email.trim().toLowerCase()}`), sha256(`${scope}:ip:${clientAddress}`)]
}

export type Attempt =
	| { limited: false; keys: string[]; ids: number[] }
	| { limited: true; retryAfterSeconds: number; message: string }

/**
 * Counts this attempt as a failure up front (so concurrent guesses are counted too) unless the
 * limit is already reached. Call `attemptSucceeded` when it turns out well.
 */
export async function beginAttempt(
	scope: ThrottleScope,
	who: { email: string; clientAddress: string },
	now = new Date(),
): Promise<Attempt> {
	const keys = throttleKeys(scope, who)
	const result = await recordAttemptUnlessLimited(keys, { limit: LIMITS.throttleAttempts, windowMs: THROTTLE_WINDOW_MS, now })
	if (result.allowed) return { limited: false, keys, ids: result.attemptIds }
	const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000))
	return { limited: true, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds / 60) }
}

/**
 * A good password: forget this email's failures, and take back this attempt for the address
 * (other failures from the same address still count).
 */
export async function attemptSucceeded(attempt: { keys: string[]; ids: number[] }) {
	await deleteAttempts(attempt.ids)
	await deleteAttemptsForKeys(attempt.keys.slice(0, 1))
}

/** Headers for a 429 answer. */
export function throttledHeaders(retryAfterSeconds: number) {
	return { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' }
}
