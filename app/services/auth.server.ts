import { DEMO_ADMIN_PASSWORD } from '~/constants'
import { serverTranslator } from '~/i18n/messages.server'
import { createAdmin, getAdmin, getAdminCredentials, setAdminEmail, updateAdminPasswordHash } from '~/models/admin.server'
import { AUTH_MESSAGES, checkNewPassword } from '~/schemas/auth'
import { passwordPolicyProblem } from '~/services/password-policy.server'
import { getEnv } from '~/utils/env.server'
import type { PlaceInLine } from '~/utils/password-check-line.server'
import { hashPassword, needsRehash, verifyPasswordHash } from '~/utils/password-hash.server'

// The credential check. Sessions, throttling and redirects are the routes' (routes/auth/sign-in.server.ts).

/** The outcome of a sign-in's credential check; a refusal's `message` is what the admin sees. */
export type LoginCheck = { ok: true; adminId: number } | { ok: false; reason: 'not-admin' | 'wrong-password'; message: string }

/**
 * The one admin identity: ADMIN_EMAIL when configured (the operator's word), else the stored account.
 * Null when neither exists.
 */
export async function getAdminEmail() {
	const configured = getEnv().ADMIN_EMAIL
	if (configured) return configured
	return (await getAdmin())?.email ?? null
}

export async function isAdminEmail(email: string) {
	const admin = await getAdminEmail()
	return !!admin && admin.trim().toLowerCase() === email.trim().toLowerCase()
}

/** Compares a password with a stored hash: on the password worker, ahead of the line, or from a place in it. */
type PasswordCheck = (password: string, hash: string | null | undefined) => Promise<boolean>

/**
 * The admin's id when `password` is the admin's password, else null; the same time either way, also
 * when there is no account yet. A hash in an older format or cost is rewritten while the password is
 * at hand. Used wherever the admin proves who they are: sign-in, the current password of a password
 * change, a backup download.
 */
export async function checkAdminPassword(password: string, check: PasswordCheck = verifyPasswordHash): Promise<number | null> {
	const account = await getAdminCredentials()
	const matches = await check(password, account?.passwordHash)
	if (!matches || !account) return null
	if (needsRehash(account.passwordHash)) await updateAdminPasswordHash(account.id, password)
	return account.id
}

/**
 * Checks an email + password pair. Another address, a wrong password and an admin address without an
 * account yet get the same refusal in the same time (another address runs no bcrypt, but waits as
 * long as one): the answer never tells a stranger which address is the admin's (the security log
 * keeps the reason). `place`: the sign-in of a browser the shop does not know waits in the line.
 */
export async function verifyAdminLogin(email: string, password: string, place?: PlaceInLine | null): Promise<LoginCheck> {
	const check = place?.check ?? verifyPasswordHash
	if (!(await isAdminEmail(email))) {
		await check(password, null)
		return { ok: false, reason: 'not-admin', message: AUTH_MESSAGES.invalidCredentials }
	}
	const adminId = await checkAdminPassword(password, check)
	if (adminId === null) return { ok: false, reason: 'wrong-password', message: AUTH_MESSAGES.invalidCredentials }
	return { ok: true, adminId }
}

/**
 * True when the admin still has the demo's published password (`npm start` refuses to serve such a shop).
 * `justSet`: the password the admin was created with during this start, compared as it is (no bcrypt).
 */
export async function adminHasDemoPassword(justSet?: string) {
	if (justSet !== undefined) return justSet.normalize('NFKC') === DEMO_ADMIN_PASSWORD
	return (await checkAdminPassword(DEMO_ADMIN_PASSWORD)) !== null
}

export const DEMO_PASSWORD_REFUSED =
	"The admin's password is the demo's published password, which anyone can read in the README: this shop will not start with it. Set a new one with npm run admin:password, then start again."

/**
 * Creates the one admin account from ADMIN_EMAIL / ADMIN_PASSWORD when none exists; keeps the stored
 * email in step with ADMIN_EMAIL (the configured address is the identity). Never creates a second account.
 */
export async function ensureAdmin(email: string, initialPassword?: string) {
	const existing = await getAdmin()
	if (existing) {
		if (existing.email.toLowerCase() !== email.toLowerCase()) await setAdminEmail(email)
		return { created: false }
	}
	if (!initialPassword) {
		console.warn('No admin account yet: set ADMIN_PASSWORD for the first start, or run npm run admin:password.')
		return { created: false }
	}
	// The demo creates its admin with the demo's password; `npm start` refuses to serve one (server/index.ts).
	const problem =
		checkNewPassword(initialPassword, initialPassword)?.message ?? (await passwordPolicyProblem(initialPassword, { allowDemo: true }))
	if (problem) throw new Error(`ADMIN_PASSWORD was not used: ${serverTranslator('en', 'adminAuth').msg(problem)}`)
	await createAdmin(email, await hashPassword(initialPassword))
	return { created: true }
}
