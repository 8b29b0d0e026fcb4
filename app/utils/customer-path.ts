// A customer's page is /admin/customers/<their key as an address segment>: the digits of their phone
// in its one spelling ("919876543210" for "+919876543210": no "+" to be read as a space, and one address
// however the phone was typed in their orders), or the email, lower case, of a customer with no phone.

export function customerPath(key: string) {
	return `/admin/customers/${encodeURIComponent(key.startsWith('+') ? key.slice(1) : key)}`
}

/** The customer key an address segment names (already decoded by the router), or null for none. */
export function customerKeyFromSegment(segment: string) {
	if (/^\d{10,15}$/.test(segment)) return `+${segment}`
	if (segment.length <= 254 && segment.includes('@')) return segment.toLowerCase()
	return null
}
