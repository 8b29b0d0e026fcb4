// A GSTIN (India's GST identification number): 15 characters — the state's two-digit code, the
// holder's PAN (five letters, four digits, a letter), the registration's number under that PAN (1–9,
// then A–Z), "Z", and a check character. The check character is GSTN's published Luhn mod-36: each
// of the first 14 characters is worth its place in 0–9A–Z, every second one doubled; a product's
// base-36 digits are added; the check makes the sum a multiple of 36.

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const FORMAT = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The state and union territory codes GSTINs are issued under (97: other territory, 99: the centre's own). */
function isStateCode(code: number) {
	return (code >= 1 && code <= 38) || code === 97 || code === 99
}

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string) {
	let sum = 0
	for (let i = 0; i < 14; i++) {
		const product = CHARACTERS.indexOf(first14[i]!) * ((i % 2) + 1)
		sum += Math.floor(product / 36) + (product % 36)
	}
	return CHARACTERS[(36 - (sum % 36)) % 36]!
}

/** "27aapfu0939f1zv " → "27AAPFU0939F1ZV": spaces dropped, letters upper-cased. */
export function normaliseGstin(input: string) {
	return input.replace(/\s/g, '').toUpperCase()
}

/** What is wrong with a normalised GSTIN: its shape (or state code), its check character, or nothing (null). */
export function gstinProblem(gstin: string): 'format' | 'check' | null {
	const match = FORMAT.exec(gstin)
	if (!match || !isStateCode(Number(match[1]))) return 'format'
	return gstinCheckCharacter(gstin) === gstin[14] ? null : 'check'
}
