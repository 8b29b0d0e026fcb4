import type { SubmissionResult } from '@conform-to/react'

import { useAnswerKey } from '~/hooks/use-answer-key'
import { useZodForm } from '~/hooks/use-zod-form'
import { signInSchema } from '~/schemas/auth'

import { AuthForm, EmailField, FooterLink, Heading, PasswordField } from './auth-shell'

export function SignInForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
	const answerKey = useAnswerKey(lastResult)
	const [form, fields] = useZodForm(signInSchema, { id: 'sign-in', lastResult })
	return (
		<>
			<Heading eyebrow="Admin sign-in" title="Welcome back">
				Sign in to look after the catalogue, the stories and the orders.
			</Heading>
			<AuthForm
				intent="sign-in"
				form={form}
				hidden={redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				submitLabel="Sign In"
			>
				<EmailField field={fields.email} />
				<PasswordField key={`password-${answerKey}`} field={fields.password} label="Password" autoComplete="current-password" />
			</AuthForm>
			<FooterLink to="/auth?mode=reset-email">Forgot your password?</FooterLink>
		</>
	)
}
