import { listFeedProducts } from '~/models/catalogue-feed.server'
import { getShopSettings } from '~/models/site.server'
import { getEnv } from '~/utils/env.server'

import { buildFeedEntries, googleFeedXml, metaFeedCsv } from './catalogue-feed.server'
import { type KeptBody, keptBody, keptPerContentVersion, keptResponse } from './kept-answers.server'

// Google and Meta fetch the feeds on a schedule: each is built once per catalogue change and kept
// (app/services/kept-answers.server.ts).

export type FeedKind = 'google' | 'meta'

const CONTENT_TYPES: Record<FeedKind, string> = {
	google: 'application/xml; charset=utf-8',
	meta: 'text/csv; charset=utf-8',
}

/** The feeds' entries and the photo problems the Settings page reports (built from one read). */
export async function readCatalogueFeed() {
	const origin = getEnv().APP_ORIGIN
	const [products, shop] = await Promise.all([listFeedProducts(), getShopSettings()])
	return { origin, shopName: shop.shopName, ...buildFeedEntries(products, origin) }
}

async function build(kind: FeedKind) {
	const feed = await readCatalogueFeed()
	return keptBody(kind === 'google' ? googleFeedXml(feed) : metaFeedCsv(feed))
}

const kept: Record<FeedKind, () => Promise<KeptBody>> = {
	google: keptPerContentVersion(() => build('google')),
	meta: keptPerContentVersion(() => build('meta')),
}

export async function feedResponse(request: Request, kind: FeedKind): Promise<Response> {
	// Stored by anyone, but checked with us before each use: the feed changes whenever the seller edits.
	return keptResponse(request, await kept[kind](), { 'Content-Type': CONTENT_TYPES[kind], 'Cache-Control': 'public, no-cache' })
}
