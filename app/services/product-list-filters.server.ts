import { PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { listCategoryNames } from '~/models/categories.server'
import { type AdminProductFilters } from '~/models/products-admin.server'
import { listAddress } from '~/utils/list-address'

import { searchQuery } from './admin-records.server'

// The admin products list's filters as its address spells them (`q`, `status`, `category`, `photo=none`).
// The bulk changes read the same fields, so "all that match" is the list the seller was looking at, and
// their way back is that list.

/** The filters of the address; a value that is not one of the choices is no filter. */
export async function readAdminProductFilters(params: URLSearchParams): Promise<AdminProductFilters & { q: string }> {
	const statusParam = params.get('status') ?? ''
	const status = (PRODUCT_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ProductStatus) : null
	const categoryParam = params.get('category') ?? ''
	const category = (await listCategoryNames()).includes(categoryParam) ? categoryParam : null
	return { q: searchQuery(params), status, category, noPhoto: params.get('photo') === 'none' }
}

/** The filters as the list's address spells them, for listAddress. */
export function adminProductFilterParams(filters: AdminProductFilters) {
	return { q: filters.q, status: filters.status, category: filters.category, photo: filters.noPhoto ? 'none' : null }
}

/** The list's address with these filters (and page). */
export function productListAddress(filters: AdminProductFilters, page = 1) {
	return listAddress('/admin/products', adminProductFilterParams(filters), page)
}
