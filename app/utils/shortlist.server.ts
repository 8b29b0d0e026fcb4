import { isHttpsOrigin } from './cookies.server'
import { formatShortlist, shortlistCookieName, shortlistFromCookies } from './shortlist'

// The shortlist cookie on the server (what it holds and why: shortlist.ts). Only the shortlist page,
// its action and /whatsapp/shortlist read it; public pages never do.

const KEEP_DAYS = 180

/** The product ids in the request's shortlist cookie (cleaned: see parseShortlist). */
export function readShortlist(request: Request) {
	return shortlistFromCookies(request.headers.get('Cookie'), shortlistCookieName(isHttpsOrigin()))
}

/**
 * The Set-Cookie header that stores `ids` (an empty list deletes the cookie). Not HttpOnly: the
 * browser's scripts read it to mark the sarees kept. SameSite=Lax and, on https, Secure and `__Host-`.
 */
export function shortlistCookieHeader(ids: readonly number[]) {
	const https = isHttpsOrigin()
	return [
		`${shortlistCookieName(https)}=${formatShortlist(ids)}`,
		'Path=/',
		`Max-Age=${ids.length ? KEEP_DAYS * 24 * 3600 : 0}`,
		'SameSite=Lax',
		...(https ? ['Secure'] : []),
	].join('; ')
}
