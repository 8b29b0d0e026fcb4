// The visitor's shortlist: sarees kept to ask about together in one WhatsApp message. It lives only in
// the visitor's browser, as a cookie of product ids ("12.5.7", most recent last) that the shortlist
// page, its form action and /whatsapp/shortlist read. Public pages never read it on the server, so the
// page cache (server/page-cache.ts) keeps one rendering for everyone; in the browser, scripts read the
// cookie to mark the sarees already kept (it is not HttpOnly for that: it holds nothing but ids).

import { prefixedCookieName } from './cookie-name'

export const SHORTLIST_PATH = '/shortlist'
/** The most sarees a shortlist holds (one WhatsApp message stays readable, and the cookie small). */
export const SHORTLIST_MAX = 20
/** The cookie's name, prefixed like every cookie of ours. */
export function shortlistCookieName(https: boolean) {
	return prefixedCookieName('shortlist', https)
}

const ID = /^[1-9]\d{0,14}$/

/** The ids a cookie value holds: well-formed, each once, at most SHORTLIST_MAX (the most recent); anything else is dropped. */
export function parseShortlist(value: string | null | undefined): number[] {
	if (!value) return []
	const ids: number[] = []
	// A value longer than a full shortlist can be is not ours: read only its first part.
	for (const part of value.slice(0, SHORTLIST_MAX * 17).split('.')) {
		if (!ID.test(part)) continue
		const id = Number(part)
		if (!ids.includes(id)) ids.push(id)
	}
	return ids.slice(-SHORTLIST_MAX)
}

export function formatShortlist(ids: readonly number[]) {
	return ids.join('.')
}

/** The shortlist a Cookie header (or `document.cookie`) carries under `name`. */
export function shortlistFromCookies(cookies: string | null | undefined, name: string): number[] {
	for (const pair of (cookies ?? '').split(';')) {
		const at = pair.indexOf('=')
		if (at > 0 && pair.slice(0, at).trim() === name) return parseShortlist(pair.slice(at + 1).trim())
	}
	return []
}

export type ShortlistChange = { intent: 'add' | 'remove'; productId: number } | { intent: 'clear' }

export type ShortlistChangeResult = { ids: number[]; full: boolean }

/** The shortlist after a change; adding to a full shortlist changes nothing and says so. */
export function changeShortlist(ids: readonly number[], change: ShortlistChange): ShortlistChangeResult {
	if (change.intent === 'clear') return { ids: [], full: false }
	const without = ids.filter((id) => id !== change.productId)
	if (change.intent === 'remove') return { ids: without, full: false }
	if (ids.includes(change.productId)) return { ids: [...ids], full: false }
	if (ids.length >= SHORTLIST_MAX) return { ids: [...ids], full: true }
	return { ids: [...ids, change.productId], full: false }
}
