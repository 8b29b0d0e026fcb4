import { type Locale, localizedPath } from '~/i18n/locales'

// The customer's private link to her order (docs/decisions/0035): /o/<token>, /te/o/<token>, /hi/o/<token>.
// The token is 16 random bytes in base64url: 22 characters of A–Z, a–z, 0–9, "-" and "_".

const TOKEN_SHAPE = /^[\w-]{22}$/

/** Whether a path segment could be an order link's token at all (anything else is answered 404 unread). */
export function isOrderLinkToken(value: string) {
	return TOKEN_SHAPE.test(value)
}

/** The order page's path in a language. */
export function orderLinkPath(token: string, locale: Locale = 'en') {
	return localizedPath(`/o/${token}`, locale)
}

/**
 * Whether a path is under an order page's address in any language (`/o/…`, `/te/o/…`): what answers
 * there, a redirect from another spelling included, is personal and kept by no cache.
 */
export function isOrderLinkPath(path: string) {
	return /^(?:\/[a-z]{2})?\/o\//.test(path)
}
