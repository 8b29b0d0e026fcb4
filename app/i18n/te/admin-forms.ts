import type { adminForms as english } from '~/i18n/en/admin-forms'

export const adminForms = {
	formUnreadable: 'ఫారం పూర్తిగా లేదా సరిగా అందలేదు. మళ్ళీ ప్రయత్నించండి.',
	diskFull: 'అప్‌లోడ్ సేవ్ కాలేదు: సర్వర్ డిస్క్ నిండిపోయింది.',
} satisfies Record<keyof typeof english, string>
