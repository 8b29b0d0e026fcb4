import { describe, expect, test } from 'vitest'

import { pageWindow } from './pagination'

describe('pagination', () => {
	test('shows first, last and the neighbours of the current page', () => {
		expect(pageWindow(1, 1)).toEqual([1])
		expect(pageWindow(1, 2)).toEqual([1, 2])
		expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10])
		expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
	})
})
