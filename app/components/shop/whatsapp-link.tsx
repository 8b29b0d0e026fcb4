import type { AnchorHTMLAttributes } from 'react'

import { DEFAULT_LOCALE, type Locale } from '~/i18n/locales'
import { useI18n } from '~/i18n/use-i18n'

// Every WhatsApp link goes through our server (/whatsapp, /whatsapp/product/:id, /whatsapp/shortlist), which counts the
// enquiry and redirects to wa.me. A plain <a> (not <Link>): it leaves the app in a new tab.
// nofollow keeps crawlers from following (and counting) them. `?lang=` asks for the message in the
// language of the page it was sent from (English without it).

export const CONTACT_PATH = '/whatsapp'

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
export const SHORTLIST_ORDER_PATH = '/whatsapp/shortlist'

export function shortlistOrderPath(locale: Locale) {
	return withLanguage(SHORTLIST_ORDER_PATH, locale)
}

export function WhatsAppLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
	const { locale } = useI18n()
	// eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in props.children
	return <a href={href ?? contactPath(locale)} target="_blank" rel="noopener nofollow" {...props} />
}
