import { Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { PenIcon } from '~/components/admin/icons'
import { ListSearch } from '~/components/admin/list-search'
import { RecordTable } from '~/components/admin/record-table'
import { SellerText } from '~/components/admin/seller-text'
import { StatusBadge } from '~/components/admin/status-badge'
import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { useIsLoading } from '~/hooks/use-pending'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listBlogsForAdmin } from '~/models/blogs.server'
import { searchQuery } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { formatDate } from '~/utils/dates'

import type { Route } from './+types/blogs'

const BLOGS_PATH = '/admin/blogs'
const TITLE_COLUMN = 'title'
const editPath = (blog: { id: number }) => `${BLOGS_PATH}/${blog.id}/edit`
const deletePath = (blog: { id: number }) => `${BLOGS_PATH}/${blog.id}/delete`

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminBlogs.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const q = searchQuery(new URL(request.url))
	return { ...adminMessages(admin.locale, 'adminBlogs'), blogs: await listBlogsForAdmin(q), q }
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
	const { blogs, q } = loaderData
	const loading = useIsLoading('/admin/blogs')
	const { t, locale } = useI18n()

	return (
		<AdminPage
			width="list"
			title={t('adminBlogs.titleCount', { count: blogs.length })}
			description={t('adminBlogs.intro')}
			actions={
				<Link to="/admin/blogs/new" className={buttonClass('primary')}>
					<PenIcon className="size-4" /> {t('adminBlogs.add')}
				</Link>
			}
		>
			<ListSearch id="blog-search" label={t('adminBlogs.search')} formLabel={t('adminBlogs.searchForm')} q={q} listPath="/admin/blogs" />

			<div className={loading ? 'opacity-60 transition-opacity' : ''}>
				{blogs.length === 0 ? (
					q ? (
						<EmptyState>{t('adminBlogs.noMatch')}</EmptyState>
					) : (
						<EmptyState
							action={
								<Link to="/admin/blogs/new" className={buttonClass('primary')}>
									{t('adminBlogs.add')}
								</Link>
							}
						>
							{t('adminBlogs.none')}
						</EmptyState>
					)
				) : (
					<RecordTable
						rows={blogs}
						columns={[
							{ header: t('adminBlogs.columnTitle'), kind: TITLE_COLUMN, cell: (blog) => <SellerText>{blog.title}</SellerText> },
							{ header: t('adminBlogs.columnStatus'), cell: (blog) => <StatusBadge status={blog.status} /> },
							{
								header: t('adminBlogs.columnCreated'),
								cell: (blog) => <time dateTime={blog.createdAt}>{formatDate(blog.createdAt, locale)}</time>,
							},
						]}
						name={(blog) => blog.title}
						editPath={editPath}
						deletePath={deletePath}
						rowAttribute="data-blog-id"
					/>
				)}
			</div>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navBlogs"
			width="list"
			failedText="admin.blogsLoadFailed"
			link={{ to: BLOGS_PATH, label: 'admin.tryAgain' }}
		/>
	)
}
