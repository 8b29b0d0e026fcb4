import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { CustomerCard } from '~/components/admin/customer-card'
import { ListPager } from '~/components/admin/list-pager'
import { ListSearch } from '~/components/admin/list-search'
import { SellerText } from '~/components/admin/seller-text'
import { buttonClass } from '~/components/ui/button'
import { useI18n } from '~/hooks/use-i18n'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
import { listCustomers } from '~/models/customers.server'
import { searchQuery } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { listAddress } from '~/utils/list-address'
import { parsePage } from '~/utils/page-number'

import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminCustomers.title'))

const listUrl = (q: string, page = 1) => listAddress('/admin/customers', { q }, page)

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const url = new URL(request.url)
	const q = searchQuery(url)
	const page = parsePage(url.searchParams.get('page'))
	const { customers, total, pageSize } = await listCustomers({ q, page })
	return {
		...adminMessages(admin.locale, 'adminCustomers'),
		q,
		page,
		customers,
		total,
		pageCount: Math.max(1, Math.ceil(total / pageSize)),
	}
}

export default function Customers({ loaderData }: Route.ComponentProps) {
	const { q, page, customers, total, pageCount } = loaderData
	const { t, rich } = useI18n()
	return (
		<AdminPage
			width="list"
			title={t('adminCustomers.title')}
			description={
				<>
					{t('adminCustomers.count', { count: total })}
					{q ? rich('adminCustomers.matching', { q: <SellerText>{q}</SellerText> }) : null}
				</>
			}
			actions={
				// A file, not a page: the router must not try to render it.
				<a href="/admin/customers/contacts.csv" download className={buttonClass('secondary')} data-testid="contacts-csv">
					{t('adminCustomers.exportContacts')}
				</a>
			}
		>
			<ListSearch
				id="customers-search"
				label={t('adminCustomers.search')}
				q={q}
				listPath="/admin/customers"
				placeholder={t('adminCustomers.searchPlaceholder')}
			/>

			{customers.length === 0 ? (
				<EmptyState>{q ? t('adminCustomers.noMatch') : t('adminCustomers.empty')}</EmptyState>
			) : (
				<ul className="space-y-4" aria-label={t('adminCustomers.title')}>
					{customers.map((customer) => (
						<li key={customer.key}>
							<CustomerCard customer={customer} />
						</li>
					))}
				</ul>
			)}

			<ListPager
				page={page}
				pageCount={pageCount}
				href={(n) => listUrl(q, n)}
				previousLabel={t('adminCustomers.newer')}
				nextLabel={t('adminCustomers.older')}
			/>
		</AdminPage>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="admin.navCustomers"
			width="list"
			failedText="admin.loadFailed"
			link={{ to: '/admin/customers', label: 'admin.tryAgain' }}
		/>
	)
}
