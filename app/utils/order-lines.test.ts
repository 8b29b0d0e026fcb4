import { expect, test } from 'vitest'

import { linePaise, sumLines } from './order-lines'

test('line totals add up in paise', () => {
	expect(
		sumLines([
			{ unitPricePaise: 1_250_000, quantity: 2 },
			{ unitPricePaise: 1_875_050, quantity: 1 },
		]),
	).toBe(4_375_050)
})

test('a line is its price times its quantity', () => {
	expect(linePaise({ unitPricePaise: 1_875_050, quantity: 3 })).toBe(5_625_150)
})
