import { data, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { buttonClass } from '~/components/ui/button'
import { countCategoryProducts, deleteCategory, getCategoryForEdit } from '~/models/categories.server'
import { CATEGORY_MESSAGES } from '~/schemas/category'
import { deleteRecord, recordId } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { listAddress } from '~/utils/list-address'

import type { Route } from './+types/category-delete'

// A category that still holds sarees is never deleted (the database refuses too: products.category
// references it ON DELETE RESTRICT): the page says how many and links to them instead of asking.

const LIST_PATH = '/admin/settings/categories'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Delete Category')

async function categoryToDelete(rawId: string) {
	const category = await getCategoryForEdit(recordId(rawId, 'Category not found'))
	if (!category) throw data('Category not found', { status: 404 })
	return { id: category.id, name: category.name, products: await countCategoryProducts(category.name) }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return { category: await categoryToDelete(params.id) }
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
	if (category.products > 0) {
		return (
			<AdminPage title="Delete Category" width="narrow">
				<div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-stone-900">
					<p className="text-lg break-words">&ldquo;{category.name}&rdquo; cannot be deleted.</p>
					<p className="mt-2 text-sm">{CATEGORY_MESSAGES.notEmpty(String(category.products))}</p>
					<div className="mt-5 flex flex-col gap-2 sm:flex-row">
						<Link to={listAddress('/admin/products', { category: category.name })} className={buttonClass('primary')}>
							See its {category.products === 1 ? 'saree' : `${category.products} sarees`}
						</Link>
						<Link to={LIST_PATH} className={buttonClass('secondary')}>
							Back to categories
						</Link>
					</div>
				</div>
			</AdminPage>
		)
	}
	return (
		<DeleteConfirmation title="Delete Category" question={`Are you sure you want to delete "${category.name}"?`} cancelTo={LIST_PATH}>
			It holds no sarees. Its picture goes with it, and its address on the shop stops working. This cannot be undone.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Delete Category"
			width="narrow"
			notFoundText="Category not found"
			failedText="Failed to load the category. Please try again."
			link={{ to: LIST_PATH, label: 'Back to categories' }}
		/>
	)
}
