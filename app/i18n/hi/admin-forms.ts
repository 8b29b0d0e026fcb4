import type { adminForms as english } from '~/i18n/en/admin-forms'

export const adminForms = {
	tooLong: '{max} अक्षरों से कम रखें।',
} satisfies Record<keyof typeof english, string>
