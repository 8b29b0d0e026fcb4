import { describe, expect, test } from 'vitest'

import { CLIENT_ADDRESS_HEADER, getClientAddress, normalizeAddress } from './client-ip.server'

describe('client address', () => {
	test('route code reads the address the server put in its own header', () => {
		expect(getClientAddress(new Request('http://shop/', { headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.5' } }))).toBe('203.0.113.5')
		expect(getClientAddress(new Request('http://shop/'))).toBe('unknown')
	})

	test('IPv4 on a dual-stack socket loses its ::ffff: prefix', () => {
		expect(normalizeAddress('::ffff:203.0.113.5')).toBe('203.0.113.5')
		expect(normalizeAddress('::1')).toBe('::1')
		expect(normalizeAddress(undefined)).toBe('unknown')
	})
})
