import type { adminForms as english } from '~/i18n/en/admin-forms'

export const adminForms = {
	formUnreadable: 'फ़ॉर्म अधूरा या खराब पहुँचा। फिर कोशिश करें।',
	diskFull: 'अपलोड सहेजा नहीं जा सका: सर्वर की डिस्क भर गई है।',
} satisfies Record<keyof typeof english, string>
