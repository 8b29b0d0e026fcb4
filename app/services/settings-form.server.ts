import { data } from 'react-router'
import type { z } from 'zod'

import { redirectWithFlash } from '~/utils/flash.server'
import { readSubmission } from '~/utils/forms.server'
import type { RequestArgs } from '~/utils/request-context.server'

import { saveRecord } from './admin-records.server'
import { requireAdmin } from './session.server'

/**
 * The action of a shop-wide settings form (one row, no files): checks the seller, reads and validates the
 * form, saves through `saveRecord` so open admin screens hear of it, and answers as every editor does — the
 * form's errors with 400, a form-level message with 500 when the write fails, otherwise a flash on `to`.
 */
export async function saveSettingsForm<Schema extends z.ZodType>({
	request,
	context,
	schema,
	save,
	to,
	savedText,
	failedText,
}: RequestArgs & {
	schema: Schema
	save: (value: z.output<Schema>) => Promise<void>
	to: string
	savedText: string
	failedText: string
}) {
	await requireAdmin({ request, context })
	const submission = await readSubmission({ request, context }, { schema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const value = submission.value
	const saved = await saveRecord({
		kind: 'settings',
		id: 1,
		update: async () => {
			await save(value)
			return []
		},
	})
	if (!saved.ok) {
		console.error(`Saving settings for ${to} failed`, saved.error)
		return data({ result: submission.reply({ formErrors: [failedText] }) }, { status: 500 })
	}
	return redirectWithFlash(request, to, { type: 'success', message: savedText })
}
