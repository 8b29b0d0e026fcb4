import net from 'node:net'

// Client addresses: the server reads one per request (server/app.ts, into the request's context:
// utils/request-context.server.ts); throttles and counts group them by subscriber and network.

/**
 * One spelling per client address, whatever a proxy or a socket wrote: IPv4 on a dual-stack socket
 * (`::ffff:1.2.3.4`, or `::ffff:102:304`) becomes `1.2.3.4`, a port a proxy appended (`1.2.3.4:5678`,
 * `[2001:db8::1]:443`) goes, and an IPv4 part written with leading zeros (`1.2.3.004`) is read as the
 * number it is. Anything that is still not an address is `unknown`: every such client shares one bucket
 * of the throttles, instead of each made-up spelling getting a fresh one.
 */
export function normalizeAddress(address: string | undefined) {
	let text = (address ?? '').trim()
	const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
	if (bracketed) text = bracketed[1]!
	else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
	const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([\da-f]{1,4}):([\da-f]{1,4}))$/i.exec(text)
	if (mapped) {
		text = mapped[1] ?? [parseInt(mapped[2]!, 16), parseInt(mapped[3]!, 16)].flatMap((group) => [group >> 8, group & 255]).join('.')
	}
	const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
	if (octets) text = octets.slice(1).map(Number).join('.')
	const zone = text.indexOf('%')
	return net.isIP(zone === -1 ? text : text.slice(0, zone)) ? text : 'unknown'
}

/**
 * The part of a client address that is one subscriber: an IPv4 address, or the /64 of an IPv6 one
 * (a home or phone connection gets a whole /64 and may pick any address in it).
 */
export function addressBucket(address: string) {
	return ipv6Prefix(address, 64) ?? address
}

/**
 * The IPv6 /48 an address is in, or null for an IPv4 one. Homes and offices are often given a /56 or a
 * whole /48 and may pick any of its 256 or 65 536 /64s, so counting per /64 alone does not hold them.
 */
export function networkBucket(address: string) {
	return ipv6Prefix(address, 48)
}

/** `2001:db8:1:2::/64` for the first `bits` (a multiple of 16) of an IPv6 address; null when it is not one. */
function ipv6Prefix(address: string, bits: 48 | 64) {
	// Without its zone (fe80::1%eth0).
	const zone = address.indexOf('%')
	const plain = zone === -1 ? address : address.slice(0, zone)
	if (!net.isIPv6(plain)) return null
	return `${expandIPv6(plain)
		.slice(0, bits / 16)
		.map((g) => g.toString(16))
		.join(':')}::/${bits}`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a trailing dotted IPv4 part expanded). */
function expandIPv6(address: string): number[] {
	let text = address
	const last = address.slice(address.lastIndexOf(':') + 1)
	const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(last)
	if (v4) {
		const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
		text = `${text.slice(0, text.length - last.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head, tail] = text.split('::') as [string, string | undefined]
	const left = head ? head.split(':') : []
	const right = tail ? tail.split(':') : []
	const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
	return [...left, ...middle, ...right].map((g) => parseInt(g, 16))
}
