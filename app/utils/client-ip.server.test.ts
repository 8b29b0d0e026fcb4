import { describe, expect, test } from 'vitest'
import { pickClientAddress } from './client-ip.server'

describe('client address', () => {
	test('without trusted proxies the socket decides and X-Forwarded-For is ignored', () => {
		expect(pickClientAddress('203.0.113.5', '1.2.3.4', 0)).toBe('203.0.113.5')
		expect(pickClientAddress('::ffff:203.0.113.5', null, 0)).toBe('203.0.113.5')
		expect(pickClientAddress('::1', null, 0)).toBe('::1')
	})

	test('one trusted hop believes only the entry that proxy appended', () => {
		// A client forged "6.6.6.6"; the proxy appended the real peer 198.51.100.2.
		expect(pickClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.2', 1)).toBe('198.51.100.2')
		expect(pickClientAddress('10.0.0.2', '198.51.100.2', 1)).toBe('198.51.100.2')
	})

	test('two trusted hops step two entries back', () => {
		expect(pickClientAddress('10.0.0.3', '6.6.6.6, 198.51.100.2, 10.0.0.2', 2)).toBe('198.51.100.2')
	})

	test('more hops than entries: the leftmost address', () => {
		expect(pickClientAddress('10.0.0.2', '198.51.100.2', 5)).toBe('198.51.100.2')
	})

	test('a trusted proxy that sent no header: the socket', () => {
		expect(pickClientAddress('10.0.0.2', null, 1)).toBe('10.0.0.2')
		expect(pickClientAddress(null, null, 0)).toBe('unknown')
	})
})
