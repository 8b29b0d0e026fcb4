import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import type { NextFunction, Request, Response } from 'express'

import { preferredEncoding, type StoredEncoding } from './content-encoding'

/**
 * A cache of rendered public pages, so a burst of visitors (a post shared on WhatsApp) costs one
 * server render per page instead of one per visitor.
 *
 * Opt-in and anonymous:
 * - only requests the app calls shareable are answered from it (`isShareable`: a document of a public
 *   route that exports the SHAREABLE_PAGE handle, see app/utils/route-area.ts); everything else passes
 *   through, data requests included (it keeps documents only: offered a data request, it would render
 *   it, refuse to keep it and pass it on to be rendered again);
 * - the page is rendered in memory for an anonymous visitor (`render` gets the address, no cookie,
 *   no header of the visitor), so what is kept can hold nothing personal, and a visitor waiting for
 *   that render never depends on another visitor's connection;
 * - an answer with Set-Cookie or `Cache-Control: no-store`/`private` is never kept or shared;
 * - an entry is used only while `version` is unchanged since its render began (writes to what public
 *   pages show, by any process) and for at most `ttlMs` (the footer's year, "New" badges);
 * - a kept page is the same bytes for every visitor: its CSP names its inline scripts' hashes (see
 *   app/entry.server.tsx); an answer whose CSP carries a nonce is never kept or shared (one nonce
 *   for every visitor would be one an attacker could read and reuse);
 * - a page is compressed once, when it is kept (brotli and gzip beside the plain bytes), and each
 *   answer sends the stored copy the request's Accept-Encoding ranks highest, with a strong ETag per
 *   copy (304 to a matching If-None-Match) and `Vary: Accept-Encoding`; the compression middleware
 *   leaves those answers alone (`fromPageCache`);
 * - the key is the page's own address for the request (`address`: a route that reads its query string
 *   names its canonical form, so unknown or misspelt parameters share the real page's entry), and
 *   addresses with a query string (searches, filters, later pages) are kept apart, in a smaller pool of
 *   their own: however many different query strings arrive, they never push out the pages without one;
 * - each pool is bounded by entries and by bytes (every stored copy counted), least recently used out first.
 */

type Copy = { body: Buffer; etag: string }
type Entry = {
	version: string
	storedAt: number
	status: number
	headers: Array<[string, string]>
	identity: Copy
	/** The compressed copies; only kept pages have them (an answer shared by waiting visitors alone does not). */
	encoded: Partial<Record<StoredEncoding, Copy>>
	/** What the entry holds in memory: every copy's bytes. */
	bytes: number
}

export type PageCacheOptions = {
	/** Changes whenever data a public page could show changes. */
	version: () => string
	/** Whether this request is for a page every visitor sees the same (decided from the matched route). */
	isShareable: (req: Request, res: Response) => boolean | Promise<boolean>
	/** Renders `pathAndQuery` as an anonymous visitor gets it, entirely in memory. */
	render: (pathAndQuery: string) => Promise<globalThis.Response>
	/**
	 * The address to render and keep for a shareable request (path and query); default the request's
	 * own. Whatever it drops from the query must make no difference to the page.
	 */
	address?: (req: Request, res: Response) => string
	/** The flash message cookie's name: a request carrying one passes through (it is shown once, to that visitor). */
	flashCookie: string
	maxEntries?: number
	/** Entries for addresses with a query string, kept apart from `maxEntries`. */
	maxQueryEntries?: number
	ttlMs?: number
	/** Bodies larger than this (uncompressed) are not kept. */
	maxBytes?: number
	/** The bytes the pool of pages without a query string may hold, compressed copies included. */
	maxPoolBytes?: number
	/** The same for the pool of addresses with a query string. */
	maxQueryPoolBytes?: number
	now?: () => number
}

// Headers that belong to one response, or that the compression middleware sets again.
const NOT_REPLAYED = new Set([
	'content-length',
	'content-encoding',
	'transfer-encoding',
	'date',
	'connection',
	'keep-alive',
	'etag',
	'vary',
])
const NONCE_IN_CSP = /'nonce-/
/** Best first. */
const ENCODINGS: readonly StoredEncoding[] = ['br', 'gzip']
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

// Answers sent from stored copies: the compression middleware must not encode them again.
const answeredFromCache = new WeakSet<object>()

/** Whether this response is being sent from the page cache's stored bytes (already encoded for the request). */
export function fromPageCache(res: object) {
	return answeredFromCache.has(res)
}

function copyOf(body: Buffer): Copy {
	// Strong: the same bytes always get the same tag, and every copy its own.
	return { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` }
}

async function compressed(body: Buffer) {
	const [br, gz] = await Promise.all([
		brotli(body, {
			params: {
				// Quality 11 saves another 10 % of a product page for 20 to 50 times the work, paid on every
				// render (each page each minute, each search): 6 costs a few milliseconds.
				[zlib.constants.BROTLI_PARAM_QUALITY]: 6,
				[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
			},
		}),
		gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
	])
	return { br: copyOf(br), gzip: copyOf(gz) }
}

/** Whether the request's Cookie header holds a cookie of this name. */
export function carriesCookie(req: Pick<Request, 'headers'>, name: string) {
	return (req.headers.cookie ?? '').split(';').some((pair) => pair.trimStart().startsWith(`${name}=`))
}

/** Whether a rendered answer may be given to anyone else: no cookie, no personal cache rule, an HTML document. */
export function isSharedAnswer(response: Pick<globalThis.Response, 'headers'>) {
	if (response.headers.has('set-cookie')) return false
	if (/\b(?:no-store|private)\b/i.test(response.headers.get('cache-control') ?? '')) return false
	return (response.headers.get('content-type') ?? '').startsWith('text/html')
}

export function pageCache(options: PageCacheOptions) {
	const maxEntries = options.maxEntries ?? 200
	const maxQueryEntries = options.maxQueryEntries ?? 100
	const ttlMs = options.ttlMs ?? 60_000
	const maxBytes = options.maxBytes ?? 512 * 1024
	const maxPoolBytes = options.maxPoolBytes ?? 24 * 1024 * 1024
	const maxQueryPoolBytes = options.maxQueryPoolBytes ?? 8 * 1024 * 1024
	const now = options.now ?? Date.now
	const pages = new Map<string, Entry>()
	const queryPages = new Map<string, Entry>()
	const pools = {
		pages: { entries: pages, max: maxEntries, maxBytes: maxPoolBytes, bytes: 0 },
		queries: { entries: queryPages, max: maxQueryEntries, maxBytes: maxQueryPoolBytes, bytes: 0 },
	}
	const poolOf = (key: string) => (key.includes('?') ? pools.queries : pools.pages)

	function remove(key: string) {
		const pool = poolOf(key)
		const entry = pool.entries.get(key)
		if (!entry) return
		pool.entries.delete(key)
		pool.bytes -= entry.bytes
	}
	// Renders in progress: visitors arriving meanwhile share that render instead of starting their own
	// (after every change, a busy page would otherwise be rendered by each of them).
	const rendering = new Map<string, { version: string; result: Promise<Entry | null> }>()

	function fresh(key: string, version: string) {
		const { entries } = poolOf(key)
		const entry = entries.get(key)
		if (!entry) return null
		if (entry.version !== version || now() - entry.storedAt > ttlMs) {
			remove(key)
			return null
		}
		// Most recently used last, so eviction drops the least recently used.
		entries.delete(key)
		entries.set(key, entry)
		return entry
	}

	function store(key: string, entry: Entry) {
		const pool = poolOf(key)
		remove(key)
		if (entry.bytes > pool.maxBytes) return
		pool.entries.set(key, entry)
		pool.bytes += entry.bytes
		while (pool.entries.size > pool.max || pool.bytes > pool.maxBytes) remove(pool.entries.keys().next().value!)
	}

	/** The anonymous rendering of `key`; null when it may not be shared (each visitor then renders their own). */
	async function renderShared(key: string, version: string): Promise<Entry | null> {
		const response = await options.render(key)
		const body = Buffer.from(await response.arrayBuffer())
		if (!isSharedAnswer(response) || NONCE_IN_CSP.test(response.headers.get('content-security-policy') ?? '')) return null
		const headers = [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name))
		const identity = copyOf(body)
		// Errors and not-found answers go to the visitors who waited for them, but are not kept.
		const kept = response.status === 200 && body.length <= maxBytes
		const encoded: Entry['encoded'] = kept ? await compressed(body) : {}
		const bytes = body.length + (encoded.br?.body.length ?? 0) + (encoded.gzip?.body.length ?? 0)
		const entry: Entry = { version, storedAt: now(), status: response.status, headers, identity, encoded, bytes }
		if (kept) store(key, entry)
		return entry
	}

	function shared(key: string, version: string) {
		const inFlight = rendering.get(key)
		if (inFlight && inFlight.version === version) return inFlight.result
		const result = renderShared(key, version).catch((error: unknown) => {
			console.error(`Page cache: rendering ${key.split('?')[0]} failed:`, error instanceof Error ? error.message : error)
			return null
		})
		const mine = { version, result }
		rendering.set(key, mine)
		void result.finally(() => {
			if (rendering.get(key) === mine) rendering.delete(key)
		})
		return result
	}

	function send(req: Request, res: Response, entry: Entry) {
		for (const [name, value] of entry.headers) res.setHeader(name, value)
		res.status(entry.status)
		const available = ENCODINGS.filter((encoding) => entry.encoded[encoding])
		// An answer kept for nobody goes out as it came, for the compression middleware to encode.
		if (!available.length) return void res.end(entry.identity.body)
		answeredFromCache.add(res)
		const encoding = preferredEncoding(req.headers['accept-encoding'], available)
		const copy = encoding === 'identity' ? entry.identity : entry.encoded[encoding]!
		res.vary('Accept-Encoding')
		if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
		res.setHeader('ETag', copy.etag)
		if (req.fresh) {
			res.removeHeader('Content-Encoding')
			return void res.status(304).end()
		}
		res.setHeader('Content-Length', copy.body.length)
		res.end(copy.body)
	}

	const middleware = async (req: Request, res: Response, next: NextFunction) => {
		try {
			if (req.method !== 'GET' || carriesCookie(req, options.flashCookie) || !(await options.isShareable(req, res))) return next()
			const key = options.address?.(req, res) ?? req.originalUrl
			const version = options.version()
			const entry = fresh(key, version) ?? (await shared(key, version))
			if (!entry || res.destroyed) return entry ? undefined : next()
			send(req, res, entry)
		} catch (error) {
			next(error)
		}
	}
	return Object.assign(middleware, {
		size: () => pages.size + queryPages.size,
		/** The bytes every stored copy holds, both pools together. */
		bytes: () => pools.pages.bytes + pools.queries.bytes,
		clear: () => {
			pages.clear()
			queryPages.clear()
			pools.pages.bytes = 0
			pools.queries.bytes = 0
		},
	})
}
