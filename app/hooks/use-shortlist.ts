import { useMemo, useSyncExternalStore } from 'react'

import { formatShortlist, parseShortlist, shortlistCookieName, shortlistFromCookies } from '~/utils/shortlist'

// The visitor's shortlist as this page knows it (what it is: app/utils/shortlist.ts): read from the
// cookie after hydration, and again whenever a change is announced here or in another tab.

/** The event a change made on this page is announced with. */
export const SHORTLIST_CHANGED = 'shortlist-change'

export function subscribeToShortlist(onChange: () => void) {
	// Another tab may have changed it meanwhile.
	for (const type of [SHORTLIST_CHANGED, 'focus', 'pageshow']) window.addEventListener(type, onChange)
	return () => {
		for (const type of [SHORTLIST_CHANGED, 'focus', 'pageshow']) window.removeEventListener(type, onChange)
	}
}

const readCookie = () => formatShortlist(shortlistFromCookies(document.cookie, shortlistCookieName(location.protocol === 'https:')))

/** The ids in the visitor's shortlist; empty during the server render and hydration. */
export function useShortlist() {
	const value = useSyncExternalStore(subscribeToShortlist, readCookie, () => '')
	return useMemo(() => parseShortlist(value), [value])
}
