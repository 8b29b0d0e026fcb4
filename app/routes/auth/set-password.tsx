import type { SubmissionResult } from '@conform-to/react'
import { Link, useSearchParams } from 'react-router'

import { LIMITS } from '~/constants'
import { useAnswerKey } from '~/hooks/use-answer-key'
import { useZodForm } from '~/hooks/use-zod-form'
import { AUTH_MESSAGES, newPasswordSchema } from '~/schemas/auth'

import { AuthForm, FooterLink, Heading, PasswordField } from './auth-shell'

export function NewPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const answerKey = useAnswerKey(lastResult)
	const [form, fields] = useZodForm(newPasswordSchema, { id: 'set-password', lastResult })
	// The token travels in the form body, taken from the link the admin opened.
	const [searchParams] = useSearchParams()
	return (
		<>
			<Heading eyebrow="Password help" title="Choose a new password" />
			<div role="status" className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800">
				<p className="font-semibold text-maroon-900">Password Reset</p>
				<p className="mt-0.5">
					Choose a new password for the admin account ({LIMITS.passwordMinLength} characters or more). Every device signed in now will be
					signed out.
				</p>
			</div>
			<AuthForm
				intent="set-password"
				form={form}
				hidden={<input type="hidden" name="token" value={searchParams.get('token') ?? ''} />}
				submitLabel="Update Password"
			>
				<PasswordField key={`password-${answerKey}`} field={fields.password} label="New Password" autoComplete="new-password" />
				<PasswordField key={`confirm-${answerKey}`} field={fields.confirmPassword} label="Confirm Password" autoComplete="new-password" />
			</AuthForm>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}

export function InvalidResetLink() {
	return (
		<>
			<Heading eyebrow="Password help" title="This link no longer works" />
			<div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
				<p className="font-semibold">Password Reset</p>
				<p className="mt-0.5">
					{AUTH_MESSAGES.invalidResetLink} Reset links work once and expire after {LIMITS.resetTokenMinutes} minutes.
				</p>
			</div>
			<Link
				to="/auth?mode=reset-email"
				className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-maroon-800 px-4 py-2 text-base font-semibold text-white hover:bg-maroon-900"
			>
				Request a new reset link
			</Link>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}
