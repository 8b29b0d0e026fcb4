import type { SubmissionResult } from '@conform-to/react'

import { useAnswerKey } from '~/hooks/use-answer-key'
import { useI18n } from '~/hooks/use-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import { signInSchema } from '~/schemas/auth'

import { AuthForm, EmailField, FooterLink, Heading, PasswordField } from './auth-shell'

export function SignInForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
	const { t } = useI18n()
	const answerKey = useAnswerKey(lastResult)
	const [form, fields] = useZodForm(signInSchema, { id: 'sign-in', lastResult })
	return (
		<>
			<Heading eyebrow={t('adminAuth.eyebrowSignIn')} title={t('adminAuth.welcomeBack')}>
				{t('adminAuth.signInIntro')}
			</Heading>
			<AuthForm
				intent="sign-in"
				form={form}
				hidden={redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				submitLabel={t('adminAuth.signIn')}
			>
				<EmailField field={fields.email} />
				<PasswordField
					key={`password-${answerKey}`}
					field={fields.password}
					label={t('adminAuth.password')}
					autoComplete="current-password"
				/>
			</AuthForm>
			<FooterLink to="/auth?mode=reset-email">{t('adminAuth.forgotPassword')}</FooterLink>
		</>
	)
}
