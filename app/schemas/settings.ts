import { z } from 'zod'

// Shop details (Settings → Shop details). They drive every WhatsApp link, the header, footer and
// structured data, so the WhatsApp number is kept as plain digits with the country code.

export const SETTINGS_MESSAGES = {
	shopNameRequired: 'Please enter the shop name.',
	whatsappInvalid: 'Enter the WhatsApp number with country code, digits only (e.g. 919876543210).',
	phoneInvalid: 'Enter a valid phone number: 10 to 15 digits (spaces, + and - are fine).',
	emailInvalid: 'Enter a valid email address.',
	instagramInvalid: 'Enter your Instagram profile link, like https://www.instagram.com/yourshop (or leave it empty).',
	saved: 'Settings saved successfully.',
	saveFailed: 'Failed to save settings. Please try again.',
} as const

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

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
	shopName: z
		.string({ error: SETTINGS_MESSAGES.shopNameRequired })
		.trim()
		.min(1, { error: SETTINGS_MESSAGES.shopNameRequired })
		.max(80, { error: 'Keep the shop name under 80 characters.' }),
	whatsappNumber: z
		.string({ error: SETTINGS_MESSAGES.whatsappInvalid })
		.transform((v, ctx) => {
			const digits = normaliseWhatsappNumber(v)
			if (digits === null) {
				ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.whatsappInvalid })
				return z.NEVER
			}
			return digits
		}),
	phone: z
		.string()
		.trim()
		.max(30, { error: SETTINGS_MESSAGES.phoneInvalid })
		.optional()
		.refine((v) => !v || /^\+?[\d\s\-().]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, '')), {
			error: SETTINGS_MESSAGES.phoneInvalid,
		}),
	email: z
		.string()
		.trim()
		.max(254, { error: SETTINGS_MESSAGES.emailInvalid })
		.optional()
		.refine((v) => !v || EMAIL_RE.test(v), { error: SETTINGS_MESSAGES.emailInvalid }),
	address: z.string().trim().max(300, { error: 'Keep the address under 300 characters.' }).optional(),
	instagramUrl: z
		.string()
		.trim()
		.max(200, { error: SETTINGS_MESSAGES.instagramInvalid })
		.optional()
		.refine((v) => !v || isInstagramUrl(v), { error: SETTINGS_MESSAGES.instagramInvalid }),
})

export type ShopSettingsInput = z.output<typeof shopSettingsSchema>
