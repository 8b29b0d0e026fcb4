import { data } from 'react-router'

import { adminMeta, AdminRouteError } from '~/components/admin/admin-page'
import { DeleteConfirmation } from '~/components/admin/delete-confirmation'
import { TRASH_DAYS } from '~/constants'
import { getProductNameForAdmin } from '~/models/products-admin.server'
import { PRODUCT_MESSAGES } from '~/schemas/product'
import { deleteRecord, recordId, toTrash } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/product-delete'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Delete Product')

export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const product = await getProductNameForAdmin(recordId(params.id, 'Product not found'))
	if (!product) throw data('Product not found', { status: 404 })
	return { product }
}

export async function action({ request, context, params }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	return deleteRecord(request, {
		kind: 'product',
		id: recordId(params.id, 'Product not found'),
		remove: toTrash('product'),
		listPath: '/admin/products',
		messages: PRODUCT_MESSAGES,
		failureLog: 'Deleting a product failed:',
	})
}

export default function DeleteProduct({ loaderData }: Route.ComponentProps) {
	const { product } = loaderData
	return (
		<DeleteConfirmation title="Delete Product" question={`Are you sure you want to delete "${product.name}"?`} cancelTo="/admin/products">
			Code {product.code}. Its page leaves the shop at once; the saree and its photos wait in the Trash for {TRASH_DAYS} days, where you can
			restore it, then go for good.
		</DeleteConfirmation>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Delete Product"
			width="narrow"
			notFoundText="Product not found"
			failedText="Failed to load product"
			link={{ to: '/admin/products', label: 'Back to products' }}
		/>
	)
}
