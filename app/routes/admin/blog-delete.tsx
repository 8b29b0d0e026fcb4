import { data } from 'react-router'

import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { SellerText } from '~/components/admin/seller-text'
import { TRASH_DAYS } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages, serverTranslator } from '~/i18n/messages.server'
import { getBlogTitleForAdmin } from '~/models/blogs.server'
import { deleteRecord, recordId, toTrash } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/blog-delete'

const BLOGS_PATH = '/admin/blogs'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminBlogs.titleDelete'))

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const blog = await getBlogTitleForAdmin(recordId(params.id, 'Blog not found'))
	if (!blog) throw data('Blog not found', { status: 404 })
	return { ...adminMessages(admin.locale, 'adminBlogs'), blog }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const admin = await requireAdmin({ request, context })
	const { t } = serverTranslator(admin.locale, 'adminBlogs')
	return deleteRecord(request, {
		kind: 'blog',
		id: recordId(params.id, 'Blog not found'),
		remove: toTrash('blog'),
		listPath: BLOGS_PATH,
		messages: { deleted: t('adminBlogs.deleted'), deleteFailed: t('adminBlogs.deleteFailed') },
		failureLog: 'Deleting a blog failed:',
	})
}

export default function DeleteBlog({ loaderData }: Route.ComponentProps) {
	const { blog } = loaderData
	const { t, rich } = useI18n()
	return (
		<DeleteConfirmation
			title={t('adminBlogs.titleDelete')}
			question={rich('adminBlogs.deleteQuestion', { title: <SellerText>{blog.title}</SellerText> })}
			cancelTo={BLOGS_PATH}
		>
			{t('adminBlogs.deleteText', { days: TRASH_DAYS })}
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navBlogs"
			width="narrow"
			notFoundText="admin.blogNotFound"
			failedText="admin.blogsLoadFailed"
			link={{ to: BLOGS_PATH, label: 'admin.backToBlogs' }}
		/>
	)
}
