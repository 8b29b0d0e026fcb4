import { Form, Link } from 'react-router'

import { adminMeta, AdminPage, AdminRouteError } from '~/components/admin/admin-page'
import { Card } from '~/components/admin/card'
import { Button, buttonClass } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useI18n } from '~/hooks/use-i18n'
import { useIsLoading } from '~/hooks/use-pending'
import { messageRef } from '~/i18n/message-ref'
import { adminMessages } from '~/i18n/messages.server'
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

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, messageRef('adminReports.title'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const { locale } = admin
	const messages = adminMessages(locale, 'adminReports')
	const read = readReportRange(new URL(request.url).searchParams, indiaDate(new Date()))
	if (!read.ok) return { ...messages, range: null, values: read.values, errors: read.errors, report: null, heading: '', months: null }
	const { range } = read
	// The month the range starts in: the links to the months either side, and the heading of a whole month.
	const month = monthOf(range.from)
	const before = monthOf(addDays(month.from, -1))
	const after = monthOf(addDays(month.to, 1))
	return {
		...messages,
		range,
		values: range,
		errors: null,
		report: await getSalesReport(range),
		heading:
			range.from === month.from && range.to === month.to
				? monthName(range.from, locale)
				: `${formatDate(range.from, locale)} – ${formatDate(range.to, locale)}`,
		months: { before: { ...before, name: monthName(before.from, locale) }, after: { ...after, name: monthName(after.from, locale) } },
	}
}

const rangeQuery = ({ from, to }: { from: string; to: string }) => `?${new URLSearchParams({ from, to })}`

function percent(part: number, whole: number) {
	return whole ? `${Math.round((part / whole) * 100)}%` : '–'
}

export default function Reports({ loaderData }: Route.ComponentProps) {
	const { range, values, errors, report, heading, months } = loaderData
	const loading = useIsLoading(PATH)
	const { t } = useI18n()
	return (
		<AdminPage
			width="wide"
			title={t('adminReports.title')}
			description={t('adminReports.description')}
			actions={
				range ? (
					<a href={`${PATH}/orders.csv${rangeQuery(range)}`} download className={buttonClass('primary')}>
						{t('adminReports.downloadCsv')}
					</a>
				) : null
			}
		>
			<Form
				method="get"
				action={PATH}
				aria-label={t('adminReports.days')}
				className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-start"
			>
				<Field
					label={t('adminReports.from')}
					type="date"
					name="from"
					id="report-from"
					defaultValue={values.from}
					key={`from-${values.from}`}
					errors={errors?.from}
					className="sm:w-48"
				/>
				<Field
					label={t('adminReports.to')}
					type="date"
					name="to"
					id="report-to"
					defaultValue={values.to}
					key={`to-${values.to}`}
					errors={errors?.to}
					className="sm:w-48"
				/>
				<Button type="submit" variant="secondary" className="sm:mt-6">
					{loading ? t('adminReports.loading') : t('adminReports.show')}
				</Button>
			</Form>
			{months ? (
				<nav aria-label={t('adminReports.months')} className="flex flex-wrap gap-2">
					<Link to={rangeQuery(months.before)} className={buttonClass('ghost')}>
						← {months.before.name}
					</Link>
					<Link to={PATH} className={buttonClass('ghost')}>
						{t('adminReports.thisMonth')}
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
					<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('adminReports.totals')}>
						<Figure
							label={t('adminReports.orders')}
							value={String(report.orders)}
							detail={t('adminReports.cancelledDetail', { count: report.cancelled })}
						/>
						<Figure label={t('adminReports.sareesSold')} value={String(report.pieces)} detail={t('adminReports.sareesSoldDetail')} />
						<Figure label={t('adminReports.paid')} value={formatPaise(report.paidPaise)} detail={t('adminReports.paidDetail')} />
						<Figure label={t('adminReports.unpaid')} value={formatPaise(report.unpaidPaise)} detail={t('adminReports.unpaidDetail')} />
					</ul>
					<p className="text-sm text-stone-600">{t('adminReports.note')}</p>

					<div className="grid gap-4 lg:grid-cols-2">
						<Card title={t('adminReports.byCategory')}>
							<FiguresTable
								caption={t('adminReports.byCategoryCaption')}
								head={[t('adminReports.category'), t('adminReports.sarees'), t('adminReports.revenue')]}
								rows={report.byCategory.map((c) => ({
									key: c.category,
									cells: [c.category || t('adminReports.noLongerListed'), String(c.pieces), formatPaise(c.revenuePaise)],
									sellerText: Boolean(c.category),
								}))}
								empty={t('adminReports.noneSold')}
							/>
						</Card>
						<Card title={t('adminReports.topSarees')}>
							<FiguresTable
								caption={t('adminReports.topSareesCaption')}
								head={[t('adminReports.saree'), t('adminReports.sold'), t('adminReports.revenue')]}
								rows={report.topSarees.map((s) => ({
									key: `${s.productId ?? s.code}`,
									cells: [`${s.name} (${s.code})`, String(s.pieces), formatPaise(s.revenuePaise)],
									sellerText: true,
								}))}
								empty={t('adminReports.noneSold')}
							/>
						</Card>
					</div>

					<Card title={t('adminReports.enquiries')}>
						<p className="-mt-2 mb-3 text-sm text-stone-600">{t('adminReports.enquiriesNote')}</p>
						<FiguresTable
							caption={t('adminReports.enquiriesCaption')}
							head={[t('adminReports.saree'), t('adminReports.taps'), t('adminReports.orders'), t('adminReports.becameOrders')]}
							rows={report.enquiries.map((e) => ({
								key: String(e.productId),
								cells: [`${e.name} (${e.code})`, String(e.enquiries), String(e.orders), percent(e.orders, e.enquiries)],
								sellerText: true,
							}))}
							empty={t('adminReports.noTaps')}
						/>
					</Card>
				</>
			) : (
				<p className="text-stone-700">{t('adminReports.correctDays')}</p>
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
	/** `sellerText`: the row's first cell is the seller's own words (a saree's name, a category's). */
	rows: Array<{ key: string; cells: string[]; sellerText?: boolean }>
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
								<th key={i} scope="row" className="py-2 pr-2 font-normal break-words" data-seller-text={row.sellerText || undefined}>
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
		<AdminRouteError title="admin.navReports" width="wide" failedText="admin.loadFailed" link={{ to: PATH, label: 'admin.tryAgain' }} />
	)
}
