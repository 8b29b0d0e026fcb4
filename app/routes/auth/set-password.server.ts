import { parseWithZod } from '@conform-to/zod/v4'

import { resetPasswordWithToken } from '~/models/password-reset.server'
import { AUTH_MESSAGES, newPasswordSchema } from '~/schemas/auth'
import { passwordPolicyProblem } from '~/services/password-policy.server'
import { signedOutCookie } from '~/services/session.server'
import { endEventStreamsOfEndedSessions } from '~/utils/event-stream.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import { answer } from './answer.server'

const hideFields = ['password', 'confirmPassword']

/** The reset link's form: a new password for the token in the link; every session ends. */
export async function setNewPassword({ request, context }: RequestArgs, formData: FormData) {
	const submission = parseWithZod(formData, { schema: newPasswordSchema })
	if (submission.status !== 'success') {
		return answer({ intent: 'set-password', result: submission.reply({ hideFields }) }, 400)
	}
	const { token, password } = submission.value
	const refused = await passwordPolicyProblem(password!)
	if (refused) {
		return answer({ intent: 'set-password', result: submission.reply({ fieldErrors: { password: [refused] }, hideFields }) }, 400)
	}
	const facts = requestFacts(context)
	const { clientAddress } = facts
	if (!(await resetPasswordWithToken(token, password!))) {
		logSecurityEvent({ event: 'reset-completed', outcome: 'failure', clientAddress, detail: 'invalid, used or expired link' })
		return answer(
			{
				intent: 'set-password',
				result: submission.reply({ formErrors: [AUTH_MESSAGES.invalidResetLink], hideFields }),
				tokenInvalid: true,
			},
			400,
		)
	}
	logSecurityEvent({ event: 'reset-completed', outcome: 'success', clientAddress })
	endEventStreamsOfEndedSessions()
	// Every session ended with the reset; this browser's cookie goes too. Not signed in: sign in anew.
	const headers = new Headers({ 'Set-Cookie': await signedOutCookie(facts) })
	return redirectWithFlash(request, '/auth', { type: 'success', message: AUTH_MESSAGES.passwordUpdated }, { headers })
}
