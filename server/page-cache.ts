import crypto from 'node:crypto'

import type { NextFunction, Request, Response } from 'express'

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
 * - every answer gets its own CSP nonce: the kept document's nonce is replaced by a fresh one in the
 *   body and in the Content-Security-Policy header;
 * - the key is the page's own address for the request (`address`: a route that reads its query string
 *   names its canonical form, so unknown or misspelt parameters share the real page's entry), and
 *   addresses with a query string (searches, filters, later pages) are kept apart, in a smaller pool of
 *   their own: however many different query strings arrive, they never push out the pages without one.
 */

type Entry = { version: string; storedAt: number; status: number; nonce: string; headers: Array<[string, string]>; body: string }

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
	/** Bodies larger than this are not kept. */
	maxBytes?: number
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
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/

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
	const now = options.now ?? Date.now
	const pages = new Map<string, Entry>()
	const queryPages = new Map<string, Entry>()
	const poolOf = (key: string) => (key.includes('?') ? { entries: queryPages, max: maxQueryEntries } : { entries: pages, max: maxEntries })
	// Renders in progress: visitors arriving meanwhile share that render instead of starting their own
	// (after every change, a busy page would otherwise be rendered by each of them).
	const rendering = new Map<string, { version: string; result: Promise<Entry | null> }>()

	function fresh(key: string, version: string) {
		const { entries } = poolOf(key)
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
		const { entries, max } = poolOf(key)
		entries.delete(key)
		entries.set(key, entry)
		while (entries.size > max) entries.delete(entries.keys().next().value!)
	}

	/** The anonymous rendering of `key`; null when it may not be shared (each visitor then renders their own). */
	async function renderShared(key: string, version: string): Promise<Entry | null> {
		const response = await options.render(key)
		const body = await response.text()
		if (!isSharedAnswer(response)) return null
		const nonce = NONCE_IN_CSP.exec(response.headers.get('content-security-policy') ?? '')?.[1]
		if (!nonce) return null
		const headers = [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name))
		const entry: Entry = { version, storedAt: now(), status: response.status, nonce, headers, body }
		// Errors and not-found answers go to the visitors who waited for them, but are not kept.
		if (response.status === 200 && Buffer.byteLength(body) <= maxBytes) store(key, entry)
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

	function send(res: Response, entry: Entry) {
		const nonce = crypto.randomBytes(16).toString('base64')
		for (const [name, value] of entry.headers) {
			res.setHeader(name, name === 'content-security-policy' ? value.replaceAll(entry.nonce, nonce) : value)
		}
		res.status(entry.status).end(entry.body.replaceAll(entry.nonce, nonce))
	}

	const middleware = async (req: Request, res: Response, next: NextFunction) => {
		try {
			if (req.method !== 'GET' || carriesCookie(req, options.flashCookie) || !(await options.isShareable(req, res))) return next()
			const key = options.address?.(req, res) ?? req.originalUrl
			const version = options.version()
			const entry = fresh(key, version) ?? (await shared(key, version))
			if (!entry || res.destroyed) return entry ? undefined : next()
			send(res, entry)
		} catch (error) {
			next(error)
		}
	}
	return Object.assign(middleware, {
		size: () => pages.size + queryPages.size,
		clear: () => {
			pages.clear()
			queryPages.clear()
		},
	})
}
