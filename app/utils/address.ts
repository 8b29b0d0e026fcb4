// Delivery addresses are typed freely, the way a customer sends them on WhatsApp: several lines or one
// line with commas, a PIN code, a state, perhaps "India". The city is the last part that is none of those.

/**
 * India's states and union territories, as addresses name them (lower case; a few common spellings).
 * Delhi and Chandigarh are not here: an address that names them names its city.
 */
const STATES = new Set([
	'andhra pradesh',
	'ap',
	'arunachal pradesh',
	'assam',
	'bihar',
	'chhattisgarh',
	'goa',
	'gujarat',
	'haryana',
	'himachal pradesh',
	'jharkhand',
	'karnataka',
	'kerala',
	'madhya pradesh',
	'maharashtra',
	'manipur',
	'meghalaya',
	'mizoram',
	'nagaland',
	'odisha',
	'orissa',
	'punjab',
	'rajasthan',
	'sikkim',
	'tamil nadu',
	'tamilnadu',
	'telangana',
	'tripura',
	'uttar pradesh',
	'up',
	'uttarakhand',
	'west bengal',
	'andaman and nicobar islands',
	'dadra and nagar haveli and daman and diu',
	'jammu and kashmir',
	'ladakh',
	'lakshadweep',
	'puducherry',
	'pondicherry',
	'india',
])

// A PIN code (six digits, perhaps written "500 034"), and what is left around it: "Hyderabad - 500034".
const PIN = /\b\d{3}\s?\d{3}\b/g
const LABEL = /^(?:pin(?:\s*code)?|ph(?:one)?|mob(?:ile)?|tel)\b.*$/i

const DASH_OR_SPACE = /[\s\-–.]/u

/** "Hyderabad - " → "Hyderabad": what a PIN code leaves behind it. */
function trimDashes(part: string) {
	let start = 0
	let end = part.length
	while (start < end && DASH_OR_SPACE.test(part[start]!)) start++
	while (end > start && DASH_OR_SPACE.test(part[end - 1]!)) end--
	return part.slice(start, end)
}

/**
 * The city of a delivery address: of its lines and comma-separated parts, the last one that is left
 * once PIN codes, phone and PIN labels, states and "India" are taken out ("Pochampally" from
 * "4-12 Weavers Colony\nPochampally, Telangana 508284"). '' when no part is left.
 */
export function cityOfAddress(address: string) {
	const parts = address
		.split(/[\n,]/)
		.map((part) => trimDashes(part.replace(PIN, ' ')))
		.filter((part) => part && !LABEL.test(part) && !/^\+?[\d\s-]+$/.test(part))
	return (parts.findLast((part) => !STATES.has(part.toLowerCase())) ?? '').slice(0, 80)
}
