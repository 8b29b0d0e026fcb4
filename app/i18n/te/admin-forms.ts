import type { adminForms as english } from '~/i18n/en/admin-forms'

export const adminForms = {
	tooLong: '{max} అక్షరాలలోపు ఉంచండి.',
} satisfies Record<keyof typeof english, string>
