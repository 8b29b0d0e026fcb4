import { Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { PenIcon } from '~/components/admin/icons'
import { ListSearch } from '~/components/admin/list-search'
import { RecordTable } from '~/components/admin/record-table'
import { StatusBadge } from '~/components/admin/status-badge'
import { buttonClass } from '~/components/ui/button'
import { useIsLoading } from '~/hooks/use-pending'
import { listBlogsForAdmin } from '~/models/blogs.server'
import { searchQuery } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { formatDate } from '~/utils/dates'

import type { Route } from './+types/blogs'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Blogs')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const q = searchQuery(new URL(request.url))
	return { blogs: await listBlogsForAdmin(q), q }
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
	const { blogs, q } = loaderData
	const loading = useIsLoading('/admin/blogs')

	return (
		<AdminPage
			width="list"
			title={`Blogs (${blogs.length})`}
			description="Posts for the shop's blog, newest first."
			actions={
				<Link to="/admin/blogs/new" className={buttonClass('primary')}>
					<PenIcon className="size-4" /> Add Blog
				</Link>
			}
		>
			<ListSearch id="blog-search" label="Search by title" formLabel="Search blogs" q={q} listPath="/admin/blogs" />

			<div className={loading ? 'opacity-60 transition-opacity' : ''}>
				{blogs.length === 0 ? (
					q ? (
						<EmptyState>No blogs found matching your search.</EmptyState>
					) : (
						<EmptyState
							action={
								<Link to="/admin/blogs/new" className={buttonClass('primary')}>
									Add Blog
								</Link>
							}
						>
							No blogs found. Create your first blog!
						</EmptyState>
					)
				) : (
					<RecordTable
						rows={blogs}
						columns={[
							{ header: 'Title', kind: 'title', cell: (blog) => blog.title },
							{ header: 'Status', cell: (blog) => <StatusBadge status={blog.status} /> },
							{ header: 'Date Created', cell: (blog) => <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time> },
						]}
						name={(blog) => blog.title}
						editPath={(blog) => `/admin/blogs/${blog.id}/edit`}
						deletePath={(blog) => `/admin/blogs/${blog.id}/delete`}
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
			title="Blogs"
			width="list"
			failedText="Failed to fetch blogs. Please try again."
			link={{ to: '/admin/blogs', label: 'Try again' }}
		/>
	)
}
