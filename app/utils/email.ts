// Email addresses, checked the same way by the forms (app/schemas/fields.ts) and the configuration
// (ADMIN_EMAIL, app/utils/env.server.ts).

/** The longest address SMTP carries (RFC 5321: 256 octets for the path, minus its angle brackets). */
export const EMAIL_MAX_LENGTH = 254

/**
 * The one address pattern of the shop: something@domain.tld, no spaces. Linear time: the domain is split
 * at its dots and no part may contain one, so every character has exactly one place in a match (the
 * earlier `[^\s@]+\.[^\s@]+` could split a run of dots in n ways, and tried them all).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export function isEmail(value: string) {
	return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}
