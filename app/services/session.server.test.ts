import { describe, expect, test } from 'vitest'

import { safeRedirectPath } from './session.server'

describe('safeRedirectPath', () => {
	test.each([
		['/admin/products?x=1', '/admin/products?x=1'],
		['/admin/orders/12/edit', '/admin/orders/12/edit'],
		['/admin', '/admin'],
	])('keeps the same-site path %s', (target, expected) => {
		expect(safeRedirectPath(target)).toBe(expected)
	})

	test.each([
		['//evil.example'],
		['//evil.example/admin'],
		['/\\evil.example'],
		['/\\/evil.example'],
		['https://evil.example'],
		['http:evil.example'],
		['javascript:alert(1)'],
		['evil.example'],
		['/admin\\..\\evil'],
		['/\t/evil.example'],
		['/\n/evil.example'],
		[''],
		[null],
		[undefined],
	])('refuses %j and falls back to /admin', (target) => {
		expect(safeRedirectPath(target as string | null | undefined)).toBe('/admin')
	})

	test('the fallback is configurable', () => {
		expect(safeRedirectPath('//evil.example', '')).toBe('')
	})

	test('what it keeps stays on our origin when a browser resolves it', () => {
		for (const target of ['/admin/products?x=1', '/%2F%2Fevil.example', '/.//evil.example']) {
			const kept = safeRedirectPath(target)
			expect(new URL(kept, 'https://shop.example').origin).toBe('https://shop.example')
		}
	})
})
