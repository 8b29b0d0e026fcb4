import type { ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button'
import { PageHeader } from './page-header'

// Deleting asks on a confirmation page rather than in a browser dialog, so it works (and asks) without JS too.

/** The Delete / Cancel pair of a confirmation form; Delete says "Deleting…" while the form posts. */
export function DeleteButtons({ cancelTo }: { cancelTo: string }) {
	const deleting = useNavigation().state === 'submitting'
	return (
		<>
			<Button type="submit" variant="danger" disabled={deleting}>
				{deleting ? 'Deleting…' : 'Delete'}
			</Button>
			<Link to={cancelTo} className={buttonClass('secondary')}>
				Cancel
			</Link>
		</>
	)
}

/** The confirmation page for deleting a catalogue record called `name`; `children` say what goes with it. */
export function DeleteConfirmation({
	title,
	name,
	cancelTo,
	children,
}: {
	title: string
	name: string
	cancelTo: string
	children: ReactNode
}) {
	return (
		<div className="mx-auto max-w-xl">
			<PageHeader title={title} />
			<Form method="post" className="rounded-lg border border-red-200 bg-white p-5 shadow-sm">
				<p className="text-lg break-words text-stone-900">Are you sure you want to delete "{name}"?</p>
				<p className="mt-2 text-sm text-stone-600">{children}</p>
				<div className="mt-5 flex flex-col gap-2 sm:flex-row">
					<DeleteButtons cancelTo={cancelTo} />
				</div>
			</Form>
		</div>
	)
}
