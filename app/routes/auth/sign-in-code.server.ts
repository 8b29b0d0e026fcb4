import { parseWithZod } from '@conform-to/zod/v4'

import { useSignInCode } from '~/models/sign-in-codes.server'
import { AUTH_MESSAGES, signInCodeSchema } from '~/schemas/auth'
import { getAdminEmail } from '~/services/auth.server'
import { type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import { answer } from './answer.server'
import { completeSignIn } from './sign-in.server'

/**
 * The code form's action: the code mailed after a right password completes that sign-in. A wrong code
 * keeps the form (the challenge stays in it); a used, expired or worn-out challenge sends the admin
 * back to the sign-in form with the reason. Challenges without a code (a wrong password) answer alike.
 */
export async function enterSignInCode(posted: RequestArgs, formData: FormData) {
	const submission = parseWithZod(formData, { schema: signInCodeSchema })
	const challenge = formData.get('challenge')
	if (submission.status !== 'success') {
		if (typeof challenge !== 'string' || !challenge) {
			return answer({ intent: 'sign-in', result: submission.reply({ formErrors: [AUTH_MESSAGES.codeGone] }) }, 400)
		}
		return answer({ intent: 'sign-in-code', result: submission.reply(), challenge }, 400)
	}
	const { clientAddress } = requestFacts(posted.context)
	const outcome = await useSignInCode(submission.value.challenge, submission.value.code)
	if (!outcome.ok) {
		logSecurityEvent({ event: 'sign-in', outcome: 'failure', clientAddress, detail: `code ${outcome.reason}` })
		if (outcome.reason === 'wrong') {
			return answer(
				{
					intent: 'sign-in-code',
					result: submission.reply({ fieldErrors: { code: [AUTH_MESSAGES.codeWrong] } }),
					challenge: submission.value.challenge,
				},
				400,
			)
		}
		return answer({ intent: 'sign-in', result: submission.reply({ formErrors: [AUTH_MESSAGES.codeGone] }) }, 400)
	}
	const email = await getAdminEmail()
	if (!email) throw new Error('The admin account has no email address')
	return completeSignIn(posted, {
		adminId: outcome.adminId,
		email,
		redirectTo: submission.value.redirectTo,
		detail: 'new browser, mailed code',
	})
}
