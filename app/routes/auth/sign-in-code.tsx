import { getInputProps, type SubmissionResult } from '@conform-to/react'

import { Field } from '~/components/ui/field'
import { LIMITS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import { signInCodeSchema } from '~/schemas/auth'

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
	const { t } = useI18n()
	const [form, fields] = useZodForm(signInCodeSchema, { id: 'sign-in-code', lastResult })
	return (
		<>
			<Heading eyebrow={t('adminAuth.eyebrowSignIn')} title={t('adminAuth.codeTitle')} />
			<div role="status" className="mb-6 rounded-lg border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-stone-800">
				<p>{t('adminAuth.codeSent')}</p>
				<p className="mt-1">{t('adminAuth.codeNote', { minutes: LIMITS.signInCodeMinutes })}</p>
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
				submitLabel={t('adminAuth.signIn')}
			>
				<Field
					{...getInputProps(fields.code, { type: 'text' })}
					label={t('adminAuth.code')}
					errors={fields.code.errors}
					autoComplete="one-time-code"
					inputMode="numeric"
					spellCheck={false}
				/>
			</AuthForm>
			<FooterLink to="/auth">{t('adminAuth.backToSignIn')}</FooterLink>
		</>
	)
}
