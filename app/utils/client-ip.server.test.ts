import { describe, expect, test } from 'vitest'
import { clientAddressGroup, CLIENT_ADDRESS_HEADER, getClientAddress, normalizeAddress } from './client-ip.server'

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

	test('an IPv6 client is one /64; an IPv4 client is its address', () => {
		expect(clientAddressGroup('203.0.113.5')).toBe('203.0.113.5')
		expect(clientAddressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
		expect(clientAddressGroup('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64')
		expect(clientAddressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
		expect(clientAddressGroup('::1')).toBe('0:0:0:0::/64')
		expect(clientAddressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
		expect(clientAddressGroup('unknown')).toBe('unknown')
	})
})
