import { DEMO_ADMIN_PASSWORD } from '~/constants'
import { AUTH_MESSAGES, checkNewPassword, type PasswordProblem } from '~/schemas/auth'
import { normalizePassword } from '~/utils/password-hash.server'

// The rules of a new password that only the server can check. The list is large (the browser bundle
// never gets it: this is a .server module) and ships with zxcvbn-ts, a maintained npm package whose
// common-password list is ordered by frequency in leaked password sets; the first 10 000 are refused.

export const COMMON_PASSWORDS_REFUSED = 10_000

let common: Promise<Set<string>> | undefined

// Loaded at the first check, not at start: unpacking the package's list takes a few hundred ms.
function commonPasswords() {
	common ??= import('@zxcvbn-ts/language-common').then(
		({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED)),
	)
	return common
}

/** True when the password, ignoring letter case, is one of the 10 000 most common. */
export async function isCommonPassword(password: string) {
	const list = await commonPasswords()
	const normalized = normalizePassword(password)
	return list.has(normalized) || list.has(normalized.toLowerCase())
}

function isDemoPassword(password: string) {
	return normalizePassword(password) === DEMO_ADMIN_PASSWORD
}

/**
 * The server's rules beyond the shared ones: not a common password, and not the demo's published one
 * (`allowDemo` only for the demo's own admin, created from the environment).
 */
export async function passwordPolicyProblem(password: string, { allowDemo = false } = {}): Promise<string | null> {
	if (await isCommonPassword(password)) return AUTH_MESSAGES.tooCommon
	if (!allowDemo && isDemoPassword(password)) return AUTH_MESSAGES.demoPassword
	return null
}

/** Every rule of a new password (set after a reset, changed in Settings, or from the command line). */
export async function checkNewPasswordOnServer(password: string | undefined, confirm: string | undefined): Promise<PasswordProblem | null> {
	const shared = checkNewPassword(password, confirm)
	if (shared) return shared
	const message = await passwordPolicyProblem(password!)
	return message ? { field: 'password', message } : null
}
