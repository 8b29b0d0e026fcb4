import { describe, expect, test } from 'vitest'

import { cityOfAddress } from './address'

describe('cityOfAddress', () => {
	test('the last part that is not a PIN code, a state, India or a phone', () => {
		expect(cityOfAddress('4-12 Weavers Colony\nPochampally, Telangana 508284')).toBe('Pochampally')
		expect(cityOfAddress('Flat 5, Road 3, Banjara Hills, Hyderabad - 500034, Telangana, India')).toBe('Hyderabad')
		expect(cityOfAddress('12 MG Road\nBengaluru 560 001\nKarnataka\nIndia\nPh: 98765 43210')).toBe('Bengaluru')
		expect(cityOfAddress('22 Janpath\nNew Delhi 110001')).toBe('New Delhi')
		expect(cityOfAddress('Vijayawada')).toBe('Vijayawada')
		expect(cityOfAddress('  \n 500034 \n')).toBe('')
		expect(cityOfAddress('')).toBe('')
	})
})
