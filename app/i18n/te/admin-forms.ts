import type { adminForms as english } from '~/i18n/en/admin-forms'

export const adminForms = {} satisfies Record<keyof typeof english, string>
