import { describe, expect, test } from 'vitest'

import { listAddress } from './list-address'

describe('listAddress', () => {
	test('is the bare list on its first page with nothing filtered', () => {
		expect(listAddress('/admin/orders', { q: '' })).toBe('/admin/orders')
		expect(listAddress('/admin/products', { q: '', status: null, category: undefined }, 1)).toBe('/admin/products')
	})

	test('keeps the filters in use, in order, then the page', () => {
		expect(listAddress('/admin/products', { q: 'ikkat silk', status: 'draft', category: null }, 3)).toBe(
			'/admin/products?q=ikkat+silk&status=draft&page=3',
		)
		expect(listAddress('/admin/orders', { q: 'a&b=c' }, 2)).toBe('/admin/orders?q=a%26b%3Dc&page=2')
	})
})
