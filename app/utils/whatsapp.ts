import type { Translator } from '~/i18n/translate'

// The texts visitors send on WhatsApp, in their language (the `whatsapp` area of the catalogue): the
// caller passes the translator of the visitor's language (serverTranslator(locale, 'whatsapp')).

type T = Translator['t']

export function generalEnquiryText(t: T) {
	return t('whatsapp.generalEnquiry')
}

export function orderText(product: { code: string; name: string }, productUrl: string, t: T) {
	return t('whatsapp.order', { code: product.code, name: product.name, url: productUrl })
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

export function whatsappDigits(number: string) {
	return number.replace(/\D/g, '')
}

/** https://wa.me/<digits>?text=... */
export function whatsappUrl(number: string, text?: string) {
	const base = `https://wa.me/${whatsappDigits(number)}`
	return text ? `${base}?text=${encodeURIComponent(text)}` : base
}
