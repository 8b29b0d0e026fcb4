import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { getAdmin, getAdminCredentials, needsRehash, updateAdminPasswordHash, verifyPassword } from '../models/admin.server'
import { AUTH_MESSAGES, isPasswordTooLong } from '../schemas/auth'
import { getEnv } from './env.server'

// remix-auth checks the credentials; sessions, redirects and throttling are ours (see routes/auth/auth.tsx).

/** Why a sign-in was refused; `message` is what the admin sees. */
export class SignInError extends Error {
	constructor(
		readonly reason: 'not-admin' | 'invalid',
		message: string,
	) {
		super(message)
		this.name = 'SignInError'
	}
}

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

/**
 * Checks an email + password pair and returns the admin id. A wrong password and an admin address
 * without an account yet get the same error after the same bcrypt work.
 */
export async function verifyAdminLogin(email: string, password: string): Promise<number> {
	if (!(await isAdminEmail(email))) throw new SignInError('not-admin', AUTH_MESSAGES.notAdmin)
	if (isPasswordTooLong(password)) throw new SignInError('invalid', AUTH_MESSAGES.tooLong)
	const account = await getAdminCredentials()
	const matches = await verifyPassword(password, account?.password_hash)
	if (!matches || !account) throw new SignInError('invalid', AUTH_MESSAGES.invalidCredentials)
	// Hashes made with an older, cheaper cost are upgraded while we still hold the password.
	if (needsRehash(account.password_hash)) await updateAdminPasswordHash(account.id, password)
	return account.id
}

export const authenticator = new Authenticator<number>()

authenticator.use(
	new FormStrategy(async ({ form }) => {
		const email = form.get('email')
		const password = form.get('password')
		if (typeof email !== 'string' || typeof password !== 'string') {
			throw new SignInError('invalid', AUTH_MESSAGES.invalidCredentials)
		}
		return verifyAdminLogin(email, password)
	}),
	'admin-password',
)
