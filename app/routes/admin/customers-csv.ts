import { contactsCsvStream } from '~/services/contacts-csv.server'
import { requireAdmin } from '~/services/session.server'

import type { Route } from './+types/customers-csv'

// "Export contacts (CSV)": the customers with a phone, for the seller's phone's address book (services/contacts-csv.server.ts).

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return new Response(contactsCsvStream(), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': 'attachment; filename="customers.csv"',
			'Cache-Control': 'no-store',
		},
	})
}
