import type { MouseEvent } from 'react'

import { useI18n } from '~/hooks/use-i18n'
import { DEFAULT_LOCALE, type Locale } from '~/i18n/locales'

// The product page's Share button. Without JavaScript (and where the browser has no share sheet) it
// is a link to the saree's share card image, which the visitor can save and post. With the Web Share
// API it opens the system share sheet: the card image and the product link where the browser can
// share files (level 2), the link alone where it cannot.

export function shareCardPath(productId: number) {
	return `/share-card/${productId}`
}

/**
 * The card of a page in `locale` (`/share-card/5?lang=te`), which the product page's loader works out:
 * a query rather than a route of its own, so no page's scripts carry another route.
 */
export function localizedShareCardPath(productId: number, locale: Locale) {
	return locale === DEFAULT_LOCALE ? shareCardPath(productId) : `${shareCardPath(productId)}?lang=${locale}`
}

/** `cardPath`: the card in the page's language (localizedShareCardPath). */
type Props = { cardPath: string; code: string; name: string; url: string; className?: string }

export function ShareButton({ cardPath, code, name, url, className }: Props) {
	const { t } = useI18n()

	async function share(event: MouseEvent<HTMLAnchorElement>) {
		if (typeof navigator.share !== 'function') return
		event.preventDefault()
		const link = { title: name, text: t('product.shareText', { name, code }), url }
		try {
			const response = await fetch(cardPath)
			if (response.ok) {
				const file = new File([await response.blob()], `${code}-share-card.jpg`, { type: 'image/jpeg' })
				if (navigator.canShare?.({ files: [file] })) {
					await navigator.share({ ...link, files: [file] })
					return
				}
			}
		} catch (error) {
			// The visitor closed the share sheet: nothing more to do.
			if (error instanceof DOMException && error.name === 'AbortError') return
		}
		await navigator.share(link).catch(() => {})
	}

	return (
		<a href={cardPath} onClick={share} className={className} data-share-card>
			<ShareIcon />
			{t('product.share')}
		</a>
	)
}

function ShareIcon() {
	return (
		<svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
			<circle cx="18" cy="5" r="3" />
			<circle cx="6" cy="12" r="3" />
			<circle cx="18" cy="19" r="3" />
			<path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
		</svg>
	)
}
