import { expect, test } from 'vitest'

import { parsePage } from './page-number'

test('?page= is a positive integer or 1', () => {
	expect(parsePage(null)).toBe(1)
	expect(parsePage('2')).toBe(2)
	expect(parsePage('0')).toBe(1)
	expect(parsePage('-3')).toBe(1)
	expect(parsePage('abc')).toBe(1)
	expect(parsePage('1e9')).toBe(1)
	expect(parsePage('9999999')).toBe(1)
	expect(parsePage(new File([], 'page'))).toBe(1)
})
