import type { getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'

import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { useI18n } from '~/hooks/use-i18n'
import { useIsPending } from '~/hooks/use-pending'

import { DefaultSubmit } from './default-submit'

// The frame of the admin editors (products, blog posts): a multipart form whose Enter key saves
// quietly, its form-wide errors on top, and Publish / Save as Draft buttons at the bottom.

/** The editor's form: `formProps` from Conform's getFormProps, `errors` the form-wide ones. */
export function EditorForm({
	formProps,
	errors,
	children,
}: {
	formProps: ReturnType<typeof getFormProps>
	errors?: string[]
	children: ReactNode
}) {
	return (
		<Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
			<DefaultSubmit />
			{errors?.length ? (
				<div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
					<ErrorList errors={errors} />
				</div>
			) : null}
			{children}
		</Form>
	)
}

/** A submit button sending `intent`; all are disabled while the form posts, and the one pressed says "Saving…". */
function IntentButton({ intent, variant, children }: { intent: 'publish' | 'draft'; variant?: 'secondary'; children: string }) {
	const { t } = useI18n()
	const submitting = useIsPending({ state: 'submitting' })
	const pressed = useIsPending({ state: 'submitting', intent })
	return (
		<Button type="submit" name="intent" value={intent} variant={variant} disabled={submitting}>
			{pressed ? t('admin.saving') : children}
		</Button>
	)
}

/**
 * The editor's buttons: publish (labelled `publishLabel`) and Save as Draft, in that order unless
 * `draftFirst`, then a Cancel link back to `cancelTo` when given.
 */
export function PublishOrDraftButtons({
	publishLabel,
	draftFirst = false,
	cancelTo,
}: {
	publishLabel: string
	draftFirst?: boolean
	cancelTo?: string
}) {
	const { t } = useI18n()
	const publish = <IntentButton intent="publish">{publishLabel}</IntentButton>
	const draft = (
		<IntentButton intent="draft" variant="secondary">
			{t('admin.saveAsDraft')}
		</IntentButton>
	)
	return (
		<div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
			{draftFirst ? draft : publish}
			{draftFirst ? publish : draft}
			{cancelTo ? (
				<Link to={cancelTo} className={buttonClass('ghost')}>
					{t('admin.cancel')}
				</Link>
			) : null}
		</div>
	)
}
