import { useLocation, useMatches } from 'react-router'

import { type Locale, localizedPath } from '~/i18n/locales'
import { canonicalAddressOf } from '~/utils/route-area'

/**
 * The address of the current page in another language: its canonical address (a search or a later
 * page keeps the parameters it reads, in their one spelling; any other parameter is left behind).
 */
export function useLanguageHref() {
	const { pathname, search } = useLocation()
	const handle = useMatches().at(-1)?.handle
	const address = canonicalAddressOf(handle, new URL(`${pathname}${search}`, 'http://shop.invalid')) ?? pathname
	return (locale: Locale) => localizedPath(address, locale)
}
