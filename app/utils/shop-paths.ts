import type { BlogStatus, ProductStatus } from '~/constants'

// Where the admin's "View in shop" goes. A draft has no public page: its preview, which only the
// signed-in seller can open, lives at an address of its own (docs/decisions/0041), so no cache that
// keeps the public page by its address can ever answer one with the other.

function productPreviewPath(id: number) {
	return `/product/${id}/preview`
}

function blogPreviewPath(id: number) {
	return `/blog/${id}/preview`
}

/** A saree's page in the shop, or its preview while it is a draft. */
export function productShopPath({ id, status }: { id: number; status: ProductStatus }) {
	return status === 'draft' ? productPreviewPath(id) : `/product/${id}`
}

/** A post's page in the shop, or its preview while it is a draft. */
export function blogShopPath({ id, slug, status }: { id: number; slug: string; status: BlogStatus }) {
	return status === 'draft' ? blogPreviewPath(id) : `/blog/${encodeURIComponent(slug)}`
}
