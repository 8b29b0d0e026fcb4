import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'

import { getShareCardProduct } from '~/models/products-storefront.server'
import { getShopSettings } from '~/models/site.server'
import { ensureShareCard } from '~/services/share-card.server'
import { getEnv } from '~/utils/env.server'
import { parseRecordId } from '~/utils/record-id'
import { absoluteUrl } from '~/utils/seo'

import type { Route } from './+types/share-card'

/**
 * An active saree's 1080 × 1920 share card (drawn on first request after a change, then read from
 * disk). One address per saree, so links to it keep working; the ETag is the card's file name, which
 * changes with everything drawn on it. `?download` asks the browser to save it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	const id = parseRecordId(params.id)
	const product = id === null ? null : await getShareCardProduct(id)
	if (!product) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const shop = await getShopSettings()
	const file = await ensureShareCard({
		image: product.image,
		name: product.name,
		code: product.code,
		salePricePaise: product.salePricePaise,
		originalPricePaise: product.originalPricePaise,
		shopName: shop.shopName,
		url: absoluteUrl(getEnv().APP_ORIGIN, `/product/${product.id}`),
	})
	const etag = `"${path.basename(file, '.jpg')}"`
	const fileName = `${product.code.replace(/[^\w-]/g, '_')}-share-card.jpg`
	const download = new URL(request.url).searchParams.has('download')
	const headers = {
		'Content-Type': 'image/jpeg',
		'Cache-Control': 'public, no-cache',
		ETag: etag,
		'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${fileName}"`,
	}
	if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
	const stat = await fs.promises.stat(file)
	return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
		headers: { ...headers, 'Content-Length': String(stat.size) },
	})
}
