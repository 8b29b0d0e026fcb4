import { type ComponentType, type SVGProps } from 'react'
import { Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { AddIcon, BlogsIcon, OrdersIcon, PenIcon, ProductsIcon, RefreshIcon, ReportsIcon, SettingsIcon } from '~/components/admin/icons'
import { ORDER_STATUS_KEYS } from '~/components/admin/order-status-badge'
import { SellerText } from '~/components/admin/seller-text'
import { buttonClass } from '~/components/ui/button'
import { LIMITS, type OrderStatus } from '~/constants'
import { useI18n } from '~/hooks/use-i18n'
import { useLiveRefresh } from '~/hooks/use-live-refresh'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { countCustomers } from '~/models/customers.server'
import { type ActivityEntry, getDashboardStats, listMostEnquiredProducts, listRecentActivity } from '~/models/dashboard.server'
import { getSalesReport } from '~/models/reports.server'
import { requireAdmin } from '~/services/session.server'
import { indiaDate, monthOf } from '~/utils/dates'
import { formatPaise } from '~/utils/money'
import { formatRelative } from '~/utils/relative-time'

import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminDashboard.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const [stats, activity, mostEnquired, month, customers] = await Promise.all([
		getDashboardStats(),
		listRecentActivity(LIMITS.recentActivity),
		listMostEnquiredProducts({ days: 30, limit: 5 }),
		getSalesReport(monthOf(indiaDate(new Date()))),
		countCustomers(),
	])
	// Relative times are computed against the server's clock so server and browser render the same text.
	return {
		...adminMessages(admin.locale, 'adminDashboard'),
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
	const { t, locale } = useI18n()
	const revalidator = useLiveRefresh()
	const refreshing = revalidator.state === 'loading'

	const cards: Stat[] = [
		{
			label: t('adminDashboard.totalProducts'),
			value: stats.products.total,
			detail: t('adminDashboard.productsDetail', { active: stats.products.active, draft: stats.products.draft }),
			to: '/admin/products',
			icon: ProductsIcon,
		},
		{
			label: t('adminDashboard.outOfStock'),
			value: stats.products.outOfStock,
			detail: t('adminDashboard.outOfStockDetail'),
			to: '/admin/products?status=out_of_stock',
			icon: ProductsIcon,
		},
		{
			label: t('adminDashboard.totalBlogs'),
			value: stats.blogs.total,
			detail: t('adminDashboard.blogsDetail', { published: stats.blogs.published, draft: stats.blogs.draft }),
			to: '/admin/blogs',
			icon: BlogsIcon,
		},
		{
			label: t('adminDashboard.totalOrders'),
			value: stats.orders.total,
			detail: t('adminDashboard.ordersDetail', { pending: stats.orders.pending }),
			to: '/admin/orders',
			icon: OrdersIcon,
		},
		{
			label: t('adminDashboard.ordersThisMonth'),
			value: month.orders,
			detail: t('adminDashboard.monthDetail', { paid: formatPaise(month.paidPaise), unpaid: formatPaise(month.unpaidPaise) }),
			to: '/admin/reports',
			icon: ReportsIcon,
		},
		{
			label: t('adminDashboard.customers'),
			value: customers,
			detail: t('adminDashboard.customersDetail'),
			to: '/admin/customers',
			icon: OrdersIcon,
		},
		{
			label: t('adminDashboard.draftProducts'),
			value: stats.products.draft,
			detail: t('adminDashboard.draftDetail'),
			to: '/admin/products?status=draft',
			icon: PenIcon,
		},
	]

	return (
		<AdminPage
			width="wide"
			title={t('adminDashboard.heading')}
			description={t('adminDashboard.description')}
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
					{t('adminDashboard.refresh')}
				</a>
			}
		>
			<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('adminDashboard.statistics')}>
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
				<Card title={t('adminDashboard.recentActivity')} className="lg:col-span-2">
					{activity.length === 0 ? (
						<p className="text-stone-600">{t('adminDashboard.noActivity')}</p>
					) : (
						<ol className="divide-y divide-stone-100">
							{activity.map((entry) => (
								<li key={`${entry.type}-${entry.id}`}>
									<Link
										to={entry.href}
										className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-stone-900 hover:bg-stone-50"
									>
										<span className="min-w-0 break-words">
											<ActivityText entry={entry} />
										</span>
										<time dateTime={entry.timestamp} className="shrink-0 text-sm text-stone-600">
											{formatRelative(entry.timestamp, new Date(now), locale)}
										</time>
									</Link>
								</li>
							))}
						</ol>
					)}
				</Card>

				<Card title={t('adminDashboard.quickActions')}>
					<div className="grid grid-cols-2 gap-2">
						<Link to="/admin/products/new" className={buttonClass('primary', 'w-full')}>
							<AddIcon className="size-4" /> {t('adminDashboard.addProduct')}
						</Link>
						<Link to="/admin/blogs/new" className={buttonClass('secondary', 'w-full')}>
							<PenIcon className="size-4" /> {t('adminDashboard.writeBlog')}
						</Link>
						<Link to="/admin/orders" className={buttonClass('secondary', 'w-full')}>
							<OrdersIcon className="size-4" /> {t('adminDashboard.viewOrders')}
						</Link>
						<Link to="/admin/settings" className={buttonClass('secondary', 'w-full')}>
							<SettingsIcon className="size-4" /> {t('adminDashboard.settings')}
						</Link>
					</div>
				</Card>

				<Card title={t('adminDashboard.mostEnquired')} className="lg:col-span-3">
					<p className="-mt-2 mb-3 text-sm text-stone-600">{t('adminDashboard.mostEnquiredHint')}</p>
					{mostEnquired.length === 0 ? (
						<p className="text-stone-600">{t('adminDashboard.noEnquiries')}</p>
					) : (
						<ol className="divide-y divide-stone-100">
							{mostEnquired.map((product) => (
								<li key={product.id}>
									<Link
										to={`/admin/products/${product.id}/edit`}
										className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 hover:bg-stone-50"
									>
										<span className="min-w-0 break-words">
											<SellerText>{product.name}</SellerText>{' '}
											<span className="text-sm text-stone-600" data-seller-text>
												({product.code})
											</span>
										</span>
										<span className="text-sm font-medium text-stone-800">
											{t('adminDashboard.enquiries', { count: product.enquiries })}
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

const DASHBOARD_PATH = '/admin'

const ACTIVITY_KEYS = {
	product: { created: 'adminDashboard.productCreated', updated: 'adminDashboard.productUpdated' },
	blog: { created: 'adminDashboard.blogCreated', updated: 'adminDashboard.blogUpdated' },
	order: { created: 'adminDashboard.orderCreated', updated: 'adminDashboard.orderUpdated' },
} as const

/** "Product "Kanchi Red" updated": the words in the admin's language, the name as the seller typed it. */
function ActivityText({ entry }: { entry: ActivityEntry }) {
	const { t, rich } = useI18n()
	const status = entry.status && entry.status in ORDER_STATUS_KEYS ? t(ORDER_STATUS_KEYS[entry.status as OrderStatus]) : ''
	return <>{rich(ACTIVITY_KEYS[entry.type][entry.action], { name: <SellerText>{entry.name}</SellerText>, status })}</>
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navDashboard"
			width="wide"
			failedText="admin.statsLoadFailed"
			link={{ to: DASHBOARD_PATH, label: 'admin.tryAgain' }}
		/>
	)
}
