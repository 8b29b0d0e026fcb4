import { useEffect, useRef } from 'react'

import { Button } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { useUnsavedChanges } from '~/hooks/use-unsaved-changes'

// Every admin editor's warning before its typing is lost (docs/decisions/0041): placed once in the
// editor with the ids of the forms it guards.

export function UnsavedChangesGuard({ forms }: { forms: readonly string[] }) {
	const { t } = useI18n()
	const blocker = useUnsavedChanges(forms)
	const dialog = useRef<HTMLDialogElement>(null)
	const blocked = blocker.state === 'blocked'

	useEffect(() => {
		const element = dialog.current
		if (!element) return
		if (blocked && !element.open) element.showModal()
		if (!blocked && element.open) element.close()
	}, [blocked])

	return (
		<dialog
			ref={dialog}
			aria-labelledby="unsaved-changes-title"
			aria-describedby="unsaved-changes-text"
			className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-stone-900/50"
			// Escape is the same as Stay.
			onCancel={() => blocker.reset?.()}
		>
			<h2 id="unsaved-changes-title" className="font-serif text-xl text-maroon-900">
				{t('admin.leaveTitle')}
			</h2>
			<p id="unsaved-changes-text" className="mt-2 text-sm text-stone-700">
				{t('admin.leaveText')}
			</p>
			{/* Stay comes first: the dialog opens with it focused, so Enter keeps the typing. */}
			<div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
				<Button onClick={() => blocker.reset?.()}>{t('admin.stay')}</Button>
				<Button variant="secondary" onClick={() => blocker.proceed?.()}>
					{t('admin.leave')}
				</Button>
			</div>
		</dialog>
	)
}
