import { serverTranslator } from '~/i18n/messages.server'
import { readReportRange } from '~/schemas/report-range'
import { ordersCsvName, ordersCsvStream } from '~/services/orders-csv.server'
import { requireAdmin } from '~/services/session.server'
import { indiaDate } from '~/utils/dates'

import type { Route } from './+types/reports-csv'

// /admin/reports/orders.csv?from=…&to=…: the orders of the range, one row per line, for the accountant.
// Personal data: never kept by a cache, always a download.

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const read = readReportRange(new URL(request.url).searchParams, indiaDate(new Date()))
	if (!read.ok) {
		const { msg } = serverTranslator(admin.locale, 'adminReports')
		const problems = [...(read.errors.from ?? []), ...(read.errors.to ?? [])].map(msg)
		return new Response(`${problems.join('\n')}\n`, { status: 400, headers: { ...PRIVATE, 'Content-Type': 'text/plain; charset=utf-8' } })
	}
	return new Response(ordersCsvStream(read.range), {
		headers: {
			...PRIVATE,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${ordersCsvName(read.range)}"`,
		},
	})
}
