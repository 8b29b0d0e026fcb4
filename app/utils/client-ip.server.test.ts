import { describe, expect, test } from 'vitest'

import { addressBucket, networkBucket, normalizeAddress } from './client-ip.server'

describe('client address', () => {
	test('IPv4 on a dual-stack socket loses its ::ffff: prefix', () => {
		expect(normalizeAddress('::ffff:203.0.113.5')).toBe('203.0.113.5')
		expect(normalizeAddress('::1')).toBe('::1')
		expect(normalizeAddress(undefined)).toBe('unknown')
	})

	test('one spelling per address: ports, brackets, hex-mapped IPv4 and leading zeros are read away; anything else is unknown', () => {
		expect(normalizeAddress('198.51.100.50:40001')).toBe('198.51.100.50')
		expect(normalizeAddress('[2001:db8:dddd:1::7]:443')).toBe('2001:db8:dddd:1::7')
		expect(normalizeAddress('::ffff:c633:640a')).toBe('198.51.100.10')
		expect(normalizeAddress('198.51.100.010')).toBe('198.51.100.10')
		expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1%eth0')
		for (const madeUp of ['garbage1', '999.1.1.1', '1.2.3.4.5', '2001:db8::1::2', '1.2.3.4:x', '<script>']) {
			expect(normalizeAddress(madeUp)).toBe('unknown')
		}
	})

	test('a network is an IPv6 /48 (many /64s of one subscriber); an IPv4 address has none', () => {
		expect(networkBucket('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48')
		expect(networkBucket('2001:DB8:ABCD:ffff::9')).toBe('2001:db8:abcd::/48')
		expect(networkBucket('fe80::1%eth0')).toBe('fe80:0:0::/48')
		expect(networkBucket('203.0.113.5')).toBeNull()
		expect(networkBucket('unknown')).toBeNull()
		expect(addressBucket('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64')
	})
})
