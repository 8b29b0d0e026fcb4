import type { SubmissionResult } from '@conform-to/react'

import { LIMITS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import { resetEmailSchema } from '~/schemas/auth'

import { AuthForm, EmailField, FooterLink, Heading } from './auth-shell'

/** `mailConfigured` false: a production shop without SMTP_URL, where no link could reach anyone. */
export function ResetEmailForm({ lastResult, mailConfigured }: { lastResult?: SubmissionResult<string[]>; mailConfigured: boolean }) {
	if (!mailConfigured) return <ResetByEmailNotSetUp answered={!!lastResult} />
	return <ResetEmailFields lastResult={lastResult} />
}

function ResetEmailFields({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const { t } = useI18n()
	const [form, fields] = useZodForm(resetEmailSchema, { id: 'reset-email', lastResult })
	return (
		<>
			<Heading eyebrow={t('adminAuth.eyebrowHelp')} title={t('adminAuth.titleReset')}>
				{t('adminAuth.resetIntro', { minutes: LIMITS.resetTokenMinutes })}
			</Heading>
			<AuthForm intent="reset-email" form={form} submitLabel={t('adminAuth.sendResetLink')}>
				<EmailField field={fields.email} />
			</AuthForm>
			<FooterLink to="/auth">{t('adminAuth.backToSignIn')}</FooterLink>
		</>
	)
}

/** Says the same to everyone: nothing about which accounts exist. `answered`: the answer to a post (an alert). */
function ResetByEmailNotSetUp({ answered }: { answered: boolean }) {
	const { t } = useI18n()
	return (
		<>
			<Heading eyebrow={t('adminAuth.eyebrowHelp')} title={t('adminAuth.titleReset')} />
			<div
				role={answered ? 'alert' : 'status'}
				className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800"
			>
				<p>{t('adminAuth.mailNotConfigured')}</p>
			</div>
			<FooterLink to="/auth">{t('adminAuth.backToSignIn')}</FooterLink>
		</>
	)
}
