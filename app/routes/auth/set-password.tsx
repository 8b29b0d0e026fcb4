import type { SubmissionResult } from '@conform-to/react'
import { Link, useSearchParams } from 'react-router'

import { LIMITS } from '~/constants'
import { useAnswerKey } from '~/hooks/use-answer-key'
import { useI18n } from '~/hooks/use-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import { newPasswordSchema } from '~/schemas/auth'

import { AuthForm, FooterLink, Heading, PasswordField } from './auth-shell'

export function NewPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const { t } = useI18n()
	const answerKey = useAnswerKey(lastResult)
	const [form, fields] = useZodForm(newPasswordSchema, { id: 'set-password', lastResult })
	// The token travels in the form body, taken from the link the admin opened.
	const [searchParams] = useSearchParams()
	const token = searchParams.get('token') ?? ''
	return (
		<>
			<Heading eyebrow={t('adminAuth.eyebrowHelp')} title={t('adminAuth.titleSetPassword')} />
			<div role="status" className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800">
				<p className="font-semibold text-maroon-900">{t('adminAuth.passwordReset')}</p>
				<p className="mt-0.5">{t('adminAuth.setPasswordIntro', { min: LIMITS.passwordMinLength })}</p>
			</div>
			<AuthForm
				intent="set-password"
				form={form}
				hidden={<input type="hidden" name="token" value={token} />}
				submitLabel={t('adminAuth.updatePassword')}
			>
				<PasswordField
					key={`password-${answerKey}`}
					field={fields.password}
					label={t('adminAuth.newPassword')}
					autoComplete="new-password"
				/>
				<PasswordField
					key={`confirm-${answerKey}`}
					field={fields.confirmPassword}
					label={t('adminAuth.confirmPassword')}
					autoComplete="new-password"
				/>
			</AuthForm>
			<FooterLink to="/auth">{t('adminAuth.backToSignIn')}</FooterLink>
		</>
	)
}

export function InvalidResetLink() {
	const { t } = useI18n()
	return (
		<>
			<Heading eyebrow={t('adminAuth.eyebrowHelp')} title={t('adminAuth.linkGone')} />
			<div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
				<p className="font-semibold">{t('adminAuth.passwordReset')}</p>
				<p className="mt-0.5">
					{t('adminAuth.invalidResetLink')} {t('adminAuth.linkGoneNote', { minutes: LIMITS.resetTokenMinutes })}
				</p>
			</div>
			<Link
				to="/auth?mode=reset-email"
				className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-maroon-800 px-4 py-2 text-base font-semibold text-white hover:bg-maroon-900"
			>
				{t('adminAuth.requestNewLink')}
			</Link>
			<FooterLink to="/auth">{t('adminAuth.backToSignIn')}</FooterLink>
		</>
	)
}
