import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card, EmptyState } from '~/components/admin/card'
import { recordAction } from '~/components/admin/record-table'
import { buttonClass } from '~/components/ui/button'
import { TRASH_DAYS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { type Translator } from '~/i18n/translate'
import { listTrash, type TrashItem, type TrashKind } from '~/models/trash.server'
import { requireAdmin } from '~/services/session.server'
import { formatDate } from '~/utils/dates'
import { trashRestorePath } from '~/utils/trash-paths'

import type { Route } from './+types/trash'

const TRASH_PATH = '/admin/trash'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminTrash.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminTrash'), items: await listTrash() }
}

const SECTIONS = [
	{ kind: 'product', heading: 'adminTrash.sarees' },
	{ kind: 'blog', heading: 'adminTrash.blogPosts' },
	{ kind: 'order', heading: 'adminTrash.orders' },
] as const satisfies ReadonlyArray<{ kind: TrashKind; heading: string }>

/** What names the record beside its label: a saree's code, a post's address, an order's number. */
function detailOf(item: TrashItem, t: Translator['t']) {
	if (item.kind === 'product') return t('adminTrash.code', { code: item.detail })
	if (item.kind === 'blog') return `/blog/${item.detail}`
	return t('adminTrash.orderNumber', { number: item.recordId })
}

export default function Trash({ loaderData }: Route.ComponentProps) {
	const { items } = loaderData
	const { t, rich, locale } = useI18n()
	return (
		<AdminPage
			width="list"
			title={t('adminTrash.heading', { count: items.length })}
			description={t('adminTrash.description', { days: TRASH_DAYS })}
			actions={
				items.length ? (
					<Link to={`${TRASH_PATH}/empty`} className={buttonClass('danger')}>
						{t('adminTrash.emptyTrash')}
					</Link>
				) : null
			}
		>
			{items.length === 0 ? (
				<EmptyState>{t('adminTrash.empty')}</EmptyState>
			) : (
				SECTIONS.map(({ kind, heading }) => {
					const ofKind = items.filter((item) => item.kind === kind)
					if (!ofKind.length) return null
					return (
						<Card key={kind} title={t(heading, { count: ofKind.length })}>
							<ul className="divide-y divide-stone-100">
								{ofKind.map((item) => (
									<li
										key={item.id}
										data-trash-id={item.id}
										className="flex flex-col gap-2 py-3 md:flex-row md:items-center md:justify-between"
									>
										<div className="min-w-0">
											<p className="font-semibold break-words text-stone-900" data-seller-text>
												{item.label}
											</p>
											<p className="text-sm break-words text-stone-600">{detailOf(item, t)}</p>
											<p className="text-sm text-stone-600">
												{rich('adminTrash.deletedOn', {
													deleted: <time dateTime={item.deletedAt}>{formatDate(item.deletedAt, locale)}</time>,
													purge: <time dateTime={item.purgeAt}>{formatDate(item.purgeAt, locale)}</time>,
												})}
											</p>
										</div>
										<div className="flex gap-2">
											<Form method="post" action={trashRestorePath(item.id, 'trash')} className="flex flex-1 md:flex-none">
												<button type="submit" className={recordAction()}>
													{t('adminTrash.restore')}
													<span className="sr-only" data-seller-text>
														{' '}
														{item.label}
													</span>
												</button>
											</Form>
											<Link to={`/admin/trash/${item.id}/delete`} className={recordAction('border-red-200 text-red-800 hover:bg-red-50')}>
												{t('adminTrash.deleteForGood')}
												<span className="sr-only" data-seller-text>
													{' '}
													{item.label}
												</span>
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
		<AdminRouteError title="admin.navTrash" width="list" failedText="admin.loadFailed" link={{ to: TRASH_PATH, label: 'admin.tryAgain' }} />
	)
}
