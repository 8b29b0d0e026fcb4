import crypto from 'node:crypto'

import { getContentVersion } from '~/models/content-version.server'

// The catalogue feeds and the sitemap each list the whole catalogue, and their fetchers (shopping
// services, search engines, often from several machines a day) come back again and again: each is
// built once per change of what public pages show and kept in memory until the content version moves
// (any write to what public pages show, by any process). Fetchers revalidate with the ETag and get a
// 304 while nothing changed.

/** A body kept for reuse, and the ETag it is known by. */
export type KeptBody = { body: string; etag: string }

export function keptBody(body: string): KeptBody {
	return { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
}

/** What `build` makes, made once per content version and shared by every request meanwhile; a failed build is not kept. */
export function keptPerContentVersion<T>(build: () => Promise<T>): () => Promise<T> {
	let kept: { version: string; built: Promise<T> } | undefined
	return () => {
		const version = getContentVersion()
		if (kept?.version === version) return kept.built
		const mine = { version, built: build() }
		kept = mine
		// The next request tries again.
		mine.built.catch(() => {
			if (kept === mine) kept = undefined
		})
		return mine.built
	}
}

/** Whether If-None-Match names `etag` (compression may have weakened the one we sent). */
function matches(header: string | null, etag: string) {
	if (!header) return false
	return header.split(',').some((tag) => {
		const t = tag.trim()
		return t === '*' || t === etag || t === `W/${etag}`
	})
}

/** The answer for a kept body: 304 when the fetcher already holds it. */
export function keptResponse(request: Request, kept: KeptBody, headers: { 'Content-Type': string; 'Cache-Control': string }): Response {
	const all = { ...headers, ETag: kept.etag }
	if (matches(request.headers.get('if-none-match'), kept.etag)) return new Response(null, { status: 304, headers: all })
	return new Response(kept.body, { headers: all })
}
