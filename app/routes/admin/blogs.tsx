import { Form, Link } from 'react-router'
import type { Route } from './+types/blogs'
import { AdminPage, AdminRouteError, adminMeta } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { EditIcon, PenIcon, SearchIcon, TrashIcon } from '~/components/admin/icons'
import { StatusBadge } from '~/components/admin/status-badge'
import { Button, buttonClass } from '~/components/ui/button'
import { useIsLoading } from '~/components/ui/pending'
import { listBlogsForAdmin } from '~/models/blogs.server'
import { formatDate } from '~/utils/dates'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = () => adminMeta('Blogs')

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100)
	return { blogs: await listBlogsForAdmin(q), q }
}

const cell = 'flex items-baseline justify-between gap-3 py-1 md:table-cell md:px-3 md:py-2 md:align-middle'
const label = 'text-xs font-semibold uppercase tracking-wide text-stone-500 md:hidden'

export default function Blogs({ loaderData }: Route.ComponentProps) {
	const { blogs, q } = loaderData
	const loading = useIsLoading('/admin/blogs')

	return (
		<AdminPage
			width="list"
			title={`Blogs (${blogs.length})`}
			description="Posts for the shop's blog, newest first."
			actions={
				<Link to="/admin/add-blog" className={buttonClass('primary')}>
					<PenIcon className="size-4" /> Add Blog
				</Link>
			}
		>
			<Form method="get" role="search" aria-label="Search blogs" className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-end">
				<div className="flex-1">
					<label htmlFor="blog-search" className="mb-1 block text-sm font-medium text-stone-800">
						Search by title
					</label>
					<div className="relative">
						<SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
						<input
							id="blog-search"
							type="search"
							name="q"
							defaultValue={q}
							className="block min-h-11 w-full rounded-md border border-stone-300 py-2 pr-3 pl-9 text-base"
						/>
					</div>
				</div>
				<Button type="submit" variant="secondary">
					Search
				</Button>
				{q ? (
					<Link to="/admin/blogs" className={buttonClass('ghost')}>
						Clear
					</Link>
				) : null}
			</Form>

			<div className={loading ? 'opacity-60 transition-opacity' : ''}>
			{blogs.length === 0 ? (
				q ? (
					<EmptyState>No blogs found matching your search.</EmptyState>
				) : (
					<EmptyState action={<Link to="/admin/add-blog" className={buttonClass('primary')}>Add Blog</Link>}>
						No blogs found. Create your first blog!
					</EmptyState>
				)
			) : (
				<table className="block w-full text-sm md:table md:rounded-lg md:border md:border-stone-200 md:bg-white">
					<thead className="sr-only md:not-sr-only md:table-header-group md:bg-stone-50 md:text-left md:text-xs md:uppercase md:tracking-wide md:text-stone-600">
						<tr>
							<th scope="col" className="md:px-3 md:py-2">Title</th>
							<th scope="col" className="md:px-3 md:py-2">Status</th>
							<th scope="col" className="md:px-3 md:py-2">Date Created</th>
							<th scope="col" className="md:px-3 md:py-2">Actions</th>
						</tr>
					</thead>
					<tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-stone-100">
						{blogs.map((blog) => (
							<tr
								key={blog.id}
								data-blog-id={blog.id}
								className="block rounded-lg border border-stone-200 bg-white p-3 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none"
							>
								<td className="block pb-1 font-semibold break-words text-stone-900 md:table-cell md:px-3 md:py-2">{blog.title}</td>
								<td className={cell}>
									<span className={label}>Status</span>
									<StatusBadge status={blog.status} />
								</td>
								<td className={cell}>
									<span className={label}>Date Created</span>
									<time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
								</td>
								<td className="flex gap-2 pt-2 md:table-cell md:whitespace-nowrap md:px-3 md:py-2">
									<Link
										to={`/admin/blogs/edit/${blog.id}`}
										className="inline-flex min-h-11 min-w-11 flex-1 items-center justify-center gap-1 rounded-md border border-stone-300 px-3 font-medium text-stone-800 hover:bg-stone-50 md:flex-none"
									>
										<EditIcon className="size-4" />
										Edit<span className="sr-only"> {blog.title}</span>
									</Link>
									<Link
										to={`/admin/blogs/${blog.id}/delete`}
										className="inline-flex min-h-11 min-w-11 flex-1 items-center justify-center gap-1 rounded-md border border-red-200 px-3 font-medium text-red-800 hover:bg-red-50 md:flex-none"
									>
										<TrashIcon className="size-4" />
										Delete<span className="sr-only"> {blog.title}</span>
									</Link>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			</div>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError title="Blogs" width="list" failedText="Failed to fetch blogs. Please try again." link={{ to: '/admin/blogs', label: 'Try again' }} />
	)
}
