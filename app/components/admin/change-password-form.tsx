import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'

import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useAnswerKey } from '~/hooks/use-answer-key'
import { useZodForm } from '~/hooks/use-zod-form'
import { changePasswordSchema } from '~/schemas/auth'

const CHANGE_PASSWORD_ACTION = '/admin/settings/password'
/** The form's id, for the unsaved-changes guard of the screens that show it. */
export const CHANGE_PASSWORD_FORM_ID = 'change-password'

type ActionData = { result: SubmissionResult<string[]> }

/**
 * The admin's password change. Posts to /admin/settings/password from any page: without JavaScript
 * it is a plain form (errors show on that page, success lands on /admin/settings with a message);
 * with JavaScript it submits through a fetcher and shows errors in place.
 * `lastResult` is the action's answer when the form is rendered by that page after a plain post.
 */
export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
	const { t, msg } = useAdminI18n()
	const fetcher = useFetcher<ActionData>()
	const [form, fields] = useZodForm(changePasswordSchema, { id: CHANGE_PASSWORD_FORM_ID, lastResult: fetcher.data?.result ?? lastResult })
	const pending = fetcher.state !== 'idle'
	// A new answer from the server remounts the inputs empty: refused passwords are never kept.
	const answer = fetcher.data?.result ?? lastResult
	const answerKey = useAnswerKey(answer)

	// A successful change redirects (no data comes back): empty the fields for the next time.
	const wasBusy = useRef(false)
	useEffect(() => {
		if (fetcher.state !== 'idle') {
			wasBusy.current = true
			return
		}
		if (wasBusy.current && fetcher.data === undefined) form.reset()
		wasBusy.current = false
	}, [fetcher.state, fetcher.data, form])

	return (
		<fetcher.Form method="post" action={CHANGE_PASSWORD_ACTION} {...getFormProps(form)} noValidate className="space-y-5">
			{form.errors?.length ? (
				<div id={form.errorId} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
					{form.errors.map((e) => (
						<p key={e}>{msg(e)}</p>
					))}
				</div>
			) : null}
			<Field
				{...getInputProps(fields.currentPassword, { type: 'password', value: false })}
				key={`currentPassword-${answerKey}`}
				label={t('adminAuth.currentPassword')}
				errors={fields.currentPassword.errors}
				autoComplete="current-password"
			/>
			<Field
				{...getInputProps(fields.newPassword, { type: 'password', value: false })}
				key={`newPassword-${answerKey}`}
				label={t('adminAuth.newPassword')}
				errors={fields.newPassword.errors}
				autoComplete="new-password"
			/>
			<Field
				{...getInputProps(fields.confirmPassword, { type: 'password', value: false })}
				key={`confirmPassword-${answerKey}`}
				label={t('adminAuth.confirmPassword')}
				errors={fields.confirmPassword.errors}
				autoComplete="new-password"
			/>
			<Button type="submit" aria-disabled={pending || undefined}>
				{pending ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
				{t('adminAuth.changePassword')}
			</Button>
		</fetcher.Form>
	)
}
