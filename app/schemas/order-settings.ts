import { z } from 'zod'

import { MESSAGE_MAX_LENGTH, PLACEHOLDERS, unknownPlaceholders } from '~/utils/order-messages'
import { normaliseUpiId, UPI_ID_MAX_LENGTH } from '~/utils/upi'

import { text } from './fields'

// Settings → Orders and payments: the shop's UPI ID and the WhatsApp follow-up texts.

export const ORDER_SETTINGS_MESSAGES = {
	upiInvalid: 'Enter your UPI ID like yourname@okhdfcbank (or leave it empty).',
	messageTooLong: `Keep each message under ${MESSAGE_MAX_LENGTH} characters.`,
	unknownPlaceholder: (names: string[]) =>
		`Unknown placeholder ${names.map((n) => `{${n}}`).join(', ')}. Use ${Object.keys(PLACEHOLDERS)
			.map((p) => `{${p}}`)
			.join(', ')}.`,
	saved: 'Order settings saved.',
	saveFailed: 'Failed to save order settings. Please try again.',
} as const

const message = () =>
	text(MESSAGE_MAX_LENGTH, ORDER_SETTINGS_MESSAGES.messageTooLong)
		.optional()
		.superRefine((v, ctx) => {
			const unknown = v ? unknownPlaceholders(v) : []
			if (unknown.length) ctx.addIssue({ code: 'custom', message: ORDER_SETTINGS_MESSAGES.unknownPlaceholder(unknown) })
		})

export const orderSettingsSchema = z.object({
	upiId: text(UPI_ID_MAX_LENGTH, ORDER_SETTINGS_MESSAGES.upiInvalid)
		.optional()
		.transform((v, ctx) => {
			if (!v) return ''
			const id = normaliseUpiId(v)
			if (id === null) {
				ctx.addIssue({ code: 'custom', message: ORDER_SETTINGS_MESSAGES.upiInvalid })
				return z.NEVER
			}
			return id
		}),
	confirmedMessage: message(),
	shippedMessage: message(),
	deliveredMessage: message(),
	cancelledMessage: message(),
})
