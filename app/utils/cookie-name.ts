/**
 * A cookie's name: `__Host-<base>` on https, `__<base>` on http (why: cookies.server.ts). Shared with the
 * browser, whose scripts read the shortlist cookie.
 */
export function prefixedCookieName(base: string, https: boolean) {
	return https ? `__Host-${base}` : `__${base}`
}
