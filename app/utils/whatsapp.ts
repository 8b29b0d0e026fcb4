import { DEFAULT_LOCALE, type Locale } from '~/i18n/locales'
import type { Translator } from '~/i18n/translate'

// The texts visitors send on WhatsApp, in their language (the `whatsapp` area of the catalogue): the
// caller passes the translator of the visitor's language (serverTranslator(locale, 'whatsapp')).

type T = Translator['t']

export function generalEnquiryText(t: T) {
	return t('whatsapp.generalEnquiry')
}

/** A reserved saree (every piece held by an open order) is asked about for a similar one instead of ordered. */
export function orderText(product: { code: string; name: string; reserved: boolean }, productUrl: string, t: T) {
	return t(product.reserved ? 'whatsapp.similar' : 'whatsapp.order', { code: product.code, name: product.name, url: productUrl })
}

/** One message for a visitor's shortlist: every saree's code, name and address, numbered, sold-out ones marked. */
export function shortlistText(products: ReadonlyArray<{ code: string; name: string; url: string; soldOut: boolean }>, t: T) {
	const lines = products.map((product, i) =>
		t(product.soldOut ? 'whatsapp.shortlistLineSoldOut' : 'whatsapp.shortlistLine', {
			number: i + 1,
			code: product.code,
			name: product.name,
			url: product.url,
		}),
	)
	return `${t('whatsapp.shortlistIntro', { count: products.length })}\n\n${lines.join('\n\n')}`
}

function whatsappDigits(number: string) {
	return number.replace(/\D/g, '')
}

/** https://wa.me/<digits>?text=... */
export function whatsappUrl(number: string, text?: string) {
	const base = `https://wa.me/${whatsappDigits(number)}`
	return text ? `${base}?text=${encodeURIComponent(text)}` : base
}

// Every WhatsApp link goes through our server (/whatsapp, /whatsapp/product/:id, /whatsapp/shortlist), which counts the
// enquiry and redirects to wa.me. `?lang=` asks for the message in the language of the page it was
// sent from (English without it).

const CONTACT_PATH = '/whatsapp'

/** The name of the query parameter that carries the visitor's language. */
export const WHATSAPP_LANGUAGE_PARAM = 'lang'

function withLanguage(path: string, locale: Locale) {
	return locale === DEFAULT_LOCALE ? path : `${path}?${WHATSAPP_LANGUAGE_PARAM}=${locale}`
}

export function contactPath(locale: Locale) {
	return withLanguage(CONTACT_PATH, locale)
}

export function orderPath(productId: number, locale: Locale) {
	return withLanguage(`/whatsapp/product/${productId}`, locale)
}

/** One message for every saree of the visitor's shortlist (see app/utils/shortlist.ts). */
const SHORTLIST_ORDER_PATH = '/whatsapp/shortlist'

export function shortlistOrderPath(locale: Locale) {
	return withLanguage(SHORTLIST_ORDER_PATH, locale)
}
