import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'
import { gstinProblem, normaliseGstin } from '~/utils/gstin'

import { text } from './fields'

// Settings → GST: the shop's optional GSTIN (messages are refs, shown in the reader's language). The HSN code each category's sarees are invoiced under is
// the category's (Settings → Categories, schemas/category.ts).

export const TAX_SETTINGS_MESSAGES = {
	gstinInvalid: messageRef('adminSettings.gstinInvalid'),
	gstinCheck: messageRef('adminSettings.gstinCheck'),
	hsnInvalid: 'Enter the HSN code as 4, 6 or 8 digits, like 5007.',
	saved: messageRef('adminSettings.gstSaved'),
	saveFailed: messageRef('adminSettings.gstSaveFailed'),
}

/** An HSN code as typed (spaces away): 4, 6 or 8 digits. */
export const hsnCode = () =>
	text(8, TAX_SETTINGS_MESSAGES.hsnInvalid, { required: TAX_SETTINGS_MESSAGES.hsnInvalid })
		.transform((v) => v.replace(/\s/g, ''))
		.refine((v) => /^(?:\d{4}|\d{6}|\d{8})$/.test(v), { error: TAX_SETTINGS_MESSAGES.hsnInvalid })

export const taxSettingsSchema = z.object({
	gstin: text(20, TAX_SETTINGS_MESSAGES.gstinInvalid)
		.optional()
		.transform((v, ctx) => {
			const gstin = normaliseGstin(v ?? '')
			if (!gstin) return ''
			const problem = gstinProblem(gstin)
			if (problem) {
				ctx.addIssue({
					code: 'custom',
					message: problem === 'format' ? TAX_SETTINGS_MESSAGES.gstinInvalid : TAX_SETTINGS_MESSAGES.gstinCheck,
				})
				return z.NEVER
			}
			return gstin
		}),
})
