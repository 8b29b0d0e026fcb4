import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Form, Link, useSubmit } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { AddIcon } from '~/components/admin/icons'
import { ListPager } from '~/components/admin/list-pager'
import { SearchInput } from '~/components/admin/list-search'
import { ProductTable } from '~/components/admin/product-table'
import { STATUS_KEYS } from '~/components/admin/status-badge'
import { Button, buttonClass } from '~/components/ui/button'
import { PRODUCT_STATUSES } from '~/constants'
import { useHydrated } from '~/hooks/use-hydrated'
import { useI18n } from '~/hooks/use-i18n'
import { useIsLoading } from '~/hooks/use-pending'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listCategoryNames } from '~/models/categories.server'
import { listProductsForAdmin } from '~/models/products-admin.server'
import { BULK_CHANGE_KEYS, BULK_CHANGES } from '~/schemas/product-bulk'
import { adminProductFilterParams, readAdminProductFilters } from '~/services/product-list-filters.server'
import { requireAdmin } from '~/services/session.server'
import { listAddress } from '~/utils/list-address'
import { parsePage } from '~/utils/page-number'

import type { Route } from './+types/products'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminProducts.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const url = new URL(request.url)
	const filters = await readAdminProductFilters(url.searchParams)
	// A page past the end (a deleted product shortened the list, an edited address) shows the last one.
	const list = await listProductsForAdmin({ ...filters, page: parsePage(url.searchParams.get('page')), lastPageIfPast: true })
	const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize))
	return {
		// The bulk bar names each change as the confirm page does.
		...adminMessages(admin.locale, 'adminProducts', 'adminBulk'),
		products: list.products,
		total: list.total,
		filters: adminProductFilterParams(filters),
		categories: await listCategoryNames(),
		page: list.page,
		pageCount,
		// "Select all on this page" without JavaScript: the same page with every box ticked.
		allTicked: url.searchParams.get('select') === 'page',
	}
}

export default function Products({ loaderData }: Route.ComponentProps) {
	const { products, total, filters, categories, page, pageCount, allTicked } = loaderData
	const { t } = useI18n()
	const submit = useSubmit()
	const formRef = useRef<HTMLFormElement>(null)
	const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const loading = useIsLoading('/admin/products')
	const filtered = Boolean(filters.q || filters.status || filters.category || filters.photo)

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
			title={t('adminProducts.titleCount', { count: total })}
			description={filtered ? t('adminProducts.descriptionFiltered') : t('adminProducts.descriptionAll')}
			actions={
				<>
					<a href="/admin/products/export.csv" download className={buttonClass('secondary')}>
						{t('adminProducts.exportCsv')}
					</a>
					<Link to="/admin/products/import" className={buttonClass('secondary')}>
						{t('adminProducts.importCsv')}
					</Link>
					<Link to="/admin/products/new" className={buttonClass('primary')}>
						<AddIcon className="size-4" /> {t('adminProducts.addProduct')}
					</Link>
				</>
			}
		>
			<Form
				ref={formRef}
				method="get"
				role="search"
				aria-label={t('adminProducts.filterLabel')}
				className="grid gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto_auto]"
				onChange={(event) => {
					applySoon(typingDelay(event.target as HTMLElement))
				}}
			>
				<SearchInput id="product-search" label={t('adminProducts.searchLabel')} defaultValue={filters.q ?? ''} />
				<div>
					<label htmlFor="product-status" className="mb-1 block text-sm font-medium text-stone-800">
						{t('adminProducts.statusLabel')}
					</label>
					<select
						id="product-status"
						name="status"
						defaultValue={filters.status ?? ''}
						className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
					>
						<option value="">{t('adminProducts.allStatuses')}</option>
						{PRODUCT_STATUSES.map((s) => (
							<option key={s} value={s}>
								{t(STATUS_KEYS[s])}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="product-category" className="mb-1 block text-sm font-medium text-stone-800">
						{t('adminProducts.categoryLabel')}
					</label>
					<select
						id="product-category"
						name="category"
						defaultValue={filters.category ?? ''}
						className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
					>
						<option value="">{t('adminProducts.allCategories')}</option>
						{categories.map((c) => (
							<option key={c} value={c} data-seller-text>
								{c}
							</option>
						))}
					</select>
				</div>
				<label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-stone-800">
					<input type="checkbox" name="photo" value="none" defaultChecked={Boolean(filters.photo)} className="size-6 accent-maroon-800" />
					{t('adminProducts.noPhoto')}
				</label>
				<div className="flex items-end gap-2">
					<Button type="submit" variant="secondary" className="flex-1">
						{t('adminProducts.apply')}
					</Button>
					{filtered ? (
						<Link to="/admin/products" className={buttonClass('ghost', 'flex-1')}>
							{t('adminProducts.clear')}
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
									{t('adminProducts.showAll')}
								</Link>
							}
						>
							{t('adminProducts.noMatch')}
						</EmptyState>
					) : (
						<EmptyState
							action={
								<Link to="/admin/products/new" className={buttonClass('primary')}>
									{t('adminProducts.addProduct')}
								</Link>
							}
						>
							{t('adminProducts.empty')}
						</EmptyState>
					)
				) : (
					<BulkSelection
						key={`${page}-${allTicked}-${products.map((p) => p.id).join(',')}`}
						filters={filters}
						page={page}
						total={total}
						allTicked={allTicked}
						count={products.length}
					>
						<ProductTable products={products} select={{ form: BULK_FORM, checked: allTicked }} />
					</BulkSelection>
				)}
			</div>
			<ListPager
				page={page}
				pageCount={pageCount}
				href={(n) => listAddress('/admin/products', filters, n)}
				previousLabel={t('adminProducts.newer')}
				nextLabel={t('adminProducts.older')}
			/>
		</AdminPage>
	)
}

const BULK_FORM = 'bulk-products'
const PRODUCTS = '/admin/products'

/** Typing in a text box waits a moment before the list follows; a choice or a tick applies at once. */
function typingDelay(target: HTMLElement) {
	return target instanceof HTMLInputElement && target.type !== 'checkbox' ? 350 : 0
}

/**
 * The list's tick boxes and the bar that sends them to the confirm page (/admin/products/bulk) with the
 * change chosen: the ticked sarees, or all that match the filters (which go along). Without JavaScript
 * "Select all on this page" reloads the page with every box ticked; with it, it ticks them in place and
 * the bar counts the ticks.
 */
function BulkSelection({
	filters,
	page,
	total,
	allTicked,
	count,
	children,
}: {
	filters: Record<string, string | null | undefined>
	page: number
	total: number
	allTicked: boolean
	count: number
	children: ReactNode
}) {
	const { t } = useI18n()
	const hydrated = useHydrated()
	const boxes = useRef<HTMLDivElement>(null)
	const [ticked, setTicked] = useState(allTicked ? count : 0)
	const tickBoxes = () => [...(boxes.current?.querySelectorAll<HTMLInputElement>(`input[name="id"][form="${BULK_FORM}"]`) ?? [])]
	const countTicks = () => setTicked(tickBoxes().filter((box) => box.checked).length)
	const filled = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))

	return (
		<div className="space-y-3">
			<div className="flex flex-wrap items-center gap-2">
				{hydrated ? (
					<label className="flex min-h-11 items-center gap-2 text-sm font-medium text-stone-800">
						<input
							type="checkbox"
							checked={ticked === count}
							onChange={(event) => {
								for (const box of tickBoxes()) box.checked = event.target.checked
								countTicks()
							}}
							className="size-6 accent-maroon-800"
						/>
						{t('adminProducts.selectAllPage')}
					</label>
				) : (
					<Link
						to={listAddress('/admin/products', { ...filters, select: allTicked ? null : 'page' }, page)}
						className={buttonClass('ghost', 'underline')}
					>
						{allTicked ? t('adminProducts.untickAllPage') : t('adminProducts.selectAllPage')}
					</Link>
				)}
			</div>
			<div ref={boxes} onChange={countTicks}>
				{children}
			</div>
			<Form
				id={BULK_FORM}
				method="get"
				action="/admin/products/bulk"
				aria-label={t('adminProducts.bulkFormLabel')}
				className="sticky bottom-0 z-10 flex flex-wrap items-end gap-2 rounded-lg border border-stone-300 bg-white p-3 shadow-md"
			>
				{filled.map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				<div className="min-w-0 flex-1 basis-48">
					<label htmlFor="bulk-change" className="mb-1 block text-sm font-medium text-stone-800">
						{t('adminProducts.bulkChange')}{' '}
						{hydrated ? <span aria-live="polite">{t('adminProducts.bulkSelected', { count: ticked })}</span> : null}
					</label>
					<select
						id="bulk-change"
						name="change"
						className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
					>
						{BULK_CHANGES.map((change) => (
							<option key={change} value={change}>
								{t(BULK_CHANGE_KEYS[change])}
							</option>
						))}
					</select>
				</div>
				<Button type="submit" name="scope" value="selected" className="flex-1 sm:flex-none">
					{t('adminProducts.changeSelected')}
				</Button>
				<Button type="submit" name="scope" value="all" variant="secondary" className="flex-1 sm:flex-none">
					{t('adminProducts.changeAll', { count: total })}
				</Button>
			</Form>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navProducts"
			width="wide"
			failedText="admin.productsLoadFailed"
			link={{ to: PRODUCTS, label: 'admin.tryAgain' }}
		/>
	)
}
