import { parseWithZod } from '@conform-to/zod/v4'

import { LIMITS } from '~/constants'
import { DEFAULT_LOCALE } from '~/i18n/locales'
import { serverTranslator } from '~/i18n/messages.server'
import { getAdmin } from '~/models/admin.server'
import { deleteExpiredSessions, deleteSession } from '~/models/sessions.server'
import { createSignInChallenge } from '~/models/sign-in-codes.server'
import { getShopSettings } from '~/models/site.server'
import { AUTH_MESSAGES, signInSchema } from '~/schemas/auth'
import { getAdminEmail, type LoginCheck, verifyAdminLogin } from '~/services/auth.server'
import { deviceCookieHeader, readDeviceId } from '~/services/device-cookie.server'
import { safeRedirectPath, startSession } from '~/services/session.server'
import { attemptSucceeded, beginAttempt, cancelAttempt, type CountedAttempt, throttledHeaders } from '~/services/throttle.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { canMailSignInCodes, sendSignInCodeEmail } from '~/utils/mail.server'
import { joinLine, lineHasRoom, lineRetryAfterSeconds } from '~/utils/password-check-line.server'
import { type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import { answer } from './answer.server'

const hideFields = ['password']

/**
 * The sign-in form's action: the fields were read and checked once, by the form's own schema; the
 * credential check is a direct call (see docs/decisions/0011-sign-in-hardening.md). A browser that
 * signed in before (device cookie) is throttled on its own and checked ahead of everyone else. Any
 * other browser waits in a short line (full: 503 before anything is counted or hashed), is throttled
 * per address, and while strangers guess at the account it is asked for a mailed code as well
 * (docs/decisions/0024-sign-in-strangers-cannot-block.md).
 */
export async function signIn(posted: RequestArgs, formData: FormData) {
	const submission = parseWithZod(formData, { schema: signInSchema })
	if (submission.status !== 'success') {
		return answer({ intent: 'sign-in', result: submission.reply({ hideFields }) }, 400)
	}
	const { email, password, redirectTo } = submission.value
	const { request, context } = posted
	const { clientAddress } = requestFacts(context)
	const deviceId = await readDeviceId(request, email)
	const busy = () => {
		logSecurityEvent({ event: 'sign-in', outcome: 'refused', clientAddress, detail: 'line full' })
		return answer(
			{ intent: 'sign-in', result: submission.reply({ formErrors: [AUTH_MESSAGES.signInBusy], hideFields }) },
			503,
			throttledHeaders(lineRetryAfterSeconds()),
		)
	}
	if (!deviceId && !lineHasRoom()) return busy()
	const attempt = await beginAttempt('sign-in', { email, clientAddress, deviceId })
	if (attempt.limited) {
		return answer(
			{ intent: 'sign-in', result: submission.reply({ formErrors: [attempt.message], hideFields }) },
			429,
			throttledHeaders(attempt.retryAfterSeconds),
		)
	}
	const place = deviceId ? null : joinLine()
	if (!deviceId && !place) {
		// The line filled up while this attempt was being counted: it was never made.
		await cancelAttempt(attempt)
		return busy()
	}
	let check: LoginCheck
	try {
		check = await verifyAdminLogin(email, password, place)
	} finally {
		place?.leave()
	}
	if (attempt.accountUnderAttack && canMailSignInCodes()) {
		// The same answer whatever the password, and nothing taken back from the count: only the mail
		// (which a guesser never sees) differs. The code completes the sign-in (sign-in-code.server.ts).
		const { challenge, code } = await createSignInChallenge(check.ok ? check.adminId : null)
		if (code) mailSignInCode(code, clientAddress)
		logSecurityEvent({
			event: 'sign-in',
			outcome: 'failure',
			clientAddress,
			detail: check.ok ? 'code mailed' : `${check.reason}, code asked`,
		})
		return answer({ intent: 'sign-in', result: submission.reply({ hideFields }), challenge }, 200)
	}
	if (!check.ok) {
		logSecurityEvent({ event: 'sign-in', outcome: 'failure', clientAddress, detail: check.reason })
		return answer({ intent: 'sign-in', result: submission.reply({ formErrors: [check.message], hideFields }) }, 401)
	}
	return completeSignIn(posted, {
		adminId: check.adminId,
		email,
		attempt,
		redirectTo,
		detail: deviceId ? 'known browser' : 'new browser',
	})
}

/**
 * Signs this browser in as the admin (after the password, or the password and then the mailed code): a
 * new random session id (an older session this browser held is ended), the device cookie for this
 * account, and on to where the admin was going.
 */
export async function completeSignIn(
	{ request, context }: RequestArgs,
	{
		adminId,
		email,
		attempt,
		redirectTo,
		detail,
	}: { adminId: number; email: string; attempt?: CountedAttempt; redirectTo?: string; detail: string },
) {
	if (attempt) await attemptSucceeded(attempt)
	const facts = requestFacts(context)
	const previous = await facts.sessionId()
	if (previous) await deleteSession(previous)
	// Dead sessions are refused anyway; sign-in is a rare, fitting moment to sweep their rows away.
	await deleteExpiredSessions()
	const headers = new Headers()
	const locale = (await getAdmin())?.locale ?? DEFAULT_LOCALE
	headers.append('Set-Cookie', await startSession(facts, { id: adminId, email, locale }))
	headers.append('Set-Cookie', await deviceCookieHeader(request, email))
	logSecurityEvent({ event: 'sign-in', outcome: 'success', clientAddress: facts.clientAddress, detail })
	// Written here, in the account's language: the page it lands on does not carry this page's texts.
	const message = serverTranslator(locale, 'adminAuth').t('adminAuth.signedIn')
	return redirectWithFlash(request, safeRedirectPath(redirectTo), { type: 'success', message }, { headers })
}

/** Sends the code without being waited for: how long a mail server takes must not tell a right password from a wrong one. */
function mailSignInCode(code: string, clientAddress: string) {
	void (async () => {
		const to = await getAdminEmail()
		const { shopName } = await getShopSettings()
		if (!to) throw new Error('no admin address')
		const locale = (await getAdmin())?.locale ?? DEFAULT_LOCALE
		await sendSignInCodeEmail({ to, code, shopName, minutes: LIMITS.signInCodeMinutes, locale })
	})().catch((error: unknown) => {
		console.error(`[mail] The sign-in code could not be sent: ${error instanceof Error ? error.message : String(error)}`)
		logSecurityEvent({ event: 'sign-in', outcome: 'failure', clientAddress, detail: 'code not mailed' })
	})
}
