import { isIPv6 } from 'node:net'

/**
 * The HTTP server (server/app.ts) writes the client's address into this request header, replacing
 * whatever a client sent under that name, so route code can trust it. The address is Express's
 * `req.ip` under `trust proxy = TRUST_PROXY`: the socket peer, or behind that many reverse proxies,
 * the address the outermost trusted one received the request from (X-Forwarded-For, read from the
 * right; entries further left may be forged).
 */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address'

/** IPv4 clients on a dual-stack socket show up as ::ffff:1.2.3.4. */
export function normalizeAddress(address: string | undefined) {
	const trimmed = (address ?? '').trim()
	if (!trimmed) return 'unknown'
	return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed
}

export function getClientAddress(request: Request) {
	return request.headers.get(CLIENT_ADDRESS_HEADER) || 'unknown'
}

/**
 * What one client controls: an IPv4 address, or the /64 network of an IPv6 address (a home line or
 * a phone gets a whole /64 and may use any address in it). Counting per group keeps a client from
 * passing for many by changing addresses.
 */
export function clientAddressGroup(address: string) {
	if (!isIPv6(address)) return address
	const [head = '', tail] = address.replace(/%.*$/, '').split('::')
	const left = head ? head.split(':') : []
	const right = tail ? tail.split(':') : []
	// An embedded IPv4 tail (::1.2.3.4) fills two groups; only the first four groups matter here.
	const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0)
	const groups = [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right]
	return `${groups
		.slice(0, 4)
		.map((group) => (group.includes('.') ? group : parseInt(group, 16).toString(16)))
		.join(':')}::/64`
}
