import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'
import { monthOf } from '~/utils/dates'

import { isCalendarDate } from './order'

// The days of the sales figures and the orders CSV (a GET form: /admin/reports?from=…&to=…).

export const REPORT_MESSAGES = {
	fromInvalid: messageRef('adminReports.fromInvalid'),
	toInvalid: messageRef('adminReports.toInvalid'),
	toBeforeFrom: messageRef('adminReports.toBeforeFrom'),
}

const day = (message: string) =>
	z.string({ error: message }).trim().max(10, { error: message, abort: true }).refine(isCalendarDate, { error: message })

const reportRangeSchema = z
	.object({ from: day(REPORT_MESSAGES.fromInvalid), to: day(REPORT_MESSAGES.toInvalid) })
	.refine((range) => range.from <= range.to, { error: REPORT_MESSAGES.toBeforeFrom, path: ['to'] })

export type ReportRangeRead =
	| { ok: true; range: { from: string; to: string } }
	| { ok: false; values: { from: string; to: string }; errors: { from?: string[]; to?: string[] } }

/**
 * The range asked for in `?from=…&to=…`, checked; without either, the month of `today` (yyyy-mm-dd,
 * India time). What was typed comes back with the errors, so the form shows it as it was.
 */
export function readReportRange(params: URLSearchParams, today: string): ReportRangeRead {
	const from = params.get('from')
	const to = params.get('to')
	if (from === null && to === null) return { ok: true, range: monthOf(today) }
	const values = { from: from ?? '', to: to ?? '' }
	const parsed = reportRangeSchema.safeParse(values)
	if (parsed.success) return { ok: true, range: parsed.data }
	const { fieldErrors } = z.flattenError(parsed.error)
	return { ok: false, values, errors: { from: fieldErrors.from, to: fieldErrors.to } }
}
