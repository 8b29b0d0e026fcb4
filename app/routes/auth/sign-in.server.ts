import { parseWithZod } from '@conform-to/zod/v4'

import { deleteExpiredSessions, deleteSession } from '~/models/sessions.server'
import { AUTH_MESSAGES, signInSchema } from '~/schemas/auth'
import { verifyAdminLogin } from '~/utils/auth.server'
import { getClientAddress } from '~/utils/client-ip.server'
import { deviceCookieHeader, readDeviceId } from '~/utils/device-cookie.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { logSecurityEvent } from '~/utils/security-log.server'
import { readSessionId, safeRedirectPath, startSession } from '~/utils/session.server'
import { attemptSucceeded, beginAttempt, throttledHeaders } from '~/utils/throttle.server'

import { answer } from './answer.server'

const hideFields = ['password']

/**
 * The sign-in form's action: the fields were read and checked once, by the form's own schema; the
 * credential check is a direct call (see docs/decisions/0011-sign-in-hardening.md). Throttled before
 * bcrypt runs; a browser that signed in before is throttled on its own (device cookie).
 */
export async function signIn(request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: signInSchema })
	if (submission.status !== 'success') {
		return answer({ intent: 'sign-in', result: submission.reply({ hideFields }) }, 400)
	}
	const { email, password, redirectTo } = submission.value
	const clientAddress = getClientAddress(request)
	const deviceId = await readDeviceId(request, email)
	const attempt = await beginAttempt('sign-in', { email, clientAddress, deviceId })
	if (attempt.limited) {
		return answer(
			{ intent: 'sign-in', result: submission.reply({ formErrors: [attempt.message], hideFields }) },
			429,
			throttledHeaders(attempt.retryAfterSeconds),
		)
	}
	const check = await verifyAdminLogin(email, password)
	if (!check.ok) {
		logSecurityEvent({ event: 'sign-in', outcome: 'failure', clientAddress, detail: check.reason })
		return answer({ intent: 'sign-in', result: submission.reply({ formErrors: [check.message], hideFields }) }, 401)
	}
	await attemptSucceeded(attempt)
	// A new random session id at every sign-in; an older session this browser held is ended.
	const previous = await readSessionId(request)
	if (previous) await deleteSession(previous)
	// Dead sessions are refused anyway; sign-in is a rare, fitting moment to sweep their rows away.
	await deleteExpiredSessions()
	const headers = new Headers()
	headers.append('Set-Cookie', await startSession(check.adminId))
	headers.append('Set-Cookie', await deviceCookieHeader(request, email))
	logSecurityEvent({ event: 'sign-in', outcome: 'success', clientAddress, detail: deviceId ? 'known browser' : 'new browser' })
	return redirectWithFlash(request, safeRedirectPath(redirectTo), { type: 'success', message: AUTH_MESSAGES.signedIn }, { headers })
}
