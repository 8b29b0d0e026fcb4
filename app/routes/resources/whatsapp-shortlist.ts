import { redirect } from 'react-router'

import { localizedPath } from '~/i18n/locales'
import { serverTranslator } from '~/i18n/messages.server'
import { listListedProductsById } from '~/models/products-storefront.server'
import { getShopSettings } from '~/models/site.server'
import { countEnquiries, messageLocale, redirectToWhatsApp } from '~/services/whatsapp-redirect.server'
import { getEnv } from '~/utils/env.server'
import { absoluteUrl } from '~/utils/seo'
import { SHORTLIST_PATH } from '~/utils/shortlist'
import { readShortlist } from '~/utils/shortlist.server'
import { shortlistText } from '~/utils/whatsapp'

import type { Route } from './+types/whatsapp-shortlist'

/**
 * "Send my shortlist on WhatsApp": one message with every saree of the visitor's shortlist (their
 * cookie), counted as an enquiry for each. Sarees no longer listed are left out; with none left, the
 * visitor is taken back to the shortlist page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = messageLocale(request)
	const products = await listListedProductsById(readShortlist(request), locale)
	if (!products.length) return redirect(localizedPath(SHORTLIST_PATH, locale), { status: 303, headers: { 'Cache-Control': 'no-store' } })
	const shop = await getShopSettings()
	const origin = getEnv().APP_ORIGIN
	countEnquiries(
		{ request, context },
		products.map((product) => product.id),
	)
	return redirectToWhatsApp(
		shop.whatsappNumber,
		shortlistText(
			products.map((product) => ({ ...product, url: absoluteUrl(origin, `/product/${product.id}`) })),
			serverTranslator(locale, 'whatsapp').t,
		),
	)
}
