import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'

import { DEFAULT_LOCALE, isLocale, localizedPath } from '~/i18n/locales'
import { serverTranslator } from '~/i18n/messages.server'
import { getShareCardProduct } from '~/models/products-storefront.server'
import { getShopSettings } from '~/models/site.server'
import { ensureShareCard } from '~/services/share-card.server'
import { getEnv } from '~/utils/env.server'
import { parseRecordId } from '~/utils/record-id'
import { absoluteUrl } from '~/utils/seo'

import type { Route } from './+types/share-card'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * An active saree's 1080 × 1920 share card (drawn on first request after a change, then read from
 * disk). One address per saree and language (`/share-card/5`, and `?lang=te` or `?lang=hi` for the card
 * of the page in that language), so links to it keep working; the ETag is the card's file name, which
 * changes with everything drawn on it. `?download` asks the browser to save it. Any other `lang` is a
 * 404: a card is only ever drawn in one of the shop's languages, so no address makes a new file.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	const query = new URL(request.url).searchParams
	const lang = query.get('lang') ?? DEFAULT_LOCALE
	if (!isLocale(lang)) return notFound()
	const locale = lang
	const { t } = serverTranslator(locale, 'shareCard')
	const id = parseRecordId(params.id)
	const product = id === null ? null : await getShareCardProduct(id, locale)
	if (!product) return notFound()
	const shop = await getShopSettings()
	const file = await ensureShareCard({
		image: product.image,
		name: product.name,
		code: product.code,
		salePricePaise: product.salePricePaise,
		originalPricePaise: product.originalPricePaise,
		shopName: shop.shopName,
		url: absoluteUrl(getEnv().APP_ORIGIN, localizedPath(`/product/${product.id}`, locale)),
		locale,
		labels: { code: t('shareCard.code', { code: product.code }), scan: t('shareCard.scan') },
	})
	const etag = `"${path.basename(file, '.jpg')}"`
	const fileName = `${product.code.replace(/[^\w-]/g, '_')}-share-card.jpg`
	const download = query.has('download')
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
