import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'

import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { useAnswerKey } from '~/hooks/use-answer-key'
import { useI18n } from '~/hooks/use-i18n'
import { useZodForm } from '~/hooks/use-zod-form'
import { backupSchema } from '~/schemas/auth'

const BACKUP_ACTION = '/admin/backup'

/**
 * Settings → Backup: the admin's password, then the archive. Always a plain browser form post (with
 * JavaScript too): the answer is either the file, which the browser downloads while the page stays,
 * or the /admin/backup page with the message under the field. `lastResult`: that page's answer.
 */
export function BackupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
	const [form, fields] = useZodForm(backupSchema, { id: 'backup', lastResult })
	// A refused password is never shown again: the input remounts empty with each answer.
	const answerKey = useAnswerKey(lastResult)
	const formProps = getFormProps(form)
	const { t } = useI18n()
	return (
		<Form
			method="post"
			action={BACKUP_ACTION}
			reloadDocument
			{...formProps}
			onSubmit={(event) => {
				formProps.onSubmit(event)
				// The page stays while the file downloads: the typed password must not.
				const element = event.currentTarget
				if (!event.defaultPrevented) setTimeout(() => element.reset(), 0)
			}}
			className="space-y-4"
		>
			<ErrorList id={form.errorId} errors={form.errors} />
			<Field
				{...getInputProps(fields.password, { type: 'password', value: false })}
				key={`password-${answerKey}`}
				label={t('adminBackup.yourPassword')}
				hint={t('adminBackup.passwordHint')}
				autoComplete="current-password"
				errors={fields.password.errors}
			/>
			<div>
				<Button type="submit" variant="secondary">
					{t('adminBackup.download')}
				</Button>
				<p className="mt-2 text-xs text-stone-600">{t('adminBackup.fileNote')}</p>
			</div>
		</Form>
	)
}
