import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'
import { gstinProblem, normaliseGstin } from '~/utils/gstin'

import { text } from './fields'

// Settings → GST: the shop's optional GSTIN (messages are refs, shown in the reader's language). The HSN code each category's sarees are invoiced under is
// the category's (Settings → Categories, schemas/category.ts).

export const TAX_SETTINGS_MESSAGES = {
	gstinInvalid: messageRef('adminSettings.gstinInvalid'),
	gstinCheck: messageRef('adminSettings.gstinCheck'),
	saved: messageRef('adminSettings.gstSaved'),
	saveFailed: messageRef('adminSettings.gstSaveFailed'),
}

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
