import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'
import { MESSAGE_MAX_LENGTH, PLACEHOLDERS, unknownPlaceholders } from '~/utils/order-messages'
import { normaliseUpiId, UPI_ID_MAX_LENGTH } from '~/utils/upi'

import { text } from './fields'

// Settings → Orders and payments: the shop's UPI ID and the WhatsApp follow-up texts (messages are refs,
// shown in the reader's language).

export const ORDER_SETTINGS_MESSAGES = {
	upiInvalid: messageRef('adminSettings.upiInvalid'),
	messageTooLong: messageRef('adminSettings.messageTooLong', { max: MESSAGE_MAX_LENGTH }),
	unknownPlaceholder: (names: string[]) =>
		messageRef('adminSettings.unknownPlaceholder', {
			names: names.map((n) => `{${n}}`).join(', '),
			all: Object.keys(PLACEHOLDERS)
				.map((p) => `{${p}}`)
				.join(', '),
		}),
	saved: messageRef('adminSettings.orderSettingsSaved'),
	saveFailed: messageRef('adminSettings.orderSettingsSaveFailed'),
}

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
