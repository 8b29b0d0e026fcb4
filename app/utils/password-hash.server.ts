import crypto from 'node:crypto'

import bcrypt from 'bcryptjs'

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
const LEGACY = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/

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

// One bcrypt at a time. bcryptjs works on the main thread in slices of about 100 ms, yielding between
// them; several at once (a burst of sign-in attempts) would each take a slice per turn of the event
// loop, and every other request would wait for all of them. Queued, a request waits for one slice.
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
	const run = queue.then(work, work)
	queue = run.catch(() => undefined)
	return run
}

export function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
	return oneAtATime(() => hashNow(password, cost))
}

async function hashNow(password: string, cost: number) {
	const config = await bcrypt.genSalt(cost) // $2b$12$ + 22 salt characters
	const salt = config.slice(-22)
	const full = await bcrypt.hash(bcryptInput(password, salt), config)
	return `${PREFIX}v=2,t=2b,r=${cost}$${salt}$${full.slice(-31)}`
}

// A real cost-12 bcrypt of a random string nobody knows: compared against when there is no account,
// so a missing account takes as long to refuse as a wrong password.
const DUMMY_BCRYPT = '$2b$12$1xTFEv.O90OjVBAJFqizV.TfT/f.YutX9FbfiRyatpWNqc2W97BVO'

/** True when `password` matches `hash` (either format). Always does one full bcrypt of work. */
export function verifyPasswordHash(password: string, hash: string | null | undefined): Promise<boolean> {
	return oneAtATime(() => verifyNow(password, hash))
}

async function verifyNow(password: string, hash: string | null | undefined) {
	const current = FORMAT.exec(hash ?? '')
	if (current) {
		const [, rounds, salt, digest] = current
		return bcrypt.compare(bcryptInput(password, salt!), `$2b$${rounds!.padStart(2, '0')}$${salt}${digest}`)
	}
	if (hash && LEGACY.test(hash)) {
		// A legacy hash only ever saw passwords of at most 72 bytes: a longer one that shares the first
		// 72 bytes must not match, as bcrypt alone would let it.
		const matches = await bcrypt.compare(password, hash)
		return matches && Buffer.byteLength(password, 'utf8') <= 72
	}
	await bcrypt.compare(bcryptInput(password, DUMMY_BCRYPT.slice(7, 29)), DUMMY_BCRYPT)
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
