import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useLocation } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { ListPager } from '~/components/admin/list-pager'
import { ListSearch } from '~/components/admin/list-search'
import { OrderCard } from '~/components/admin/order-card'
import { SellerText } from '~/components/admin/seller-text'
import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listOrders, updateOrderStatus } from '~/models/orders.server'
import { ORDER_MESSAGES, orderStatusSchema } from '~/schemas/order'
import { RecordNotFoundError, saveRecord, searchQuery } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { readFormData } from '~/utils/forms.server'
import { listAddress } from '~/utils/list-address'
import { parsePage } from '~/utils/page-number'

import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminOrders.title'))

/** The list as the seller was looking at it (search and page kept). */
const listUrl = (q: string, page = 1) => listAddress('/admin/orders', { q }, page)

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const url = new URL(request.url)
	const q = searchQuery(url)
	const page = parsePage(url.searchParams.get('page'))
	const { orders, total, pageSize } = await listOrders({ q, page })
	return {
		...adminMessages(admin.locale, 'adminOrders', 'adminReceipt'),
		q,
		page,
		orders,
		total,
		pageCount: Math.max(1, Math.ceil(total / pageSize)),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAdmin({ request, context })
	const formData = await readFormData({ request, context }, { schema: orderStatusSchema })
	const q = String(formData.get('q') ?? '').slice(0, 100)
	const back = listUrl(q, parsePage(formData.get('page')))
	const submission = parseWithZod(formData, { schema: orderStatusSchema })
	if (submission.status !== 'success') {
		return redirectWithFlash(request, back, { type: 'error', message: ORDER_MESSAGES.updateFailed })
	}
	const { orderId, status } = submission.value
	const saved = await saveRecord({
		kind: 'order',
		id: orderId,
		update: async (id) => ((await updateOrderStatus(id, status)) ? [] : null),
	})
	if (!saved.ok) {
		if (!(saved.error instanceof RecordNotFoundError)) console.error('Updating an order status failed', saved.error)
		return redirectWithFlash(request, back, { type: 'error', message: ORDER_MESSAGES.updateFailed })
	}
	return redirectWithFlash(request, back, { type: 'success', message: ORDER_MESSAGES.updated })
}

export default function Orders({ loaderData }: Route.ComponentProps) {
	const { q, page, orders, total, pageCount } = loaderData
	const location = useLocation()
	const { t, rich } = useI18n()

	return (
		<AdminPage
			width="list"
			title={t('adminOrders.title')}
			description={
				<>
					{t('adminOrders.count', { count: total })}
					{q ? rich('adminOrders.matching', { q: <SellerText>{q}</SellerText> }) : null}
				</>
			}
			actions={
				<>
					<Link to={`${location.pathname}${location.search}`} className={buttonClass('secondary')} preventScrollReset>
						{t('adminOrders.refresh')}
					</Link>
					<Link to="/admin/orders/new" className={buttonClass('primary')}>
						{t('adminOrders.add')}
					</Link>
				</>
			}
		>
			<ListSearch
				id="orders-search"
				label={t('adminOrders.search')}
				q={q}
				listPath="/admin/orders"
				placeholder={t('adminOrders.searchPlaceholder')}
			/>

			{orders.length === 0 ? (
				<EmptyState>{q ? t('adminOrders.noMatch') : t('adminOrders.empty')}</EmptyState>
			) : (
				<ul className="space-y-4" aria-label={t('adminOrders.title')}>
					{orders.map((order) => (
						<OrderCard key={order.id} order={order} q={q} page={page} />
					))}
				</ul>
			)}

			<ListPager
				page={page}
				pageCount={pageCount}
				href={(n) => listUrl(q, n)}
				previousLabel={t('adminOrders.newer')}
				nextLabel={t('adminOrders.older')}
			/>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navOrders"
			width="list"
			failedText="admin.ordersLoadFailed"
			link={{ to: '/admin/orders', label: 'admin.tryAgain' }}
		/>
	)
}
