import { expect, test } from 'vitest'

import { orderImages } from './product-editor.server'

test('image order follows the position numbers; new files without one go last', () => {
	const existing = [
		{ item: 'a', position: '2' },
		{ item: 'b', position: '' },
		{ item: 'c', position: '1' },
	]
	expect(orderImages(existing, [{ item: 'n1' }, { item: 'n2' }])).toEqual(['c', 'a', 'b', 'n1', 'n2'])
	expect(orderImages([{ item: 'a', position: '2' }], [{ item: 'n1', position: '1' }])).toEqual(['n1', 'a'])
	expect(
		orderImages(
			[
				{ item: 'a', position: '1' },
				{ item: 'b', position: '1' },
			],
			[],
		),
	).toEqual(['a', 'b'])
})
