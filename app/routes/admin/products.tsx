import { useEffect, useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { AddIcon } from '~/components/admin/icons'
import { ListPager } from '~/components/admin/list-pager'
import { SearchInput } from '~/components/admin/list-search'
import { ProductTable } from '~/components/admin/product-table'
import { Button, buttonClass } from '~/components/ui/button'
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '~/constants'
import { useIsLoading } from '~/hooks/use-pending'
import { listProductsForAdmin } from '~/models/products-admin.server'
import { searchQuery } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { listAddress } from '~/utils/list-address'
import { parsePage } from '~/utils/page-number'

import type { Route } from './+types/products'

export const meta: Route.MetaFunction = () => adminMeta('Products')

// The category filter matches a part of the category name, as the shop's first version did.
const CATEGORY_FILTERS = [
	{ value: 'pochampally', label: 'Pochampally' },
	{ value: 'dharmavaram', label: 'Dharmavaram' },
] as const

function readFilters(url: URL) {
	const q = searchQuery(url)
	const statusParam = url.searchParams.get('status')
	const status = (PRODUCT_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as ProductStatus) : null
	const categoryParam = url.searchParams.get('category')
	const category = CATEGORY_FILTERS.some((c) => c.value === categoryParam) ? categoryParam : null
	return { q, status, category }
}

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const url = new URL(request.url)
	const filters = readFilters(url)
	// A page past the end (a deleted product shortened the list, an edited address) shows the last one.
	const list = await listProductsForAdmin({ ...filters, page: parsePage(url.searchParams.get('page')), lastPageIfPast: true })
	const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize))
	return { products: list.products, total: list.total, filters, page: list.page, pageCount }
}

export default function Products({ loaderData }: Route.ComponentProps) {
	const { products, total, filters, page, pageCount } = loaderData
	const submit = useSubmit()
	const formRef = useRef<HTMLFormElement>(null)
	const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const loading = useIsLoading('/admin/products')
	const filtered = Boolean(filters.q || filters.status || filters.category)

	useEffect(() => () => clearTimeout(searchTimer.current), [])

	// With JS the list follows the filters as they change; without JS the Apply button does the same.
	function applySoon(delay: number) {
		clearTimeout(searchTimer.current)
		searchTimer.current = setTimeout(() => {
			if (!formRef.current) return
			// Only the filters in use go into the address, so it stays short and shareable.
			const params = new URLSearchParams()
			for (const [name, value] of new FormData(formRef.current))
				if (typeof value === 'string' && value.trim()) params.set(name, value.trim())
			void submit(params, { method: 'get', action: '/admin/products', replace: true, preventScrollReset: true })
		}, delay)
	}

	return (
		<AdminPage
			width="wide"
			title={`Products (${total})`}
			description={filtered ? 'Filtered list.' : 'Every saree in the catalogue, newest first.'}
			actions={
				<>
					<a href="/admin/products/export.csv" download className={buttonClass('secondary')}>
						Export catalogue (CSV)
					</a>
					<Link to="/admin/products/import" className={buttonClass('secondary')}>
						Import (CSV)
					</Link>
					<Link to="/admin/products/new" className={buttonClass('primary')}>
						<AddIcon className="size-4" /> Add Product
					</Link>
				</>
			}
		>
			<Form
				ref={formRef}
				method="get"
				role="search"
				aria-label="Filter products"
				className="grid gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
				onChange={(event) => applySoon((event.target as HTMLElement).tagName === 'INPUT' ? 350 : 0)}
			>
				<SearchInput id="product-search" label="Search by name or code" defaultValue={filters.q} />
				<div>
					<label htmlFor="product-status" className="mb-1 block text-sm font-medium text-stone-800">
						Status
					</label>
					<select
						id="product-status"
						name="status"
						defaultValue={filters.status ?? ''}
						className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
					>
						<option value="">All statuses</option>
						{PRODUCT_STATUSES.map((s) => (
							<option key={s} value={s}>
								{PRODUCT_STATUS_LABELS[s]}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="product-category" className="mb-1 block text-sm font-medium text-stone-800">
						Category
					</label>
					<select
						id="product-category"
						name="category"
						defaultValue={filters.category ?? ''}
						className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
					>
						<option value="">All categories</option>
						{CATEGORY_FILTERS.map((c) => (
							<option key={c.value} value={c.value}>
								{c.label}
							</option>
						))}
					</select>
				</div>
				<div className="flex items-end gap-2">
					<Button type="submit" variant="secondary" className="flex-1">
						Apply
					</Button>
					{filtered ? (
						<Link to="/admin/products" className={buttonClass('ghost', 'flex-1')}>
							Clear
						</Link>
					) : null}
				</div>
			</Form>

			<div className={loading ? 'opacity-60 transition-opacity' : ''}>
				{products.length === 0 ? (
					filtered ? (
						<EmptyState
							action={
								<Link to="/admin/products" className={buttonClass('secondary')}>
									Show all products
								</Link>
							}
						>
							No products match these filters.
						</EmptyState>
					) : (
						<EmptyState
							action={
								<Link to="/admin/products/new" className={buttonClass('primary')}>
									Add Product
								</Link>
							}
						>
							No products yet. Add your first saree!
						</EmptyState>
					)
				) : (
					<ProductTable products={products} />
				)}
			</div>
			<ListPager
				page={page}
				pageCount={pageCount}
				href={(n) => listAddress('/admin/products', filters, n)}
				previousLabel="Newer products"
				nextLabel="Older products"
			/>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Products"
			width="wide"
			failedText="Failed to load products"
			link={{ to: '/admin/products', label: 'Try again' }}
		/>
	)
}
