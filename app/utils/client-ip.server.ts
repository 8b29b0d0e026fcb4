import { getEnv } from './env.server'

/**
 * The HTTP server (server/app.ts) copies the TCP peer address into this request header after
 * deleting whatever a client sent under that name, so route code can trust it.
 */
export const SOCKET_ADDRESS_HEADER = 'x-shop-socket-address'

function normalize(address: string) {
	const trimmed = address.trim()
	// IPv4 clients on a dual-stack socket show up as ::ffff:1.2.3.4.
	return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed
}

/**
 * The client's address: the socket peer, or, behind `trustedHops` reverse proxies, the address the
 * outermost trusted proxy saw. Each proxy appends the address it received from to X-Forwarded-For,
 * so only the last `trustedHops` entries are believed; anything further left may be forged.
 */
export function pickClientAddress(socketAddress: string | null | undefined, forwardedFor: string | null | undefined, trustedHops: number) {
	const socket = socketAddress ? normalize(socketAddress) : ''
	if (trustedHops <= 0 || !forwardedFor) return socket || 'unknown'
	const chain = [
		...forwardedFor
			.split(',')
			.map(normalize)
			.filter(Boolean),
		socket,
	]
	// chain[last] is the socket (hop 0); each trusted hop lets us step one entry further left.
	const index = Math.max(0, chain.length - 1 - trustedHops)
	return chain[index] || 'unknown'
}

export function getClientAddress(request: Request) {
	return pickClientAddress(request.headers.get(SOCKET_ADDRESS_HEADER), request.headers.get('x-forwarded-for'), getEnv().TRUST_PROXY)
}
