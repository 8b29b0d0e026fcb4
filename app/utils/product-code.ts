// Product codes are what visitors send on WhatsApp to buy, and what the seller types into an order, so
// two codes that look the same must be the same code. Codes are compared case-insensitively (the
// products.code column is COLLATE NOCASE); this module makes every other look-alike spelling one.

export const PRODUCT_CODE_MAX_LENGTH = 40

/** Latin letters and digits in groups joined by single hyphens: KPI-101, PS001, DPI-2024-3. */
const PRODUCT_CODE_PATTERN = /^[A-Z\d]+(?:-[A-Z\d]+)*$/i

// Characters that render as nothing (zero-width space and joiners, soft hyphen, byte-order mark,
// direction marks, variation selectors, Hangul fillers): Unicode's default-ignorable code points.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu
// Every hyphen and dash (‐ ‑ ‒ – — ― − ﹣ －, …) that NFKC does not already turn into "-".
const DASH = /\p{Dash}/gu

/**
 * The one spelling of a typed code: compatibility forms folded (NFKC: "ＫＰＩ" → "KPI", ideographic
 * space → space), invisible characters dropped, look-alike dashes made "-", spaces around it trimmed.
 * Letter case is kept (the database compares codes without it). Anything else stays, for the pattern
 * to refuse with a message.
 */
export function normaliseProductCode(input: string) {
	// Invisible characters go before and after folding: one may sit between a letter and its accent.
	return input.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '').replace(DASH, '-').trim()
}

export function isProductCode(code: string) {
	return code.length <= PRODUCT_CODE_MAX_LENGTH && PRODUCT_CODE_PATTERN.test(code)
}
