import { z } from 'zod'

import { LOCALES } from '~/i18n/locales'
import { messageRef } from '~/i18n/message-ref'

// The admin's own account page (app/routes/admin/account.tsx): the language the admin is shown in.

export const accountSchema = z.object({
	locale: z.enum(LOCALES, { error: messageRef('adminAccount.languageRequired') }),
})
