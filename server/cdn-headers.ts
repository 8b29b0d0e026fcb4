import type { NextFunction, Request, Response } from 'express'

import { carriesCookie } from './page-cache'

/**
 * What a shared cache (a CDN, Varnish) may keep of a shareable page (docs/decisions/0043): five minutes
 * fresh, then served for one more minute while it fetches a new copy in the background, and emptied
 * by the purge as soon as the content version changes (server/cdn-purge.ts). Browsers keep nothing
 * fresh (`max-age=0`): they ask again on every visit, and the CDN answers.
 */
const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60'

/**
 * The surrogate key (Varnish, Fastly) and cache tag (Cloudflare) of every shareable page. One key for
 * all of them: the content version that decides when pages change is one counter over every table a
 * public page shows, so any change purges every page, never a list of them.
 */
export const PAGE_TAG = 'shop-pages'

/** Whether the answer is a page every visitor gets the same, which a shared cache may keep. */
type SharedPageTest = (req: Request, res: Response) => boolean

/**
 * Says, on every answer, whether a shared cache may keep it. A shareable page answered 200 (or 304) to a GET
 * or HEAD without Set-Cookie gets SHARED_PAGE_CACHE_CONTROL and the page tag; any other answer the
 * route gave no Cache-Control of its own gets `no-store`, since a cache with a default lifetime
 * (Varnish keeps such answers two minutes) would otherwise hand one visitor's error, redirect or data
 * request to the next. Filled in just before the head is written, like securityHeaders, which still
 * turns anything carrying a cookie private afterwards.
 */
export function sharedCacheHeaders(options: { isSharedPage: SharedPageTest; flashCookie: string }) {
	return (req: Request, res: Response, next: NextFunction) => {
		const writeHead = res.writeHead
		res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
			const status = typeof args[0] === 'number' ? args[0] : this.statusCode
			if (!this.hasHeader('cache-control')) {
				const shared =
					(req.method === 'GET' || req.method === 'HEAD') &&
					// A 304 repeats the 200's headers: a shared cache copies them onto the copy it keeps (RFC 9111 §4.3.4).
					(status === 200 || status === 304) &&
					!this.hasHeader('set-cookie') &&
					!carriesCookie(req, options.flashCookie) &&
					options.isSharedPage(req, this)
				if (shared) {
					this.setHeader('Cache-Control', SHARED_PAGE_CACHE_CONTROL)
					this.setHeader('Surrogate-Key', PAGE_TAG)
					this.setHeader('Cache-Tag', PAGE_TAG)
				} else {
					this.setHeader('Cache-Control', 'no-store')
				}
			}
			return writeHead.apply(this, args)
		} as Response['writeHead']
		next()
	}
}
