import { z } from 'zod'

import { messageRef } from '~/i18n/message-ref'

import { email, text } from './fields'

// Shop details (Settings → Shop details). They drive every WhatsApp link, the header, footer and
// structured data, so the WhatsApp number is kept as plain digits with the country code.

const SHOP_NAME_MAX = 80
const ADDRESS_MAX = 300

// Refs (messageRef): each shows in the reader's language where it is shown.
export const SETTINGS_MESSAGES = {
	shopNameRequired: messageRef('adminSettings.shopNameRequired'),
	shopNameTooLong: messageRef('adminSettings.shopNameTooLong', { max: SHOP_NAME_MAX }),
	whatsappInvalid: messageRef('adminSettings.whatsappInvalid'),
	phoneInvalid: messageRef('adminSettings.phoneInvalid'),
	emailInvalid: messageRef('adminSettings.emailInvalid'),
	addressTooLong: messageRef('adminSettings.addressTooLong', { max: ADDRESS_MAX }),
	instagramInvalid: messageRef('adminSettings.instagramInvalid'),
	saved: messageRef('adminSettings.saved'),
	saveFailed: messageRef('adminSettings.saveFailed'),
}

/** "+91 98765-43210" → "919876543210"; null unless 10–15 digits remain. */
export function normaliseWhatsappNumber(input: string): string | null {
	const cleaned = input.trim().replace(/[\s+\-().]/g, '')
	return /^\d{10,15}$/.test(cleaned) ? cleaned : null
}

/** Only https links to an Instagram profile or page. */
export function isInstagramUrl(input: string): boolean {
	let url: URL
	try {
		url = new URL(input)
	} catch {
		return false
	}
	const host = url.hostname.toLowerCase()
	return (
		url.protocol === 'https:' &&
		(host === 'instagram.com' || host.endsWith('.instagram.com')) &&
		!url.username &&
		!url.password &&
		url.port === ''
	)
}

export const shopSettingsSchema = z.object({
	shopName: text(SHOP_NAME_MAX, SETTINGS_MESSAGES.shopNameTooLong, { required: SETTINGS_MESSAGES.shopNameRequired }),
	whatsappNumber: text(30, SETTINGS_MESSAGES.whatsappInvalid, { required: SETTINGS_MESSAGES.whatsappInvalid, trim: false }).transform(
		(v, ctx) => {
			const digits = normaliseWhatsappNumber(v)
			if (digits === null) {
				ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.whatsappInvalid })
				return z.NEVER
			}
			return digits
		},
	),
	phone: text(30, SETTINGS_MESSAGES.phoneInvalid)
		.optional()
		.refine((v) => !v || (/^\+?[\d\s\-().]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, ''))), {
			error: SETTINGS_MESSAGES.phoneInvalid,
		}),
	email: email({ invalid: SETTINGS_MESSAGES.emailInvalid }),
	address: text(ADDRESS_MAX, SETTINGS_MESSAGES.addressTooLong).optional(),
	instagramUrl: text(200, SETTINGS_MESSAGES.instagramInvalid)
		.optional()
		.refine((v) => !v || isInstagramUrl(v), { error: SETTINGS_MESSAGES.instagramInvalid }),
})

export type ShopSettingsInput = z.output<typeof shopSettingsSchema>
