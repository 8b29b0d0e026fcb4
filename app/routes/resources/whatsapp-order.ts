import { isbot } from 'isbot'

import { countProductEnquiry } from '~/models/enquiries.server'
import { getOrderableProduct } from '~/models/products.server'
import { getShopSettings } from '~/models/site.server'
import { addressBucket, getClientAddress } from '~/utils/client-ip.server'
import { getEnv } from '~/utils/env.server'
import { parseRecordId } from '~/utils/record-id'
import { orderText, whatsappUrl } from '~/utils/whatsapp'

import type { Route } from './+types/whatsapp-order'

const NOT_FOUND = () =>
	new Response('Product not found', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Robots-Tag': 'noindex, nofollow' },
	})

/**
 * "Order on WhatsApp": counts the enquiry for the product (once per visitor per day, written in
 * batches: see enquiries.server.ts), then sends the visitor to the shop's chat with the order text and
 * the product's address. Drafts and unknown ids are 404 and count nothing; crawlers and HEAD requests
 * are redirected without being counted.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
	const id = parseRecordId(params.id)
	const product = id === null ? null : await getOrderableProduct(id)
	if (!product) return NOT_FOUND()
	const shop = await getShopSettings()
	if (request.method === 'GET' && !isbot(request.headers.get('user-agent') ?? '')) {
		countProductEnquiry(product.id, addressBucket(getClientAddress(request)))
	}
	const productUrl = `${getEnv().APP_ORIGIN}/product/${product.id}`
	return new Response(null, {
		status: 303,
		headers: {
			Location: whatsappUrl(shop.whatsappNumber, orderText(product, productUrl)),
			'Cache-Control': 'no-store',
			'X-Robots-Tag': 'noindex, nofollow',
		},
	})
}
