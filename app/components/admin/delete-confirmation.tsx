import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'

import { Button, buttonClass } from '~/components/ui/button'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { useIsPending } from '~/hooks/use-pending'

import { AdminPage } from './admin-page'

// Deleting asks on a confirmation page rather than in a browser dialog, so it works (and asks) without JS too.

/** The Delete / Cancel pair of a confirmation form; Delete says "Deleting…" while the form posts. */
function DeleteButtons({ cancelTo }: { cancelTo: string }) {
	const { t } = useAdminI18n()
	const deleting = useIsPending({ state: 'submitting' })
	return (
		<>
			<Button type="submit" variant="danger" disabled={deleting}>
				{t(deleting ? 'admin.deleting' : 'admin.delete')}
			</Button>
			<Link to={cancelTo} className={buttonClass('secondary')}>
				{t('admin.cancel')}
			</Link>
		</>
	)
}

/**
 * The confirmation page for deleting a record: `question` asks ("Are you sure you want to delete …?", the record's name as `SellerText`),
 * `children` say what goes with it.
 */
export function DeleteConfirmation({
	title,
	question,
	cancelTo,
	children,
}: {
	title: string
	question: ReactNode
	cancelTo: string
	children: ReactNode
}) {
	return (
		<AdminPage title={title} width="narrow">
			<Form method="post" className="rounded-lg border border-red-200 bg-white p-5 shadow-sm">
				<p className="text-lg break-words text-stone-900">{question}</p>
				<p className="mt-2 text-sm text-stone-600">{children}</p>
				<div className="mt-5 flex flex-col gap-2 sm:flex-row">
					<DeleteButtons cancelTo={cancelTo} />
				</div>
			</Form>
		</AdminPage>
	)
}
