import type { NextFunction, Request, Response } from 'express'

import { logSecurityEvent } from '../app/utils/security-log.server'
import { SHARE_TARGET_PATH } from '../app/utils/share-target'

/**
 * Headers for every response; the per-document CSP (with its nonce) is set in app/entry.server.tsx.
 * They are filled in just before the head is written, so a route that sets one of them itself
 * (the React Router adapter appends rather than replaces) keeps its own value without duplicates.
 * An answer that sets a cookie belongs to one browser (a flash message read and cleared, a session
 * started): no cache on the way may keep it, whatever the route said.
 */
export function securityHeaders(appOrigin: string) {
	const defaults: Array<[string, string]> = [
		['X-Content-Type-Options', 'nosniff'],
		['Referrer-Policy', 'strict-origin-when-cross-origin'],
		['X-Frame-Options', 'DENY'],
		['Cross-Origin-Opener-Policy', 'same-origin'],
		['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
	]
	if (appOrigin.startsWith('https://')) defaults.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
	return (_req: Request, res: Response, next: NextFunction) => {
		const writeHead = res.writeHead
		res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
			for (const [name, value] of defaults) if (!this.hasHeader(name)) this.setHeader(name, value)
			if (this.hasHeader('set-cookie') || headersSetCookie(args)) this.setHeader('Cache-Control', 'private, no-store')
			return writeHead.apply(this, args)
		} as Response['writeHead']
		next()
	}
}

/** Whether headers given to writeHead itself (as an object or a flat list) set a cookie. */
function headersSetCookie(args: unknown[]) {
	const headers = args.find((a) => typeof a === 'object' && a !== null)
	if (Array.isArray(headers)) return headers.some((item, i) => i % 2 === 0 && String(item).toLowerCase() === 'set-cookie')
	return !!headers && Object.keys(headers).some((name) => name.toLowerCase() === 'set-cookie')
}

/** CSP for everything that is not an HTML document: nothing may run or be framed. */
export const STATIC_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox"

/** CSP for a static HTML document (a script-free page copy): our own styles, images and media, no script. */
export const STATIC_DOCUMENT_CSP =
	"default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; media-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Every method the shop answers: pages, data and forms. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST']
// A host name or IPv4 address, or an IPv6 literal, and an optional port (checked by URL below too).
const HOST = /^(?:[\d.A-Z-]{1,253}|\[[\d.:A-F]{2,45}\])(?::\d{1,5})?$/i
const FORWARDED_PROTO = /^https?$/i

function validHost(value: string | undefined): value is string {
	if (!value || !HOST.test(value)) return false
	try {
		new URL(`http://${value}/`)
		return true
	} catch {
		return false
	}
}

function plainAnswer(res: Response, status: number, message: string) {
	res.setHeader('Connection', 'close')
	res.status(status).type('text/plain').send(message)
}

/**
 * Requests no browser sends are answered here with 400 or 405, before anything builds a URL from
 * them: other methods (TRACE and friends), a missing or malformed Host (HTTP/1.0 may omit it), an
 * absolute-form target naming another host, malformed forwarded host or protocol behind a trusted
 * proxy. An absolute-form target for our own host is served as its path (RFC 9112 §3.2.2).
 */
export function refuseMalformedRequests(options: { trustProxy: boolean }) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!ALLOWED_METHODS.includes(req.method)) {
			res.setHeader('Allow', ALLOWED_METHODS.join(', '))
			return plainAnswer(res, 405, 'Method not allowed')
		}
		const host = req.headers.host
		if (!validHost(host)) return plainAnswer(res, 400, 'Bad request: missing or malformed Host header')
		if (options.trustProxy) {
			const forwardedHost = req.get('x-forwarded-host')?.split(',')[0]?.trim()
			const forwardedProto = req.get('x-forwarded-proto')?.split(',')[0]?.trim()
			if (forwardedHost !== undefined && !validHost(forwardedHost))
				return plainAnswer(res, 400, 'Bad request: malformed X-Forwarded-Host header')
			if (forwardedProto !== undefined && !FORWARDED_PROTO.test(forwardedProto))
				return plainAnswer(res, 400, 'Bad request: malformed X-Forwarded-Proto header')
		}
		if (!req.url.startsWith('/')) {
			let target: URL | undefined
			try {
				target = new URL(req.url)
			} catch {}
			if (!target || !/^https?:$/.test(target.protocol) || target.host !== new URL(`http://${host}/`).host) {
				return plainAnswer(res, 400, 'Bad request: the request names another host')
			}
			req.url = `${target.pathname}${target.search}`
			req.originalUrl = req.url
		}
		next()
	}
}

/**
 * Refuses every state-changing request that does not come from one of the shop's own origins (Origin
 * header, else Sec-Fetch-Site). The origins are configured (APP_ORIGIN and ALLOWED_ORIGINS), never
 * taken from the request: with DNS rebinding a stranger's page at http://evil.example:3000 can reach
 * the shop under that name, and its Origin then matches the Host it sends. An Origin of ours must also
 * name the host the request was sent to, which React Router checks after us: refused here, it costs a
 * line in the security log rather than a stack trace. A request with neither header is refused too when
 * it carries a cookie: browsers always send one of them with a form post, so a cookie-authenticated
 * write without them is not a page of ours. Scripts without cookies (health checks, curl) have no
 * session to abuse and pass. Every refusal goes to the security log.
 */
export function sameOriginOnly(origins: readonly string[], clientAddress: (req: Request) => string) {
	const allowed = new Set(origins.map((origin) => new URL(origin).origin))
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const origin = req.get('origin')
		const fetchSite = req.get('sec-fetch-site')
		let refusal: string | null = null
		// The phone's share sheet posts to the share target itself: no page started it, so the browser
		// sends Sec-Fetch-Site "none" (and no origin, or "null"). No page can make a browser send that.
		if (req.path === SHARE_TARGET_PATH && fetchSite === 'none' && (origin === undefined || origin === 'null')) return next()
		if (origin !== undefined)
			refusal = !allowed.has(origin) ? 'foreign-origin' : origin !== requestOrigin(req) ? 'origin-not-this-host' : null
		else if (fetchSite !== undefined) refusal = fetchSite === 'same-origin' ? null : 'cross-site-fetch'
		else if (req.get('cookie')) refusal = 'no-origin-with-cookie'
		if (!refusal) return next()
		logSecurityEvent({ event: 'cross-origin-refused', outcome: 'refused', clientAddress: clientAddress(req), detail: refusal })
		res.status(403).type('text/plain').send('Cross-origin request refused')
	}
}

/** The origin the request was addressed to: its Host (behind a trusted proxy, the host and protocol the proxy forwards). */
function requestOrigin(req: Request) {
	try {
		return new URL(`${req.protocol}://${req.host}`).origin
	} catch {
		return ''
	}
}

/**
 * Caps non-upload bodies; multipart uploads are limited by their own parsers. Browsers always send a
 * Content-Length with ordinary forms, so a streamed (chunked) non-upload body is refused outright rather
 * than counted: counting it here would consume the stream before React Router reads it.
 */
export function capBodies(maxBytes: number) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const type = req.get('content-type') ?? ''
		if (type.startsWith('multipart/form-data')) return next()
		const lengthHeader = req.get('content-length')
		if (lengthHeader === undefined) {
			if (req.get('transfer-encoding')) return refuse(req, res, 411, 'Length required', 8 * maxBytes)
			return next()
		}
		if (Number(lengthHeader) > maxBytes) return refuse(req, res, 413, 'Request body too large', 8 * maxBytes)
		next()
	}
}

/**
 * Answers once the refused body has been read and dropped (up to `drainBytes`): a client reads the
 * answer only after sending its body, and closing on unread bytes resets the connection, losing the
 * answer. A body larger than that is not worth reading: the connection is closed at once.
 */
function refuse(req: Request, res: Response, status: number, message: string, drainBytes: number) {
	const answer = () => {
		if (res.headersSent) return
		res.setHeader('Connection', 'close')
		res.status(status).type('text/plain').send(message)
	}
	if (Number(req.get('content-length') ?? 0) > drainBytes) return answer()
	let seen = 0
	req.on('data', (chunk: Buffer) => {
		seen += chunk.length
		if (seen > drainBytes) {
			answer()
			req.socket.destroy()
		}
	})
	req.once('end', answer)
	req.once('error', () => undefined)
}
