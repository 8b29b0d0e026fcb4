import { normaliseProductCode, PRODUCT_CODE_MAX_LENGTH } from './product-code'

// A customer's WhatsApp message, pasted into the order form: the product codes and the phone number in
// it. Which words are codes only the catalogue can say ("Saree", "12500" and a URL's words are words
// too), so this module finds the candidates and the caller asks the database about them once.

/** Most distinct words asked about: a pasted chat of the form's maximum length has fewer. */
const MAX_WORDS = 500

/** Letters and digits in groups joined by single hyphens: the shape of a product code (and of many words). */
const WORD = /[a-z\d]+(?:-[a-z\d]+)*/gi

/** The shop's own order texts name the code after a label, in each language ("Product Code: KPI-101 - …"). */
const LABELLED_CODE = /(?:code|కోడ్|कोड)\s*[:：]\s*([a-z\d]+(?:-[a-z\d]+)*)/giu

/**
 * A word written the way codes are (letters, then digits, perhaps a hyphen: KPI-101, ps001, DPI-2024-3),
 * which is worth telling the seller about when the catalogue has no such code. Rupees ("Rs500") are not.
 */
const CODE_LIKE = /^[a-z]{1,6}-?\d[a-z\d]*(?:-[a-z\d]+)*$/i
const MONEY = /^(?:rs|inr)-?\d/i

/**
 * An Indian mobile number: ten digits from 6 to 9, perhaps after +91, 91 or 0, with spaces or hyphens
 * between digits, and no other digit glued to either end.
 */
const INDIAN_MOBILE = /(?<![\d+])(?:\+?91[\s-]*|0)?([6-9](?:[\s-]?\d){9})(?!\d)/u

/** A code as the catalogue compares it loosely: no letter case, no hyphens ("kpi101" is KPI-101). */
export function looseCode(code: string) {
	return code.replace(/-/g, '').toUpperCase()
}

export type PastedMessage = {
	/** Distinct candidate words, in the order they appear, each as written and in its loose form. */
	words: Array<{ word: string; loose: string; codeLike: boolean }>
	/** "+91" and the ten digits, or null when the message has no Indian mobile number. */
	phone: string | null
}

/** Reads the candidates for codes and the phone number out of a pasted message (at most the form's length). */
export function readPastedMessage(message: string): PastedMessage {
	// One spelling first, as for a typed code: full-width letters, invisible characters, look-alike dashes.
	const text = normaliseProductCode(message)
	const labelled = new Set([...text.matchAll(LABELLED_CODE)].map((match) => looseCode(match[1]!)))
	const mobile = INDIAN_MOBILE.exec(text)
	const words = new Map<string, PastedMessage['words'][number]>()
	for (const [word] of text.matchAll(WORD)) {
		if (words.size >= MAX_WORDS) break
		if (word.length > PRODUCT_CODE_MAX_LENGTH) continue
		const loose = looseCode(word)
		if (words.has(loose)) continue
		const codeLike = labelled.has(loose) || (CODE_LIKE.test(word) && !MONEY.test(word))
		words.set(loose, { word, loose, codeLike })
	}
	return { words: [...words.values()], phone: mobile ? `+91${mobile[1]!.replace(/\D/g, '')}` : null }
}

type Product = { code: string; name: string; pricePaise: number }

/**
 * The products a message names, in the order it names them, and the code-like words the catalogue does
 * not have. `products` are those whose loose code is one of the message's words. A word matches the code
 * spelled exactly like it (any letter case) first; without hyphens, the one code that differs only by
 * them. Two codes that differ only by hyphens leave a hyphenless word to the seller (listed as not found).
 */
export function pastedProducts<P extends Product>(message: PastedMessage, products: readonly P[]) {
	const found: P[] = []
	const notFound: string[] = []
	for (const { word, loose, codeLike } of message.words) {
		const exact = products.find((p) => p.code.toUpperCase() === word.toUpperCase())
		const alike = products.filter((p) => looseCode(p.code) === loose)
		const product = exact ?? (alike.length === 1 ? alike[0] : undefined)
		if (product) {
			if (!found.includes(product)) found.push(product)
		} else if (codeLike || alike.length > 1) notFound.push(word)
	}
	return { found, notFound }
}
