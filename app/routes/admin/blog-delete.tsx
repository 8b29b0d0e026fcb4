import { data } from 'react-router'

import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { TRASH_DAYS } from '~/constants'
import { getBlogTitleForAdmin } from '~/models/blogs.server'
import { BLOG_MESSAGES } from '~/schemas/blog'
import { deleteRecord, recordId, toTrash } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/blog-delete'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Delete Blog')

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const blog = await getBlogTitleForAdmin(recordId(params.id, 'Blog not found'))
	if (!blog) throw data('Blog not found', { status: 404 })
	return { blog }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	return deleteRecord(request, {
		kind: 'blog',
		id: recordId(params.id, 'Blog not found'),
		remove: toTrash('blog'),
		listPath: '/admin/blogs',
		messages: BLOG_MESSAGES,
		failureLog: 'Deleting a blog failed:',
	})
}

export default function DeleteBlog({ loaderData }: Route.ComponentProps) {
	const { blog } = loaderData
	return (
		<DeleteConfirmation title="Delete Blog" question={`Are you sure you want to delete "${blog.title}"?`} cancelTo="/admin/blogs">
			The post leaves the blog at once; it and its cover image wait in the Trash for {TRASH_DAYS} days, where you can restore it, then go
			for good.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Delete Blog"
			width="narrow"
			notFoundText="Blog not found"
			failedText="Failed to fetch blogs. Please try again."
			link={{ to: '/admin/blogs', label: 'Back to blogs' }}
		/>
	)
}
