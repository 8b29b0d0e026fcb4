import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/blog-delete'
import { AdminRouteError } from '~/components/admin/route-error'
import { PageHeader } from '~/components/admin/page-header'
import { Button, buttonClass } from '~/components/ui/button'
import { deleteBlog, getBlogTitleForAdmin } from '~/models/blogs.server'
import { blogMessages } from '~/schemas/blog'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { requireAdmin } from '~/utils/session.server'
import { deleteMedia } from '~/utils/storage.server'

// A confirmation page rather than a browser dialog, so deleting works (and asks) without JS too.

export const meta: Route.MetaFunction = () => [{ title: 'Delete Blog | Admin' }]

function blogId(raw: string) {
	const id = Number(raw)
	if (!Number.isSafeInteger(id) || id <= 0) throw data('Blog not found', { status: 404 })
	return id
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const blog = await getBlogTitleForAdmin(blogId(params.id))
	if (!blog) throw data('Blog not found', { status: 404 })
	return { blog }
}

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const id = blogId(params.id)
	let deleted: { coverKey: string | null } | null
	try {
		deleted = await deleteBlog(id)
	} catch (error) {
		console.error('Deleting a blog failed:', error)
		deleted = null
	}
	if (!deleted) return redirectWithFlash(request, '/admin/blogs', { type: 'error', message: blogMessages.deleteFailed })
	await deleteMedia([deleted.coverKey])
	notifyChange('blog', 'deleted', id)
	return redirectWithFlash(request, '/admin/blogs', { type: 'success', message: blogMessages.deleted })
}

export default function DeleteBlog({ loaderData }: Route.ComponentProps) {
	const { blog } = loaderData
	const deleting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-xl">
			<PageHeader title="Delete Blog" />
			<Form method="post" className="rounded-lg border border-red-200 bg-white p-5 shadow-sm">
				<p className="text-lg break-words text-stone-900">Are you sure you want to delete "{blog.title}"?</p>
				<p className="mt-2 text-sm text-stone-600">The post and its cover image are removed from the blog. This cannot be undone.</p>
				<div className="mt-5 flex flex-col gap-2 sm:flex-row">
					<Button type="submit" variant="danger" disabled={deleting}>
						{deleting ? 'Deleting…' : 'Delete'}
					</Button>
					<Link to="/admin/blogs" className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</div>
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
