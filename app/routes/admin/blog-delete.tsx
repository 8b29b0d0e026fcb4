import { data } from 'react-router'
import type { Route } from './+types/blog-delete'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { AdminRouteError } from '~/components/admin/route-error'
import { deleteBlog, getBlogTitleForAdmin } from '~/models/blogs.server'
import { blogMessages } from '~/schemas/blog'
import { deleteRecord, recordId } from '~/utils/admin-records.server'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = () => [{ title: 'Delete Blog | Admin' }]

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const blog = await getBlogTitleForAdmin(recordId(params.id, 'Blog not found'))
	if (!blog) throw data('Blog not found', { status: 404 })
	return { blog }
}

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	return deleteRecord(request, {
		kind: 'blog',
		id: recordId(params.id, 'Blog not found'),
		remove: async (id) => {
			const deleted = await deleteBlog(id)
			return deleted && [deleted.coverKey]
		},
		listPath: '/admin/blogs',
		messages: blogMessages,
		failureLog: 'Deleting a blog failed:',
	})
}

export default function DeleteBlog({ loaderData }: Route.ComponentProps) {
	const { blog } = loaderData
	return (
		<DeleteConfirmation title="Delete Blog" name={blog.title} cancelTo="/admin/blogs">
			The post and its cover image are removed from the blog. This cannot be undone.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Delete Blog"
			notFoundText="Blog not found"
			failedText="Failed to fetch blogs. Please try again."
			backTo="/admin/blogs"
			backLabel="Back to blogs"
			width="max-w-xl"
		/>
	)
}
