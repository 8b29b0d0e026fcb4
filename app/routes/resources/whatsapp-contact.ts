import { getShopSettings } from '~/models/site.server'
import { GENERAL_ENQUIRY_TEXT } from '~/utils/whatsapp'
import { redirectToWhatsApp } from '~/utils/whatsapp-redirect.server'

// The header's Contact button and the floating button: straight to the shop's WhatsApp chat with the
// general enquiry text. A server route, so the number always comes from the shop settings.
export async function loader() {
	const shop = await getShopSettings()
	return redirectToWhatsApp(shop.whatsappNumber, GENERAL_ENQUIRY_TEXT)
}
