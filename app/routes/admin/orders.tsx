import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/orders'
import { OrderCard } from '~/components/admin/order-card'
import { buttonClass } from '~/components/ui/button'
import { listOrders, updateOrderStatus } from '~/models/orders.server'
import { orderStatusSchema } from '~/schemas/order'
import { notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { requireAdmin } from '~/utils/session.server'

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Admin' }]

/** The list as the seller was looking at it (search and page kept). */
function listUrl(q: string, page = 1) {
	const params = new URLSearchParams()
	if (q) params.set('q', q)
	if (page > 1) params.set('page', String(page))
	return params.size ? `/admin/orders?${params}` : '/admin/orders'
}

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
	const pageParam = Number(url.searchParams.get('page') ?? '1')
	const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1
	const { orders, total, pageSize } = await listOrders({ q, page })
	return { q, page, orders, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
}

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const formData = await readFormData(request)
	const q = String(formData.get('q') ?? '').slice(0, 100)
	const pageNumber = Number(formData.get('page'))
	const back = listUrl(q, Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1)
	const submission = parseWithZod(formData, { schema: orderStatusSchema })
	if (submission.status !== 'success') {
		return redirectWithFlash(request, back, { type: 'error', message: 'Failed to update order' })
	}
	const { orderId, status } = submission.value
	let found: boolean
	try {
		found = await updateOrderStatus(orderId, status)
	} catch (error) {
		console.error('Updating an order status failed', error)
		found = false
	}
	if (!found) return redirectWithFlash(request, back, { type: 'error', message: 'Failed to update order' })
	notifyChange('order', 'updated', orderId)
	return redirectWithFlash(request, back, { type: 'success', message: 'Order Updated' })
}

export default function Orders({ loaderData }: Route.ComponentProps) {
	const { q, page, orders, total, pageCount } = loaderData
	const location = useLocation()
	const navigation = useNavigation()
	const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders'

	return (
		<main className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<div>
					<h1 className="font-serif text-2xl text-maroon-800 sm:text-3xl">Orders</h1>
					<p className="text-sm text-stone-600">
						{total} {total === 1 ? 'order' : 'orders'}
						{q ? ` matching “${q}”` : ''}
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					<Link to={`${location.pathname}${location.search}`} className={buttonClass('secondary')} preventScrollReset>
						Refresh
					</Link>
					<Link to="/admin/orders/new" className={buttonClass('primary')}>
						Add Order
					</Link>
				</div>
			</div>

			<Form method="get" role="search" className="flex flex-wrap items-end gap-2">
				<div className="min-w-0 flex-1">
					<label htmlFor="orders-search" className="mb-1 block text-sm font-medium text-stone-800">
						Search orders
					</label>
					<input
						id="orders-search"
						type="search"
						name="q"
						defaultValue={q}
						key={q}
						placeholder="Name, phone, email or status"
						className="block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-maroon-700 focus:ring-2 focus:ring-maroon-700/30 focus:outline-none"
					/>
				</div>
				<button type="submit" className={buttonClass('secondary')}>
					{searching ? 'Searching…' : 'Search'}
				</button>
				{q ? (
					<Link to="/admin/orders" className={buttonClass('ghost')}>
						Clear
					</Link>
				) : null}
			</Form>

			{orders.length === 0 ? (
				<p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
					{q ? 'No orders match your search criteria.' : 'No orders found. Start by adding your first order!'}
				</p>
			) : (
				<ul className="space-y-4" aria-label="Orders">
					{orders.map((order) => (
						<OrderCard key={order.id} order={order} q={q} page={page} />
					))}
				</ul>
			)}

			{pageCount > 1 ? (
				<nav aria-label="Pages" className="flex items-center justify-between gap-2">
					{page > 1 ? (
						<Link to={listUrl(q, page - 1)} className={buttonClass('secondary')}>
							Newer orders
						</Link>
					) : (
						<span />
					)}
					<span className="text-sm text-stone-600">
						Page {page} of {pageCount}
					</span>
					{page < pageCount ? (
						<Link to={listUrl(q, page + 1)} className={buttonClass('secondary')}>
							Older orders
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}
		</main>
	)
}

export function ErrorBoundary() {
	return (
		<main className="mx-auto max-w-5xl px-4 py-6">
			<h1 className="font-serif text-2xl text-maroon-800">Orders</h1>
			<p role="alert" className="mt-4 text-red-700">
				Failed to fetch orders
			</p>
			<a href="/admin/orders" className="mt-4 inline-block text-maroon-800 underline">
				Try again
			</a>
		</main>
	)
}
