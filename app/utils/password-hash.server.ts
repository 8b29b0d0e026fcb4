import crypto from 'node:crypto'

import bcrypt from 'bcryptjs'

import { bcryptCompare, bcryptHash, type Priority } from './password-worker.server'

// Stored password hashes. bcrypt reads at most 72 bytes, and a Telugu or Hindi passphrase of 25
// characters is already 75 bytes in UTF-8: everything past byte 72 would be silently ignored. So a
// password is first reduced to 44 ASCII characters (base64 of HMAC-SHA256 keyed by the bcrypt salt),
// and that is what bcrypt hashes. This is passlib's `bcrypt_sha256` version 2, stored in its format
// (`$bcrypt-sha256$v=2,t=2b,r=12$<salt>$<digest>`), so any passlib can check our hashes too. Keying
// the HMAC by the salt means a leaked table of plain SHA-256 password digests cannot be tried
// against these hashes. Hashes from before (plain `$2a$`/`$2b$` bcrypt) keep working and are
// rewritten in this format at the next successful sign-in.

export const BCRYPT_COST = 12

const PREFIX = '$bcrypt-sha256$'
const FORMAT = /^\$bcrypt-sha256\$v=2,t=2b,r=(\d{1,2})\$([./A-Za-z0-9]{22})\$([./A-Za-z0-9]{31})$/
const LEGACY = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/

/**
 * The same password typed on another keyboard or phone can arrive as other code points (a
 * precomposed letter or a letter plus a combining mark; a full-width digit): NFKC makes them one.
 */
export function normalizePassword(password: string) {
	return password.normalize('NFKC')
}

function bcryptInput(password: string, salt: string) {
	return crypto.createHmac('sha256', salt).update(normalizePassword(password), 'utf8').digest('base64')
}

/** A new stored hash of `password` (bcrypt on the password worker, ahead of strangers' checks). */
export async function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
	const config = bcrypt.genSaltSync(cost) // $2b$12$ + 22 salt characters: random bytes, no work
	const salt = config.slice(-22)
	const full = await bcryptHash(bcryptInput(password, salt), config)
	return `${PREFIX}v=2,t=2b,r=${cost}$${salt}$${full.slice(-31)}`
}

// A real cost-12 bcrypt of a random string nobody knows: the first check without an account runs it,
// so there is a measured time to answer the others in.
const DUMMY_BCRYPT = '$2b$12$1xTFEv.O90OjVBAJFqizV.TfT/f.YutX9FbfiRyatpWNqc2W97BVO'

// How long real cost-12 comparisons took lately. A check with no hash to compare against (an address
// that is not the admin's, no account yet) does no bcrypt at all: it waits as long as one of these,
// picked at random, so its time is drawn from the same spread as a real check's and tells nothing.
const recentCheckMs: number[] = []
const RECENT_CHECKS = 8

function remember(ms: number) {
	recentCheckMs.push(ms)
	if (recentCheckMs.length > RECENT_CHECKS) recentCheckMs.shift()
}

/** About how long one password check takes now (ms); 0 before the first one. */
export function typicalCheckMs() {
	if (!recentCheckMs.length) return 0
	return [...recentCheckMs].sort((a, b) => a - b)[Math.floor(recentCheckMs.length / 2)]!
}

async function compare(input: string, hash: string, cost: number, priority: Priority) {
	const { matches, ms } = await bcryptCompare(input, hash, priority)
	if (cost === BCRYPT_COST) remember(ms)
	return matches
}

/**
 * True when `password` matches `hash` (either format). One full bcrypt on the password worker; with
 * no hash, no bcrypt but the time of one. `priority`: `after` for browsers the shop does not know
 * (utils/password-check-line.server.ts), which wait behind everyone else's checks.
 */
export async function verifyPasswordHash(
	password: string,
	hash: string | null | undefined,
	priority: Priority = 'first',
): Promise<boolean> {
	const current = FORMAT.exec(hash ?? '')
	if (current) {
		const [, rounds, salt, digest] = current
		return compare(bcryptInput(password, salt!), `$2b$${rounds!.padStart(2, '0')}$${salt}${digest}`, Number(rounds), priority)
	}
	const legacy = hash ? LEGACY.exec(hash) : null
	if (legacy) {
		// A legacy hash only ever saw passwords of at most 72 bytes: a longer one that shares the first
		// 72 bytes must not match, as bcrypt alone would let it.
		const matches = await compare(password, hash!, Number(legacy[1]), priority)
		return matches && Buffer.byteLength(password, 'utf8') <= 72
	}
	if (recentCheckMs.length) {
		const ms = recentCheckMs[crypto.randomInt(recentCheckMs.length)]!
		await new Promise((resolve) => setTimeout(resolve, ms))
	} else {
		await compare(bcryptInput(password, DUMMY_BCRYPT.slice(7, 29)), DUMMY_BCRYPT, BCRYPT_COST, priority)
	}
	return false
}

/** True when a stored hash should be rewritten while the password is at hand (old format or cost). */
export function needsRehash(hash: string) {
	const current = FORMAT.exec(hash)
	return !current || Number(current[1]) < BCRYPT_COST
}

/** The bcrypt cost a stored hash was made with, or null when it is not one of ours. */
export function hashCost(hash: string) {
	const match = FORMAT.exec(hash) ?? /^\$2[aby]\$(\d{2})\$/.exec(hash)
	return match ? Number(match[1]) : null
}
