import { getShopSettings } from '~/models/site.server'
import { GENERAL_ENQUIRY_TEXT, whatsappUrl } from '~/utils/whatsapp'

// The header's Contact button and the floating button: straight to the shop's WhatsApp chat with the
// general enquiry text. A server route, so the number always comes from the shop settings.
export async function loader() {
	const shop = await getShopSettings()
	return new Response(null, {
		status: 303,
		headers: {
			Location: whatsappUrl(shop.whatsappNumber, GENERAL_ENQUIRY_TEXT),
			'Cache-Control': 'no-store',
			'X-Robots-Tag': 'noindex, nofollow',
		},
	})
}
