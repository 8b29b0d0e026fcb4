import crypto from 'node:crypto'

/** A new order link token: 128 bits from the system's cryptographic random source (see utils/order-link.ts). */
export function newOrderLinkToken() {
	return crypto.randomBytes(16).toString('base64url')
}
