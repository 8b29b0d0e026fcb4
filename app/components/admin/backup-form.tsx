import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'

import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { useAnswerKey } from '~/hooks/use-answer-key'
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
				label="Your password"
				hint="Asked again because a backup holds every order and customer's details."
				autoComplete="current-password"
				errors={fields.password.errors}
			/>
			<div>
				<Button type="submit" variant="secondary">
					Download backup
				</Button>
				<p className="mt-2 text-xs text-stone-600">A .tar.gz file; large shops take a moment to start.</p>
			</div>
		</Form>
	)
}
