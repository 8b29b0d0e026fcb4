import { useEffect, useRef } from 'react'

import { Button } from '~/components/ui/button'
import { useUnsavedChanges } from '~/hooks/use-unsaved-changes'

// Every admin editor's warning before its typing is lost (docs/decisions/0041): placed once in the
// editor with the ids of the forms it guards.

const UNSAVED_CHANGES_MESSAGES = {
	title: 'Leave without saving?',
	text: 'Your changes on this page have not been saved. If you leave now, they are lost.',
	stay: 'Stay',
	leave: 'Leave',
} as const

export function UnsavedChangesGuard({ forms }: { forms: readonly string[] }) {
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
				{UNSAVED_CHANGES_MESSAGES.title}
			</h2>
			<p id="unsaved-changes-text" className="mt-2 text-sm text-stone-700">
				{UNSAVED_CHANGES_MESSAGES.text}
			</p>
			{/* Stay comes first: the dialog opens with it focused, so Enter keeps the typing. */}
			<div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
				<Button onClick={() => blocker.reset?.()}>{UNSAVED_CHANGES_MESSAGES.stay}</Button>
				<Button variant="secondary" onClick={() => blocker.proceed?.()}>
					{UNSAVED_CHANGES_MESSAGES.leave}
				</Button>
			</div>
		</dialog>
	)
}
