import crypto from 'node:crypto'

import { listFeedProducts } from '~/models/catalogue-feed.server'
import { getContentVersion } from '~/models/content-version.server'
import { getShopSettings } from '~/models/site.server'

import { buildFeedEntries, googleFeedXml, metaFeedCsv } from './catalogue-feed.server'
import { getEnv } from './env.server'

// Google and Meta fetch the feeds on a schedule (often several times a day, from several machines),
// and a feed holds every saree: each is built once per catalogue change and kept in memory until the
// content version moves (any write to what public pages show, by any process). Fetchers revalidate
// with the ETag and get a 304 while nothing changed.

export type FeedKind = 'google' | 'meta'

const CONTENT_TYPES: Record<FeedKind, string> = {
	google: 'application/xml; charset=utf-8',
	meta: 'text/csv; charset=utf-8',
}

type Built = { body: string; etag: string }

const kept = new Map<FeedKind, { version: string; built: Promise<Built> }>()

/** The feeds' entries and the photo problems the Settings page reports (built from one read). */
export async function readCatalogueFeed() {
	const origin = getEnv().APP_ORIGIN
	const [products, shop] = await Promise.all([listFeedProducts(), getShopSettings()])
	return { origin, shopName: shop.shopName, ...buildFeedEntries(products, origin) }
}

async function build(kind: FeedKind): Promise<Built> {
	const feed = await readCatalogueFeed()
	const body = kind === 'google' ? googleFeedXml(feed) : metaFeedCsv(feed)
	const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
	return { body, etag }
}

function current(kind: FeedKind): Promise<Built> {
	const version = getContentVersion()
	const entry = kept.get(kind)
	if (entry?.version === version) return entry.built
	const built = build(kind)
	kept.set(kind, { version, built })
	// A failed build is not kept: the next fetch tries again.
	built.catch(() => {
		if (kept.get(kind)?.built === built) kept.delete(kind)
	})
	return built
}

/** Whether If-None-Match names `etag` (compression may have weakened the one we sent). */
function matches(header: string | null, etag: string) {
	if (!header) return false
	return header.split(',').some((tag) => {
		const t = tag.trim()
		return t === '*' || t === etag || t === `W/${etag}`
	})
}

export async function feedResponse(request: Request, kind: FeedKind): Promise<Response> {
	const { body, etag } = await current(kind)
	// Stored by anyone, but checked with us before each use: the feed changes whenever the seller edits.
	const headers = { ETag: etag, 'Cache-Control': 'public, no-cache', 'Content-Type': CONTENT_TYPES[kind] }
	if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
	return new Response(body, { headers })
}
