import { isbot } from 'isbot'

import { DEFAULT_LOCALE, isTranslatedLocale, type Locale } from '~/i18n/locales'
import { countProductEnquiry } from '~/models/enquiries.server'
import { addressBucket, networkBucket } from '~/utils/client-ip.server'
import { type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { WHATSAPP_LANGUAGE_PARAM } from '~/utils/whatsapp'
import { whatsappUrl } from '~/utils/whatsapp'

// The WhatsApp routes of ours (/whatsapp, /whatsapp/product/:id, /whatsapp/shortlist): each counts
// what it should and sends the visitor on to the shop's chat.

/**
 * Whether a request is a person following a link on one of the shop's own pages, as far as the browser
 * says (Fetch Metadata; a browser that sends none is taken at its word): not another site's page, not an
 * image or frame embedding the address (which would count every reader of that page), not a prefetch.
 */
function isClickOnOurPage(headers: Headers) {
	const site = headers.get('sec-fetch-site')
	const dest = headers.get('sec-fetch-dest')
	const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`
	return (site === null || site === 'same-origin') && (dest === null || dest === 'document') && !/prefetch|prerender/i.test(purpose)
}

/**
 * Counts a click as an enquiry for each product (once per visitor per product per day, within the
 * visitor's and its network's daily budgets: see enquiries.server.ts). Only people's GET requests from
 * the shop's own pages count; crawlers, HEAD requests, other sites' links and embeds, and prefetches
 * are redirected uncounted.
 */
export function countEnquiries({ request, context }: RequestArgs, productIds: readonly number[]) {
	if (request.method !== 'GET' || isbot(request.headers.get('user-agent') ?? '') || !isClickOnOurPage(request.headers)) return
	const address = requestFacts(context).clientAddress
	const visitor = { visitor: addressBucket(address), network: networkBucket(address) ?? address }
	for (const id of productIds) countProductEnquiry(id, visitor)
}

/** The language the message is to be written in: `?lang=` of the page's link, English otherwise. */
export function messageLocale(request: Request): Locale {
	const lang = new URL(request.url).searchParams.get(WHATSAPP_LANGUAGE_PARAM)
	return isTranslatedLocale(lang) ? lang : DEFAULT_LOCALE
}

/** A redirect to the shop's chat with `text` typed in, never kept by a cache nor indexed. */
export function redirectToWhatsApp(number: string, text: string) {
	return new Response(null, {
		status: 303,
		headers: { Location: whatsappUrl(number, text), 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' },
	})
}
