import { listCustomersWithPhones } from '~/models/customers.server'
import { requireAdmin } from '~/services/session.server'
import { CSV_LINE_END, csvRow } from '~/utils/csv'

import type { Route } from './+types/customers-csv'

// "Export contacts (CSV)": the customers with a phone, for the seller's phone's address book. Name,
// phone and city, quoted and formula-guarded like every CSV the shop writes.

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const customers = await listCustomersWithPhones()
	const lines = [csvRow(['Name', 'Phone', 'City']), ...customers.map((c) => csvRow([c.name, c.key, c.city]))]
	return new Response(lines.join(CSV_LINE_END) + CSV_LINE_END, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': 'attachment; filename="customers.csv"',
			'Cache-Control': 'no-store',
		},
	})
}
