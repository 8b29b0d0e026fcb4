export const GENERAL_ENQUIRY_TEXT = "Hi, I'm interested in your saree collection. Please provide more details."

export function orderText(product: { code: string; name: string }, productUrl: string) {
	return `Hi, I want to order this saree. Product Code: ${product.code} - ${product.name}.\n${productUrl}`
}

/** One message for a visitor's shortlist: every saree's code, name and address, numbered, sold-out ones marked. */
export function shortlistText(products: ReadonlyArray<{ code: string; name: string; url: string; soldOut: boolean }>) {
	const lines = products.map(
		(product, i) => `${i + 1}. Product Code: ${product.code} - ${product.name}${product.soldOut ? ' (sold out)' : ''}\n${product.url}`,
	)
	const count = products.length === 1 ? 'this saree' : `these ${products.length} sarees`
	return `Hi, I'm interested in ${count} from my shortlist.\n\n${lines.join('\n\n')}`
}

export function whatsappDigits(number: string) {
	return number.replace(/\D/g, '')
}

/** https://wa.me/<digits>?text=... */
export function whatsappUrl(number: string, text?: string) {
	const base = `https://wa.me/${whatsappDigits(number)}`
	return text ? `${base}?text=${encodeURIComponent(text)}` : base
}
