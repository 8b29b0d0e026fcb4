export const GENERAL_ENQUIRY_TEXT = "Hi, I'm interested in your saree collection. Please provide more details."

export function orderText(product: { code: string; name: string }, productUrl: string) {
	return `Hi, I want to order this saree. Product Code: ${product.code} - ${product.name}.\n${productUrl}`
}

export function whatsappDigits(number: string) {
	return number.replace(/\D/g, '')
}

/** https://wa.me/<digits>?text=... */
export function whatsappUrl(number: string, text?: string) {
	const base = `https://wa.me/${whatsappDigits(number)}`
	return text ? `${base}?text=${encodeURIComponent(text)}` : base
}
