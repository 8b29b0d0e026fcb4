// What an English interface word is, on a page meant to be in Telugu or Hindi: a run of two or more
// Latin letters that is not a name the seller or the world writes in Latin letters whatever the
// language (brands, formats, units), a product code, an email or web address, or a number's unit.

/** Names that stay in Latin letters in Telugu and Hindi interfaces too. */
const KEPT = new Set([
	'WhatsApp',
	'Instagram',
	'Google',
	'Meta',
	'Facebook',
	'Cloudflare',
	'UPI',
	'GST',
	'GSTIN',
	'HSN',
	'CSV',
	'ZIP',
	'QR',
	'PDF',
	'JPEG',
	'JPG',
	'PNG',
	'WebP',
	'GIF',
	'HEIC',
	'MP', // MP4: words are read as letters alone
	'OGG',
	'MOV',
	'AVI',
	'WebM',
	'MB',
	'KB',
	'GB',
	'px',
	'Ctrl',
	'MRP',
	'SKU',
	'OTP',
	'SMTP',
	'URL',
	'ID',
	'India',
	'Post',
	'Delhivery',
	'DTDC',
	'Blue',
	'Dart',
	'Professional',
	'Couriers',
	'Markdown',
	'English',
	'Litestream',
	'Android',
	'Noto',
	'Sans',
])

const ADDRESSES =
	/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|in|org|net|xml|csv|jpg|png|webp|zip)\b|\/[\w/.:-]*/g
/** Product codes and order numbers: capitals and digits with a hyphen (KPI-001, #12). */
const CODES = /\b[A-Z][A-Z0-9]*-[A-Z0-9-]+\b/g

/** The English-looking words left in `text` once kept names, addresses and codes are set aside. */
export function englishWordsIn(text: string, ownWords: readonly string[] = []) {
	const own = new Set(ownWords)
	const cleaned = text.replace(ADDRESSES, ' ').replace(CODES, ' ')
	const words = cleaned.match(/[A-Za-z]{2,}/g) ?? []
	return [...new Set(words.filter((word) => !KEPT.has(word) && !own.has(word)))]
}
