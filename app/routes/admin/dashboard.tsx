import { type ComponentType, type SVGProps } from 'react'
import { Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { AddIcon, BlogsIcon, OrdersIcon, PenIcon, ProductsIcon, RefreshIcon, ReportsIcon, SettingsIcon } from '~/components/admin/icons'
import { buttonClass } from '~/components/ui/button'
import { LIMITS } from '~/constants'
import { useLiveRefresh } from '~/hooks/use-live-refresh'
import { countCustomers } from '~/models/customers.server'
import { getDashboardStats, listMostEnquiredProducts, listRecentActivity } from '~/models/dashboard.server'
import { getSalesReport } from '~/models/reports.server'
import { requireAdmin } from '~/services/session.server'
import { indiaDate, monthOf } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import { formatRelative } from '~/utils/relative-time'

import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Dashboard')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const [stats, activity, mostEnquired, month, customers] = await Promise.all([
		getDashboardStats(),
		listRecentActivity(LIMITS.recentActivity),
		listMostEnquiredProducts({ days: 30, limit: 5 }),
		getSalesReport(monthOf(indiaDate(new Date()))),
		countCustomers(),
	])
	// Relative times are computed against the server's clock so server and browser render the same text.
	return {
		stats,
		activity,
		mostEnquired,
		month: { orders: month.orders, paidPaise: month.paidPaise, unpaidPaise: month.unpaidPaise },
		customers,
		now: new Date().toISOString(),
	}
}

type Stat = { label: string; value: number; detail: string; to: string; icon: ComponentType<SVGProps<SVGSVGElement>> }

export default function Dashboard({ loaderData }: Route.ComponentProps) {
	const { stats, activity, mostEnquired, month, customers, now } = loaderData
	const revalidator = useLiveRefresh()
	const refreshing = revalidator.state === 'loading'

	const cards: Stat[] = [
		{
			label: 'Total Products',
			value: stats.products.total,
			detail: `${stats.products.active} active, ${stats.products.draft} draft`,
			to: '/admin/products',
			icon: ProductsIcon,
		},
		{
			label: 'Out of Stock',
			value: stats.products.outOfStock,
			detail: 'Products need restocking',
			to: '/admin/products?status=out_of_stock',
			icon: ProductsIcon,
		},
		{
			label: 'Total Blogs',
			value: stats.blogs.total,
			detail: `${stats.blogs.published} published, ${stats.blogs.draft} draft`,
			to: '/admin/blogs',
			icon: BlogsIcon,
		},
		{ label: 'Total Orders', value: stats.orders.total, detail: `${stats.orders.pending} pending`, to: '/admin/orders', icon: OrdersIcon },
		{
			label: 'Orders This Month',
			value: month.orders,
			detail: `${formatPaise(month.paidPaise)} paid, ${formatPaise(month.unpaidPaise)} unpaid`,
			to: '/admin/reports',
			icon: ReportsIcon,
		},
		{ label: 'Customers', value: customers, detail: 'People who ordered', to: '/admin/customers', icon: OrdersIcon },
		{
			label: 'Draft Products',
			value: stats.products.draft,
			detail: 'Products in development',
			to: '/admin/products?status=draft',
			icon: PenIcon,
		},
	]

	return (
		<AdminPage
			width="wide"
			title="Dashboard Overview"
			description="Your shop at a glance. It updates by itself when anything changes."
			actions={
				<a
					href="/admin"
					onClick={(event) => {
						event.preventDefault()
						void revalidator.revalidate()
					}}
					className={buttonClass('secondary')}
					aria-busy={refreshing}
				>
					<RefreshIcon className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
					Refresh
				</a>
			}
		>
			<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Statistics">
				{cards.map((card) => (
					<li key={card.label}>
						<Link
							to={card.to}
							className="flex h-full flex-col gap-1 rounded-lg border border-stone-200 bg-white p-4 shadow-sm transition hover:border-maroon-700 hover:shadow"
							data-stat={card.label}
						>
							<span className="flex items-center justify-between gap-2 text-sm font-medium text-stone-600">
								{card.label}
								<card.icon className="size-5 text-maroon-700" />
							</span>
							<span className="text-3xl font-semibold text-stone-900" data-stat-value>
								{card.value}
							</span>
							<span className="text-sm text-stone-600">{card.detail}</span>
						</Link>
					</li>
				))}
			</ul>

			<div className="grid gap-4 lg:grid-cols-3">
				<Card title="Recent Activity" className="lg:col-span-2">
					{activity.length === 0 ? (
						<p className="text-stone-600">No recent activity</p>
					) : (
						<ol className="divide-y divide-stone-100">
							{activity.map((entry) => (
								<li key={`${entry.type}-${entry.id}`}>
									<Link
										to={entry.href}
										className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-stone-900 hover:bg-stone-50"
									>
										<span className="min-w-0 break-words">{entry.description}</span>
										<time dateTime={entry.timestamp} className="shrink-0 text-sm text-stone-600">
											{formatRelative(entry.timestamp, new Date(now))}
										</time>
									</Link>
								</li>
							))}
						</ol>
					)}
				</Card>

				<Card title="Quick Actions">
					<div className="grid grid-cols-2 gap-2">
						<Link to="/admin/products/new" className={buttonClass('primary', 'w-full')}>
							<AddIcon className="size-4" /> Add Product
						</Link>
						<Link to="/admin/blogs/new" className={buttonClass('secondary', 'w-full')}>
							<PenIcon className="size-4" /> Write Blog
						</Link>
						<Link to="/admin/orders" className={buttonClass('secondary', 'w-full')}>
							<OrdersIcon className="size-4" /> View Orders
						</Link>
						<Link to="/admin/settings" className={buttonClass('secondary', 'w-full')}>
							<SettingsIcon className="size-4" /> Settings
						</Link>
					</div>
				</Card>

				<Card title="Most enquired" className="lg:col-span-3">
					<p className="-mt-2 mb-3 text-sm text-stone-600">WhatsApp order clicks in the last 30 days.</p>
					{mostEnquired.length === 0 ? (
						<p className="text-stone-600">No WhatsApp enquiries in the last 30 days.</p>
					) : (
						<ol className="divide-y divide-stone-100">
							{mostEnquired.map((product) => (
								<li key={product.id}>
									<Link
										to={`/admin/products/${product.id}/edit`}
										className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 hover:bg-stone-50"
									>
										<span className="min-w-0 break-words">
											{product.name} <span className="text-sm text-stone-600">({product.code})</span>
										</span>
										<span className="text-sm font-medium text-stone-800">
											{product.enquiries} {product.enquiries === 1 ? 'enquiry' : 'enquiries'}
										</span>
									</Link>
								</li>
							))}
						</ol>
					)}
				</Card>
			</div>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Dashboard Overview"
			width="wide"
			failedText="Failed to fetch stats"
			link={{ to: '/admin', label: 'Try again' }}
		/>
	)
}
