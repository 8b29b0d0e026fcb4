import { serverTranslator } from '~/i18n/messages.server'
import { getShopSettings } from '~/models/site.server'
import { messageLocale, redirectToWhatsApp } from '~/services/whatsapp-redirect.server'
import { generalEnquiryText } from '~/utils/whatsapp'

import type { Route } from './+types/whatsapp-contact'

// The header's Contact button and the floating button: straight to the shop's WhatsApp chat with the
// general enquiry text in the visitor's language. A server route, so the number always comes from the
// shop settings.
export async function loader({ request }: Route.LoaderArgs) {
	const shop = await getShopSettings()
	return redirectToWhatsApp(shop.whatsappNumber, generalEnquiryText(serverTranslator(messageLocale(request), 'whatsapp').t))
}
