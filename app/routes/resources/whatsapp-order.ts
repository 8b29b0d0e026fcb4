import { serverTranslator } from '~/i18n/messages.server'
import { getOrderableProduct } from '~/models/products-storefront.server'
import { getShopSettings } from '~/models/site.server'
import { countEnquiries, messageLocale, redirectToWhatsApp } from '~/services/whatsapp-redirect.server'
import { getEnv } from '~/utils/env.server'
import { parseRecordId } from '~/utils/record-id'
import { orderText } from '~/utils/whatsapp'

import type { Route } from './+types/whatsapp-order'

const NOT_FOUND = () =>
	new Response('Product not found', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Robots-Tag': 'noindex, nofollow' },
	})

/**
 * "Order on WhatsApp": counts the enquiry for the product, then sends the visitor to the shop's chat
 * with the order text (the ask for a similar saree while it is reserved) and the product's address. Drafts and unknown ids are 404 and count nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const id = parseRecordId(params.id)
	const locale = messageLocale(request)
	const product = id === null ? null : await getOrderableProduct(id, locale)
	if (!product) return NOT_FOUND()
	const shop = await getShopSettings()
	countEnquiries({ request, context }, [product.id])
	return redirectToWhatsApp(
		shop.whatsappNumber,
		orderText(product, `${getEnv().APP_ORIGIN}/product/${product.id}`, serverTranslator(locale, 'whatsapp').t),
	)
}
