import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/product-delete'
import { AdminRouteError } from '~/components/admin/route-error'
import { PageHeader } from '~/components/admin/page-header'
import { Button, buttonClass } from '~/components/ui/button'
import { deleteProduct, getProductNameForAdmin } from '~/models/products.server'
import { productMessages } from '~/schemas/product'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { requireAdmin } from '~/utils/session.server'
import { deleteMedia } from '~/utils/storage.server'

// A confirmation page rather than a browser dialog, so deleting works (and asks) without JS too.

export const meta: Route.MetaFunction = () => [{ title: 'Delete Product | Admin' }]

function productId(raw: string) {
	const id = Number(raw)
	if (!Number.isSafeInteger(id) || id <= 0) throw data('Product not found', { status: 404 })
	return id
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const product = await getProductNameForAdmin(productId(params.id))
	if (!product) throw data('Product not found', { status: 404 })
	return { product }
}

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const id = productId(params.id)
	let keys: string[] | null
	try {
		keys = await deleteProduct(id)
	} catch (error) {
		console.error('Deleting a product failed:', error)
		return redirectWithFlash(request, '/admin/products', { type: 'error', message: productMessages.deleteFailed })
	}
	if (keys === null) {
		return redirectWithFlash(request, '/admin/products', { type: 'error', message: productMessages.deleteFailed })
	}
	// The row is gone (committed): now its files can go.
	await deleteMedia(keys)
	notifyChange('product', 'deleted', id)
	return redirectWithFlash(request, '/admin/products', { type: 'success', message: productMessages.deleted })
}

export default function DeleteProduct({ loaderData }: Route.ComponentProps) {
	const { product } = loaderData
	const deleting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-xl">
			<PageHeader title="Delete Product" />
			<Form method="post" className="rounded-lg border border-red-200 bg-white p-5 shadow-sm">
				<p className="text-lg text-stone-900">Are you sure you want to delete "{product.name}"?</p>
				<p className="mt-2 text-sm text-stone-600">
					Code {product.code}. Its page and photos are removed from the shop. This cannot be undone.
				</p>
				<div className="mt-5 flex flex-col gap-2 sm:flex-row">
					<Button type="submit" variant="danger" disabled={deleting}>
						{deleting ? 'Deleting…' : 'Delete'}
					</Button>
					<Link to="/admin/products" className={buttonClass('secondary')}>
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
			title="Delete Product"
			notFoundText="Product not found"
			failedText="Failed to load product"
			backTo="/admin/products"
			backLabel="Back to products"
			width="max-w-xl"
		/>
	)
}
