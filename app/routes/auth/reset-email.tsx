import type { SubmissionResult } from '@conform-to/react'

import { LIMITS } from '~/constants'
import { useZodForm } from '~/hooks/use-zod-form'
import { AUTH_MESSAGES, resetEmailSchema } from '~/schemas/auth'

import { AuthForm, EmailField, FooterLink, Heading } from './auth-shell'

/** `mailConfigured` false: a production shop without SMTP_URL, where no link could reach anyone. */
export function ResetEmailForm({ lastResult, mailConfigured }: { lastResult?: SubmissionResult<string[]>; mailConfigured: boolean }) {
	if (!mailConfigured) return <ResetByEmailNotSetUp answered={!!lastResult} />
	return <ResetEmailFields lastResult={lastResult} />
}

function ResetEmailFields({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const [form, fields] = useZodForm(resetEmailSchema, { id: 'reset-email', lastResult })
	return (
		<>
			<Heading eyebrow="Password help" title="Reset your password">
				Enter the admin email address. We will send a link to choose a new password; it works once, for {LIMITS.resetTokenMinutes} minutes.
			</Heading>
			<AuthForm intent="reset-email" form={form} submitLabel="Send Reset Link">
				<EmailField field={fields.email} />
			</AuthForm>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}

/** Says the same to everyone: nothing about which accounts exist. `answered`: the answer to a post (an alert). */
function ResetByEmailNotSetUp({ answered }: { answered: boolean }) {
	return (
		<>
			<Heading eyebrow="Password help" title="Reset your password" />
			<div
				role={answered ? 'alert' : 'status'}
				className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800"
			>
				<p>{AUTH_MESSAGES.mailNotConfigured}</p>
			</div>
			<FooterLink to="/auth">Back to sign in</FooterLink>
		</>
	)
}
