import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card, EmptyState } from '~/components/admin/card'
import { recordAction } from '~/components/admin/record-table'
import { buttonClass } from '~/components/ui/button'
import { TRASH_DAYS } from '~/constants'
import { listTrash, type TrashItem, type TrashKind } from '~/models/trash.server'
import { requireAdmin } from '~/services/session.server'
import { formatDate } from '~/utils/dates'
import { trashRestorePath } from '~/utils/trash-paths'

import type { Route } from './+types/trash'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Trash')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return { items: await listTrash() }
}

const SECTIONS: Array<{ kind: TrashKind; title: string }> = [
	{ kind: 'product', title: 'Sarees' },
	{ kind: 'blog', title: 'Blog posts' },
	{ kind: 'order', title: 'Orders' },
]

/** What names the record beside its label: a saree's code, a post's address, an order's number. */
function detailOf(item: TrashItem) {
	if (item.kind === 'product') return `Code ${item.detail}`
	if (item.kind === 'blog') return `/blog/${item.detail}`
	return `Order #${item.recordId}`
}

export default function Trash({ loaderData }: Route.ComponentProps) {
	const { items } = loaderData
	return (
		<AdminPage
			width="list"
			title={`Trash (${items.length})`}
			description={`Deleted sarees, blog posts and orders wait here for ${TRASH_DAYS} days, then go for good with their photos.`}
			actions={
				items.length ? (
					<Link to="/admin/trash/empty" className={buttonClass('danger')}>
						Empty trash
					</Link>
				) : null
			}
		>
			{items.length === 0 ? (
				<EmptyState>The trash is empty.</EmptyState>
			) : (
				SECTIONS.map(({ kind, title }) => {
					const ofKind = items.filter((item) => item.kind === kind)
					if (!ofKind.length) return null
					return (
						<Card key={kind} title={`${title} (${ofKind.length})`}>
							<ul className="divide-y divide-stone-100">
								{ofKind.map((item) => (
									<li
										key={item.id}
										data-trash-id={item.id}
										className="flex flex-col gap-2 py-3 md:flex-row md:items-center md:justify-between"
									>
										<div className="min-w-0">
											<p className="font-semibold break-words text-stone-900">{item.label}</p>
											<p className="text-sm break-words text-stone-600">{detailOf(item)}</p>
											<p className="text-sm text-stone-600">
												Deleted <time dateTime={item.deletedAt}>{formatDate(item.deletedAt)}</time> · goes for good on{' '}
												<time dateTime={item.purgeAt}>{formatDate(item.purgeAt)}</time>
											</p>
										</div>
										<div className="flex gap-2">
											<Form method="post" action={trashRestorePath(item.id, 'trash')} className="flex flex-1 md:flex-none">
												<button type="submit" className={recordAction()}>
													Restore<span className="sr-only"> {item.label}</span>
												</button>
											</Form>
											<Link to={`/admin/trash/${item.id}/delete`} className={recordAction('border-red-200 text-red-800 hover:bg-red-50')}>
												Delete for good<span className="sr-only"> {item.label}</span>
											</Link>
										</div>
									</li>
								))}
							</ul>
						</Card>
					)
				})
			)}
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Trash"
			width="list"
			failedText="Failed to load the trash. Please try again."
			link={{ to: '/admin/trash', label: 'Try again' }}
		/>
	)
}
