import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { Button, buttonClass } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useIsLoading } from '~/hooks/use-pending'
import { getSalesReport } from '~/models/reports.server'
import { readReportRange } from '~/schemas/report-range'
import { requireAdmin } from '~/services/session.server'
import { addDays, formatDate, indiaDate, monthName, monthOf } from '~/utils/dates'
import { formatPaise } from '~/utils/money'

import type { Route } from './+types/reports'

// /admin/reports: the seller's sales figures for a month (this month, India time, by default) or any
// range of days, and the orders of that range as a CSV for her accountant. The range is a GET form, so
// a report is a link she can keep, and it works without JavaScript.

const PATH = '/admin/reports'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Sales figures')

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const read = readReportRange(new URL(request.url).searchParams, indiaDate(new Date()))
	if (!read.ok) return { range: null, values: read.values, errors: read.errors, report: null, heading: '', months: null }
	const { range } = read
	// The month the range starts in: the links to the months either side, and the heading of a whole month.
	const month = monthOf(range.from)
	const before = monthOf(addDays(month.from, -1))
	const after = monthOf(addDays(month.to, 1))
	return {
		range,
		values: range,
		errors: null,
		report: await getSalesReport(range),
		heading:
			range.from === month.from && range.to === month.to ? monthName(range.from) : `${formatDate(range.from)} – ${formatDate(range.to)}`,
		months: { before: { ...before, name: monthName(before.from) }, after: { ...after, name: monthName(after.from) } },
	}
}

const rangeQuery = ({ from, to }: { from: string; to: string }) => `?${new URLSearchParams({ from, to })}`

function percent(part: number, whole: number) {
	return whole ? `${Math.round((part / whole) * 100)}%` : '–'
}

export default function Reports({ loaderData }: Route.ComponentProps) {
	const { range, values, errors, report, heading, months } = loaderData
	const loading = useIsLoading(PATH)
	return (
		<AdminPage
			width="wide"
			title="Sales figures"
			description="Orders, sarees sold and payments for a month or any range of days (India time)."
			actions={
				range ? (
					<a href={`${PATH}/orders.csv${rangeQuery(range)}`} download className={buttonClass('primary')}>
						Download orders (CSV)
					</a>
				) : null
			}
		>
			<Form
				method="get"
				action={PATH}
				aria-label="Days"
				className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-start"
			>
				<Field
					label="From"
					type="date"
					name="from"
					id="report-from"
					defaultValue={values.from}
					key={`from-${values.from}`}
					errors={errors?.from}
					className="sm:w-48"
				/>
				<Field
					label="To"
					type="date"
					name="to"
					id="report-to"
					defaultValue={values.to}
					key={`to-${values.to}`}
					errors={errors?.to}
					className="sm:w-48"
				/>
				<Button type="submit" variant="secondary" className="sm:mt-6">
					{loading ? 'Loading…' : 'Show figures'}
				</Button>
			</Form>
			{months ? (
				<nav aria-label="Months" className="flex flex-wrap gap-2">
					<Link to={rangeQuery(months.before)} className={buttonClass('ghost')}>
						← {months.before.name}
					</Link>
					<Link to={PATH} className={buttonClass('ghost')}>
						This month
					</Link>
					<Link to={rangeQuery(months.after)} className={buttonClass('ghost')}>
						{months.after.name} →
					</Link>
				</nav>
			) : null}

			{range && report ? (
				<>
					<h2 className="text-lg font-semibold text-stone-900" data-testid="report-range">
						{heading}
					</h2>
					<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Totals">
						<Figure label="Orders" value={String(report.orders)} detail={`${report.cancelled} cancelled, not counted`} />
						<Figure label="Sarees sold" value={String(report.pieces)} detail="Pieces in orders not cancelled" />
						<Figure label="Paid" value={formatPaise(report.paidPaise)} detail="Orders marked paid" />
						<Figure label="Unpaid" value={formatPaise(report.unpaidPaise)} detail="Orders not marked paid yet" />
					</ul>
					<p className="text-sm text-stone-600">
						Cancelled orders are left out of the revenue and of the sarees sold. Paid and unpaid add up the orders’ totals (with any total
						you changed by hand); the tables below add up their lines.
					</p>

					<div className="grid gap-4 lg:grid-cols-2">
						<Card title="By category">
							<FiguresTable
								caption="Sarees sold and revenue by category"
								head={['Category', 'Sarees', 'Revenue']}
								rows={report.byCategory.map((c) => ({
									key: c.category,
									cells: [c.category || 'Sarees no longer in the catalogue', String(c.pieces), formatPaise(c.revenuePaise)],
								}))}
								empty="No sarees sold in these days."
							/>
						</Card>
						<Card title="Top sarees by revenue">
							<FiguresTable
								caption="The sarees that brought the most revenue"
								head={['Saree', 'Sold', 'Revenue']}
								rows={report.topSarees.map((s) => ({
									key: `${s.productId ?? s.code}`,
									cells: [`${s.name} (${s.code})`, String(s.pieces), formatPaise(s.revenuePaise)],
								}))}
								empty="No sarees sold in these days."
							/>
						</Card>
					</div>

					<Card title="WhatsApp enquiries and orders per saree">
						<p className="-mt-2 mb-3 text-sm text-stone-600">
							Taps on “Order on WhatsApp” (one per visitor per saree per day) against the orders (not cancelled) for the same saree dated in
							these days. A tap names no one, so a saree’s orders are matched to its taps by the saree and the days, not by the person: an
							order agreed without a tap counts too.
						</p>
						<FiguresTable
							caption="Enquiries and orders per saree"
							head={['Saree', 'Taps', 'Orders', 'Became orders']}
							rows={report.enquiries.map((e) => ({
								key: String(e.productId),
								cells: [`${e.name} (${e.code})`, String(e.enquiries), String(e.orders), percent(e.orders, e.enquiries)],
							}))}
							empty="No taps and no orders in these days."
						/>
					</Card>
				</>
			) : (
				<p className="text-stone-700">Correct the days above to see the figures.</p>
			)}
		</AdminPage>
	)
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
	return (
		<li className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-figure={label}>
			<span className="text-sm font-medium text-stone-600">{label}</span>
			<span className="text-2xl font-semibold break-words text-stone-900" data-figure-value>
				{value}
			</span>
			<span className="text-sm text-stone-600">{detail}</span>
		</li>
	)
}

function FiguresTable({
	caption,
	head,
	rows,
	empty,
}: {
	caption: string
	head: string[]
	rows: Array<{ key: string; cells: string[] }>
	empty: string
}) {
	if (!rows.length) return <p className="text-stone-600">{empty}</p>
	return (
		<table className="w-full text-left text-sm" data-table={caption}>
			<caption className="sr-only">{caption}</caption>
			<thead className="border-b border-stone-200 text-xs text-stone-600">
				<tr>
					{head.map((h, i) => (
						<th key={h} scope="col" className={`py-2 font-medium ${i ? 'pl-2 text-right' : 'pr-2'}`}>
							{h}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{rows.map((row) => (
					<tr key={row.key} className="border-b border-stone-100 align-top">
						{row.cells.map((cell, i) =>
							i ? (
								<td key={i} className="py-2 pl-2 text-right whitespace-nowrap">
									{cell}
								</td>
							) : (
								<th key={i} scope="row" className="py-2 pr-2 font-normal break-words">
									{cell}
								</th>
							),
						)}
					</tr>
				))}
			</tbody>
		</table>
	)
}

export function ErrorBoundary() {
	return (
		<AdminRouteError
			title="Sales figures"
			width="wide"
			failedText="Failed to load the figures. Please try again."
			link={{ to: PATH, label: 'Try again' }}
		/>
	)
}
