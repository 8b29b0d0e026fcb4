import { catalogueCsvStream } from '~/services/catalogue-export.server'
import { requireAdmin } from '~/services/session.server'
import { indiaDate } from '~/utils/dates'

import type { Route } from './+types/products-csv'

// /admin/products/export.csv: "Export catalogue (CSV)", every saree in the columns the import reads
// back (services/catalogue-export.server.ts). The seller's whole catalogue, drafts included: never
// kept by a cache, always a download.

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	return new Response(catalogueCsvStream(), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="catalogue-${indiaDate(new Date())}.csv"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
