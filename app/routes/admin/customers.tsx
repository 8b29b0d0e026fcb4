import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { EmptyState } from '~/components/admin/card'
import { CustomerCard } from '~/components/admin/customer-card'
import { ListPager } from '~/components/admin/list-pager'
import { ListSearch } from '~/components/admin/list-search'
import { buttonClass } from '~/components/ui/button'
import { listCustomers } from '~/models/customers.server'
import { searchQuery } from '~/services/admin-records.server'
import { requireAdmin } from '~/services/session.server'
import { listAddress } from '~/utils/list-address'
import { parsePage } from '~/utils/page-number'

import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Customers')

const listUrl = (q: string, page = 1) => listAddress('/admin/customers', { q }, page)

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const url = new URL(request.url)
	const q = searchQuery(url)
	const page = parsePage(url.searchParams.get('page'))
	const { customers, total, pageSize } = await listCustomers({ q, page })
	return { q, page, customers, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
}

export default function Customers({ loaderData }: Route.ComponentProps) {
	const { q, page, customers, total, pageCount } = loaderData
	return (
		<AdminPage
			width="list"
			title="Customers"
			description={
				<>
					{total} {total === 1 ? 'customer' : 'customers'}
					{q ? ` matching “${q}”` : ''}
				</>
			}
			actions={
				// A file, not a page: the router must not try to render it.
				<a href="/admin/customers/contacts.csv" download className={buttonClass('secondary')} data-testid="contacts-csv">
					Export contacts (CSV)
				</a>
			}
		>
			<ListSearch id="customers-search" label="Search customers" q={q} listPath="/admin/customers" placeholder="Name or phone" />

			{customers.length === 0 ? (
				<EmptyState>{q ? 'No customers match your search.' : 'No customers yet: they appear here with their first order.'}</EmptyState>
			) : (
				<ul className="space-y-4" aria-label="Customers">
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
				previousLabel="More recent customers"
				nextLabel="Earlier customers"
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
