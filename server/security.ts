import type { NextFunction, Request, Response } from 'express'

/**
 * Headers for every response; the per-document CSP (with its nonce) is set in app/entry.server.tsx.
 * They are filled in just before the head is written, so a route that sets one of them itself
 * (the React Router adapter appends rather than replaces) keeps its own value without duplicates.
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
			return writeHead.apply(this, args)
		} as Response['writeHead']
		next()
	}
}

/** CSP for everything that is not an HTML document: nothing may run or be framed. */
export const STATIC_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox"

/** CSP for a static HTML document (a script-free page copy): our own styles, images and media, no script. */
export const STATIC_DOCUMENT_CSP =
	"default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; media-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses every state-changing request that does not come from our own origin
 * (Origin header, else Sec-Fetch-Site). Requests with neither (curl, scripts) are allowed:
 * browsers always send one of them on cross-site POSTs.
 */
export function sameOriginOnly(appOrigin: string) {
	const allowed = new URL(appOrigin).origin
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const origin = req.get('origin')
		const fetchSite = req.get('sec-fetch-site')
		const fromUs = origin ? origin === allowed || origin === selfOrigin(req) : fetchSite ? fetchSite === 'same-origin' : true
		if (fromUs) return next()
		res.status(403).type('text/plain').send('Cross-origin request refused')
	}
}

// The origin the browser used to reach us (so a shop opened at http://127.0.0.1:3000 in tests still works
// when APP_ORIGIN says localhost). Host cannot be forged by a cross-site page, so this stays safe.
function selfOrigin(req: Request) {
	const host = req.get('host')
	return host ? `${req.protocol}://${host}` : ''
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
