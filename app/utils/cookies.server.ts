import { prefixedCookieName } from './cookie-name'
import { getEnv } from './env.server'

// Every cookie the shop sets is named here. On an https origin the names carry the `__Host-` prefix:
// browsers then accept the cookie only with Secure, Path=/ and no Domain, so neither a sibling
// subdomain nor a page on plain http (or a network attacker forging one) can plant or overwrite it.
// Browsers refuse `__Host-` cookies on http, so on http (localhost, tests) the plain names are used.

export function isHttpsOrigin() {
	return getEnv().APP_ORIGIN.startsWith('https://')
}

/** `__Host-<base>` on https, `__<base>` on http. */
export function cookieName(base: 'session' | 'flash' | 'device' | 'shared-photos' | 'orders-seen') {
	return prefixedCookieName(base, isHttpsOrigin())
}

/** The attributes every cookie of ours shares (and that `__Host-` requires on https). */
export function cookieAttributes() {
	return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isHttpsOrigin() }
}
