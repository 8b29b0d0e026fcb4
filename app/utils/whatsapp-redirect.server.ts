import { isbot } from 'isbot'

import { countProductEnquiry } from '~/models/enquiries.server'

import { addressBucket, getClientAddress } from './client-ip.server'
import { whatsappUrl } from './whatsapp'

// The WhatsApp routes of ours (/whatsapp, /whatsapp/product/:id, /whatsapp/shortlist): each counts
// what it should and sends the visitor on to the shop's chat.

/**
 * Counts a click as an enquiry for each product (once per visitor per product per day: see
 * enquiries.server.ts). Only people's GET requests count; crawlers and HEAD requests are redirected uncounted.
 */
export function countEnquiries(request: Request, productIds: readonly number[]) {
	if (request.method !== 'GET' || isbot(request.headers.get('user-agent') ?? '')) return
	const visitor = addressBucket(getClientAddress(request))
	for (const id of productIds) countProductEnquiry(id, visitor)
}

/** A redirect to the shop's chat with `text` typed in, never kept by a cache nor indexed. */
export function redirectToWhatsApp(number: string, text: string) {
	return new Response(null, {
		status: 303,
		headers: { Location: whatsappUrl(number, text), 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' },
	})
}
