import { data, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { SellerText } from '~/components/admin/seller-text'
import { buttonClass } from '~/components/ui/button'
import { useAdminI18n } from '~/hooks/use-admin-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { countCategoryProducts, deleteCategory, getCategoryForEdit } from '~/models/categories.server'
import { CATEGORY_MESSAGES } from '~/schemas/category'
import { deleteRecord, recordId } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { listAddress } from '~/utils/list-address'

import type { Route } from './+types/category-delete'

// A category that still holds sarees is never deleted (the database refuses too: products.category
// references it ON DELETE RESTRICT): the page says how many and links to them instead of asking.

const LIST_PATH = '/admin/settings/categories'
const NOT_FOUND = messageRef('adminCategories.notFound')

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminCategories.deleteTitle'))

async function categoryToDelete(rawId: string) {
	const category = await getCategoryForEdit(recordId(rawId, NOT_FOUND))
	if (!category) throw data(NOT_FOUND, { status: 404 })
	return { id: category.id, name: category.name, products: await countCategoryProducts(category.name) }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	return { ...adminMessages(admin.locale, 'adminCategories'), category: await categoryToDelete(params.id) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const category = await categoryToDelete(params.id)
	if (category.products > 0) return data({ refused: true }, { status: 409 })
	return deleteRecord(request, {
		kind: 'category',
		id: category.id,
		// Sarees added since the check above: the model refuses in its transaction and nothing is deleted.
		remove: async (id) => {
			const removed = await deleteCategory(id)
			return Array.isArray(removed) ? { removedMedia: removed } : null
		},
		listPath: LIST_PATH,
		messages: CATEGORY_MESSAGES,
		failureLog: 'Deleting a category failed:',
	})
}

export default function DeleteCategory({ loaderData }: Route.ComponentProps) {
	const { category } = loaderData
	const { t, rich, msg } = useAdminI18n()
	const name = <SellerText>{category.name}</SellerText>
	if (category.products > 0) {
		return (
			<AdminPage title={t('adminCategories.deleteTitle')} width="narrow">
				<div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-stone-900">
					<p className="text-lg break-words">{rich('adminCategories.cannotDelete', { name })}</p>
					<p className="mt-2 text-sm">{msg(CATEGORY_MESSAGES.notEmpty(category.products))}</p>
					<div className="mt-5 flex flex-col gap-2 sm:flex-row">
						<Link to={listAddress('/admin/products', { category: category.name })} className={buttonClass('primary')}>
							{t('adminCategories.seeSarees', { count: category.products })}
						</Link>
						<Link to={LIST_PATH} className={buttonClass('secondary')}>
							{t('adminCategories.backToList')}
						</Link>
					</div>
				</div>
			</AdminPage>
		)
	}
	return (
		<DeleteConfirmation
			title={t('adminCategories.deleteTitle')}
			question={rich('adminCategories.deleteQuestion', { name: <SellerText>{category.name}</SellerText> })}
			cancelTo={LIST_PATH}
		>
			{t('adminCategories.deleteWarning')}
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navCategories"
			width="narrow"
			notFoundText="admin.categoryNotFound"
			failedText="admin.loadFailed"
			link={{ to: LIST_PATH, label: 'admin.backToCategories' }}
		/>
	)
}
