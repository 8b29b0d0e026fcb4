import { useMemo } from 'react'

import { translateMessage } from '~/i18n/message-ref'
import type { Translator } from '~/i18n/translate'
import type { Flash } from '~/utils/flash.server'

import { useI18n } from './use-i18n'

export type AdminTranslator = Translator & {
	/** A message that may be a ref (messageRef) in the admin's language; any other text as it is. */
	msg: (message: string) => string
}

/**
 * The admin's translator: the storefront's, plus `msg` for the refs its forms' messages are
 * (docs/decisions/0045). Only admin pages load it, so the storefront's scripts stay as they were.
 */
export function useAdminI18n(): AdminTranslator {
	const i18n = useI18n()
	return useMemo(() => ({ ...i18n, msg: (message: string) => translateMessage(i18n.t, message) }), [i18n])
}

/**
 * The flash message with its refs in the admin's language and its dismiss button named by
 * `dismissKey`: the same object while none of them changes (FlashMessage shows a new message again by
 * its identity).
 */
export function useAdminFlash(flash: Flash | null, dismissKey: 'admin.dismissMessage' | 'adminAuth.dismissMessage'): Flash | null {
	const { t, msg } = useAdminI18n()
	const dismiss = t(dismissKey)
	return useMemo(
		() =>
			flash && {
				...flash,
				message: msg(flash.message),
				title: flash.title && msg(flash.title),
				action: flash.action && { ...flash.action, label: msg(flash.action.label) },
				dismiss,
			},
		[flash, msg, dismiss],
	)
}
