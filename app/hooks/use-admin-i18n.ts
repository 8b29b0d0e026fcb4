import { useMemo } from 'react'

import { translateMessage } from '~/i18n/message-ref'
import type { Translator } from '~/i18n/translate'

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
