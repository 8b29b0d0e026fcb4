import { getInputProps, type SubmissionResult } from '@conform-to/react'

import { Field } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useZodForm } from '~/hooks/use-zod-form'
import { AUTH_MESSAGES, signInCodeSchema } from '~/schemas/auth'

import { AuthForm, FooterLink, Heading } from './auth-shell'

/** The second step of a sign-in while strangers guess at the account: the code from the email. */
export function SignInCodeForm({
	challenge,
	redirectTo,
	lastResult,
}: {
	challenge: string
	redirectTo: string
	lastResult?: SubmissionResult<string[]>
}) {
	const [form, fields] = useZodForm(signInCodeSchema, { id: 'sign-in-code', lastResult })
	return (
		<>
			<Heading eyebrow="Admin sign-in" title="Enter the code from the email" />
			<div role="status" className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800">
				<p>{AUTH_MESSAGES.codeSent}</p>
				<p className="mt-1">It works once, for {LIMITS.signInCodeMinutes} minutes. No mail? Check the password and sign in again.</p>
			</div>
			<AuthForm
				intent="sign-in-code"
				form={form}
				hidden={
					<>
						<input type="hidden" name="challenge" value={challenge} />
						{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
					</>
				}
				submitLabel="Sign In"
			>
				<Field
					{...getInputProps(fields.code, { type: 'text' })}
					label="Code"
					errors={fields.code.errors}
					autoComplete="one-time-code"
					inputMode="numeric"
					spellCheck={false}
				/>
			</AuthForm>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}
