import { SERVER_LIMITS } from '~/constants.server'
import { deleteAttempts, deleteAttemptsForKeys, recordAttemptUnlessLimited } from '~/models/auth-failures.server'
import { sha256 } from '~/models/sessions.server'
import { tooManyAttemptsMessage } from '~/schemas/auth'
import { addressBucket, networkBucket } from '~/utils/client-ip.server'
import { logSecurityEvent } from '~/utils/security-log.server'

// Failed sign-ins (and every reset-email request) are counted within SERVER_LIMITS.throttleWindowMinutes;
// what is counted, and what refuses, depends on who asks:
// - a browser that signed in successfully before (a valid device cookie, services/device-cookie.server.ts)
//   is counted on its own key, and only its own failures make it wait;
// - anyone else per client address (an IPv4 address or an IPv6 /64: SERVER_LIMITS.throttleAttempts) and per
//   IPv6 /48 (SERVER_LIMITS.throttleNetworkAttempts): the address that keeps guessing waits (429), with
//   Retry-After;
// - and per account (email). For sign-in the account's count never refuses: strangers' failures must
//   not keep the seller out (docs/decisions/0024-sign-in-strangers-cannot-block.md). It says the account
//   is being guessed at, and then a browser the shop does not know is also asked for a mailed code
//   (routes/auth/sign-in.server.ts). For reset requests, each of which may send a mail, it refuses.

export const THROTTLE_WINDOW_MS = SERVER_LIMITS.throttleWindowMinutes * 60_000

export type ThrottleScope = 'sign-in' | 'reset'

/** Who is attempting: `deviceId` only when the request carries a valid device cookie for this email. */
export type Attempter = { email: string; clientAddress: string; deviceId?: string | null }

export type ThrottleKey = { kind: 'device' | 'account' | 'address' | 'network'; key: string; limit: number | null }

/** Wrong guesses at a customer's private order link (routes/shop/order.tsx): counted per address and network only. */
type GuessScope = 'order-link'

function hashedKey(scope: ThrottleScope | GuessScope, kind: ThrottleKey['kind'], value: string, limit: number | null): ThrottleKey {
	return { kind, key: sha256(`${scope}:${value}`), limit }
}

/** The client address's keys: its IPv4 address or IPv6 /64, and its IPv6 /48. */
function addressKeys(scope: ThrottleScope | GuessScope, clientAddress: string): ThrottleKey[] {
	const network = networkBucket(clientAddress)
	return [
		hashedKey(scope, 'address', `ip:${addressBucket(clientAddress)}`, SERVER_LIMITS.throttleAttempts),
		...(network ? [hashedKey(scope, 'network', `net:${network}`, SERVER_LIMITS.throttleNetworkAttempts)] : []),
	]
}

/** Hashed keys: the table never holds an email, an address or a device id in clear. Emails compare case-insensitively. */
export function throttleKeys(scope: ThrottleScope, who: Attempter): ThrottleKey[] {
	if (who.deviceId) return [hashedKey(scope, 'device', `device:${who.deviceId}`, SERVER_LIMITS.throttleAttempts)]
	return [
		hashedKey(scope, 'account', `email:${who.email.trim().toLowerCase()}`, scope === 'reset' ? SERVER_LIMITS.throttleAttempts : null),
		...addressKeys(scope, who.clientAddress),
	]
}

export type Attempt =
	| {
			limited: false
			keys: ThrottleKey[]
			ids: number[]
			/** Strangers have reached the limit on this account (never set for a browser that signed in before). */
			accountUnderAttack: boolean
	  }
	| { limited: true; retryAfterSeconds: number; message: string; by: ThrottleKey['kind'][] }

/**
 * Counts this attempt as a failure up front (so concurrent guesses are counted too) unless a limit is
 * already reached. Call `attemptSucceeded` when it turns out well, `cancelAttempt` when it was never made.
 */
export async function beginAttempt(scope: ThrottleScope, who: Attempter, now = new Date()): Promise<Attempt> {
	const keys = throttleKeys(scope, who)
	const result = await recordAttemptUnlessLimited(keys, { windowMs: THROTTLE_WINDOW_MS, now })
	if (result.allowed) {
		const account = keys.findIndex((k) => k.kind === 'account')
		const accountUnderAttack = account !== -1 && result.counts[account]! >= SERVER_LIMITS.throttleAttempts
		return { limited: false, keys, ids: result.attemptIds, accountUnderAttack }
	}
	const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000))
	const by = keys.filter((k) => result.limitedKeys.includes(k.key)).map((k) => k.kind)
	logSecurityEvent({ event: 'throttled', outcome: 'refused', clientAddress: who.clientAddress, detail: `${scope} per ${by.join(' and ')}` })
	return { limited: true, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds / 60), by }
}

/**
 * Counts a guess at a secret address up front (concurrent guesses are counted too), unless the client's
 * address or network has already guessed wrong too often; a right guess is taken back with `cancelAttempt`.
 */
export async function beginGuess(
	scope: GuessScope,
	clientAddress: string,
	now = new Date(),
): Promise<({ limited: false } & CountedAttempt) | { limited: true; retryAfterSeconds: number }> {
	const keys = addressKeys(scope, clientAddress)
	const result = await recordAttemptUnlessLimited(keys, { windowMs: THROTTLE_WINDOW_MS, now })
	if (result.allowed) return { limited: false, keys, ids: result.attemptIds }
	const by = keys.filter((k) => result.limitedKeys.includes(k.key)).map((k) => k.kind)
	logSecurityEvent({ event: 'throttled', outcome: 'refused', clientAddress, detail: `${scope} per ${by.join(' and ')}` })
	return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) }
}

/** An attempt that was counted (not refused). */
export type CountedAttempt = { keys: ThrottleKey[]; ids: number[] }

/**
 * A good password: forget the failures of this account (or of this device), and take back this
 * attempt for the address (other failures from the same address and network still count).
 */
export async function attemptSucceeded(attempt: CountedAttempt) {
	await deleteAttempts(attempt.ids)
	await deleteAttemptsForKeys(attempt.keys.filter((k) => k.kind === 'account' || k.kind === 'device').map((k) => k.key))
}

/** Takes back an attempt that was counted but never made (nothing was checked). */
export async function cancelAttempt(attempt: CountedAttempt) {
	await deleteAttempts(attempt.ids)
}

/** Headers for a 429 (or 503) answer. */
export function throttledHeaders(retryAfterSeconds: number) {
	return { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' }
}
