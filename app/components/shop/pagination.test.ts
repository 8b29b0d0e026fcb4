import { describe, expect, test } from 'vitest'

import { pageWindow, parsePage } from './pagination'

describe('pagination', () => {
	test('shows first, last and the neighbours of the current page', () => {
		expect(pageWindow(1, 1)).toEqual([1])
		expect(pageWindow(1, 2)).toEqual([1, 2])
		expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10])
		expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
	})
	test('?page= is a positive integer or 1', () => {
		expect(parsePage(null)).toBe(1)
		expect(parsePage('2')).toBe(2)
		expect(parsePage('0')).toBe(1)
		expect(parsePage('-3')).toBe(1)
		expect(parsePage('abc')).toBe(1)
		expect(parsePage('1e9')).toBe(1)
	})
})
