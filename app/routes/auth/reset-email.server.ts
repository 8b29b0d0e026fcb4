import { parseWithZod } from '@conform-to/zod/v4'

import { LIMITS } from '~/constants'
import { getAdmin } from '~/models/admin.server'
import { createPasswordResetToken } from '~/models/password-reset.server'
import { getShopSettings } from '~/models/site.server'
import { AUTH_MESSAGES, resetEmailSchema } from '~/schemas/auth'
import { getAdminEmail, isAdminEmail } from '~/services/auth.server'
import { readDeviceId } from '~/services/device-cookie.server'
import { beginAttempt, throttledHeaders } from '~/services/throttle.server'
import { getEnv } from '~/utils/env.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { canDeliverResetLinks, sendPasswordResetEmail } from '~/utils/mail.server'
import { type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import { answer } from './answer.server'

/** The "Forgot your password?" form's action: a single-use link by mail to the admin address only. */
export async function requestResetEmail({ request, context }: RequestArgs, formData: FormData) {
	const submission = parseWithZod(formData, { schema: resetEmailSchema })
	if (submission.status !== 'success') {
		return answer({ intent: 'reset-email', result: submission.reply() }, 400)
	}
	const { clientAddress } = requestFacts(context)
	// Before the address is looked at: the same answer for every address, so it tells nothing.
	if (!canDeliverResetLinks()) {
		logSecurityEvent({ event: 'reset-requested', outcome: 'refused', clientAddress, detail: 'mail not set up' })
		return answer({ intent: 'reset-email', result: submission.reply({ formErrors: [AUTH_MESSAGES.mailNotConfigured] }) }, 409)
	}
	const { email } = submission.value
	// Every request counts here, not only failures: each one may send a mail.
	const deviceId = await readDeviceId(request, email)
	const attempt = await beginAttempt('reset', { email, clientAddress, deviceId })
	if (attempt.limited) {
		return answer(
			{ intent: 'reset-email', result: submission.reply({ formErrors: [attempt.message] }) },
			429,
			throttledHeaders(attempt.retryAfterSeconds),
		)
	}
	if (!(await isAdminEmail(email))) {
		// The same answer as a sent link, and no mail: the form never tells which address is the admin's.
		logSecurityEvent({ event: 'reset-requested', outcome: 'failure', clientAddress, detail: 'not-admin' })
		return redirectWithFlash(request, '/auth', { type: 'success', message: AUTH_MESSAGES.resetSent })
	}
	const admin = await getAdmin()
	const to = await getAdminEmail()
	if (!admin || !to) {
		logSecurityEvent({ event: 'reset-requested', outcome: 'failure', clientAddress, detail: 'no admin account yet' })
		return answer({ intent: 'reset-email', result: submission.reply({ formErrors: [AUTH_MESSAGES.noAdminYet] }) }, 409)
	}
	const token = await createPasswordResetToken(admin.id)
	// APP_ORIGIN only: a Host or X-Forwarded-Host header must never choose where the token is sent.
	const link = `${getEnv().APP_ORIGIN}/auth?reset=true&token=${token}`
	try {
		const { shopName } = await getShopSettings()
		await sendPasswordResetEmail({ to, link, shopName, minutes: LIMITS.resetTokenMinutes, locale: admin.locale })
	} catch (error) {
		console.error(`[mail] The password reset email could not be sent: ${error instanceof Error ? error.message : String(error)}`)
		logSecurityEvent({ event: 'reset-requested', outcome: 'failure', clientAddress, detail: 'mail not sent' })
		return answer({ intent: 'reset-email', result: submission.reply({ formErrors: [AUTH_MESSAGES.unexpected] }) }, 502)
	}
	logSecurityEvent({ event: 'reset-requested', outcome: 'success', clientAddress })
	return redirectWithFlash(request, '/auth', { type: 'success', message: AUTH_MESSAGES.resetSent })
}
