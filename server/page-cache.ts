import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/**
 * A cache of rendered public pages, so a burst of visitors (a post shared on WhatsApp) costs one
 * server render per page instead of one per visitor.
 *
 * Safe because a public page depends only on its URL and the database:
 * - an entry is used only while the database is unchanged since the render started (`version`: any
 *   write by this server, or by another process such as the password CLI, makes every entry stale);
 * - it is kept at most `ttlMs`, which bounds anything that depends on the clock (the footer's year);
 * - only complete 200 HTML answers without Set-Cookie are kept; requests that carry a flash message,
 *   and everything under /admin, /auth, /media and /whatsapp, pass straight through;
 * - every answer gets its own CSP nonce: the cached document's nonce is replaced by a fresh one in
 *   the body and in the Content-Security-Policy header.
 */

type Entry = { version: string; storedAt: number; nonce: string; headers: Array<[string, string | string[]]>; body: string }

export type PageCacheOptions = {
	/** Changes whenever data a page could show changes. */
	version: () => string
	maxEntries?: number
	ttlMs?: number
	/** Bodies larger than this are not kept. */
	maxBytes?: number
	now?: () => number
}

const PASS_THROUGH = /^\/(?:admin|auth|media|whatsapp|assets|healthz)(?:\/|$)/
// Headers that belong to one response, or that the compression middleware sets again.
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'vary'])
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/

export function isCacheableRequest(req: Pick<Request, 'method' | 'path' | 'headers'>) {
	if (req.method !== 'GET') return false
	if (PASS_THROUGH.test(req.path) || req.path.endsWith('.data')) return false
	// A pending flash message is rendered once, for this visitor only.
	return !(req.headers.cookie ?? '').includes('__flash=')
}

export function pageCache(options: PageCacheOptions) {
	const maxEntries = options.maxEntries ?? 200
	const ttlMs = options.ttlMs ?? 60_000
	const maxBytes = options.maxBytes ?? 512 * 1024
	const now = options.now ?? Date.now
	const entries = new Map<string, Entry>()

	function fresh(key: string, version: string) {
		const entry = entries.get(key)
		if (!entry) return null
		if (entry.version !== version || now() - entry.storedAt > ttlMs) {
			entries.delete(key)
			return null
		}
		// Most recently used last, so eviction drops the least recently used.
		entries.delete(key)
		entries.set(key, entry)
		return entry
	}

	function store(key: string, entry: Entry) {
		entries.delete(key)
		entries.set(key, entry)
		while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
	}

	// Renders in progress, so that visitors arriving meanwhile wait for that one render instead of
	// starting their own (after every change, a busy page would otherwise be rendered by each of them).
	const rendering = new Map<string, { version: string; done: Promise<void> }>()

	function send(res: Response, entry: Entry) {
		const nonce = crypto.randomBytes(16).toString('base64')
		for (const [name, value] of entry.headers) {
			res.setHeader(name, name === 'content-security-policy' ? String(value).replaceAll(entry.nonce, nonce) : value)
		}
		res.status(200).end(entry.body.replaceAll(entry.nonce, nonce))
	}

	const middleware = (req: Request, res: Response, next: NextFunction) => {
		if (!isCacheableRequest(req)) return next()
		const key = req.originalUrl
		const version = options.version()
		const hit = fresh(key, version)
		if (hit) return send(res, hit)

		const inFlight = rendering.get(key)
		if (inFlight && inFlight.version === version) {
			void inFlight.done.then(() => {
				const rendered = fresh(key, options.version())
				if (rendered) send(res, rendered)
				else next()
			})
			return
		}

		let finish!: () => void
		const done = new Promise<void>((resolve) => (finish = resolve))
		const mine = { version, done }
		rendering.set(key, mine)
		const settle = () => {
			if (rendering.get(key) === mine) rendering.delete(key)
			finish()
		}
		res.once('close', settle)
		capture(res, (body) => {
			if (res.statusCode !== 200 || res.hasHeader('set-cookie')) return
			if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return
			const nonce = NONCE_IN_CSP.exec(String(res.getHeader('content-security-policy') ?? ''))?.[1]
			if (!nonce || body.length > maxBytes) return
			const headers = Object.entries(res.getHeaders())
				.filter(([name]) => !NOT_REPLAYED.has(name))
				.map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]])
			store(key, { version, storedAt: now(), nonce, headers, body: body.toString('utf8') })
			settle()
		})
		next()
	}
	return Object.assign(middleware, { size: () => entries.size, clear: () => entries.clear() })
}

/** Collects what the handler writes (before compression) and hands it over once the response ends. */
function capture(res: Response, done: (body: Buffer) => void) {
	const chunks: Buffer[] = []
	let size = 0
	let overflow = false
	const keep = (chunk: unknown, encoding?: unknown) => {
		if (overflow || chunk == null || typeof chunk === 'function') return
		const buffer = Buffer.isBuffer(chunk)
			? chunk
			: typeof chunk === 'string'
				? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
				: chunk instanceof Uint8Array
					? Buffer.from(chunk)
					: null
		if (!buffer) return
		size += buffer.length
		// Stop collecting past 4 MB; such a page is not kept anyway.
		if (size > 4 * 1024 * 1024) {
			overflow = true
			chunks.length = 0
			return
		}
		chunks.push(buffer)
	}
	const write = res.write
	const end = res.end
	res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
		keep(chunk, rest[0])
		return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
	} as Response['write']
	res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
		keep(chunk, rest[0])
		if (!overflow && !res.destroyed) done(Buffer.concat(chunks))
		return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest)
	} as Response['end']
}
