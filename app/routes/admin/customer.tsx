import { data, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { CustomerCard } from '~/components/admin/customer-card'
import { OrderStatusBadge } from '~/components/admin/order-status-badge'
import { SellerText } from '~/components/admin/seller-text'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { getCustomer } from '~/models/customers.server'
import { requireAdmin } from '~/services/session.server'
import { customerKeyFromSegment } from '~/utils/customer-path'
import { formatDate } from '~/utils/dates'
import { formatPaise } from '~/utils/money'

import type { Route } from './+types/customer'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminCustomers.customer'))

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const key = customerKeyFromSegment(params.key)
	const found = key === null ? null : await getCustomer(key)
	if (!found) throw data('Customer not found', { status: 404 })
	return { ...adminMessages(admin.locale, 'adminCustomers'), ...found }
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
	const { customer, orders } = loaderData
	const { t, locale } = useI18n()
	return (
		<AdminPage
			width="list"
			back={{ to: '/admin/customers', label: t('admin.backToCustomers') }}
			title={<SellerText>{customer.name}</SellerText>}
		>
			<CustomerCard customer={customer} linkToPage={false} />
			<section aria-labelledby="customer-orders" className="space-y-3">
				<h2 id="customer-orders" className="font-serif text-lg text-maroon-800">
					{t('adminCustomers.orders')}
				</h2>
				<ul className="space-y-2" aria-label={t('adminCustomers.theirOrders')}>
					{orders.map((order) => (
						<li key={order.id} data-testid="customer-order">
							<Link
								to={`/admin/orders/${order.id}`}
								className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-stone-200 bg-white px-4 py-3 shadow-sm hover:border-maroon-300"
							>
								<span className="font-semibold text-maroon-800">{t('adminCustomers.orderNumber', { id: order.id })}</span>
								<time dateTime={order.orderDate} className="text-sm text-stone-700">
									{formatDate(order.orderDate, locale)}
								</time>
								<span className="text-sm">
									{formatPaise(order.totalPaise)}
									{order.paidOn ? t('adminCustomers.paid') : null}
								</span>
								<OrderStatusBadge status={order.status} />
							</Link>
						</li>
					))}
				</ul>
			</section>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navCustomers"
			width="list"
			notFoundText="admin.customerNotFound"
			failedText="admin.loadFailed"
			link={{ to: '/admin/customers', label: 'admin.backToCustomers' }}
		/>
	)
}
