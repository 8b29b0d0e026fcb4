import type { AnchorHTMLAttributes } from 'react'

// Every WhatsApp link goes through our server (/whatsapp, /whatsapp/product/:id, /whatsapp/shortlist), which counts the
// enquiry and redirects to wa.me. A plain <a> (not <Link>): it leaves the app in a new tab.
// nofollow keeps crawlers from following (and counting) them.

export const CONTACT_PATH = '/whatsapp'

export function orderPath(productId: number) {
	return `/whatsapp/product/${productId}`
}

/** One message for every saree of the visitor's shortlist (see app/utils/shortlist.ts). */
export const SHORTLIST_ORDER_PATH = '/whatsapp/shortlist'

export function WhatsAppLink({ href = CONTACT_PATH, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
	// eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in props.children
	return <a href={href} target="_blank" rel="noopener nofollow" {...props} />
}
