import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { formatPaise, paiseToInput, parseRupeesToPaise } from './money'

describe('money', () => {
	test('formats with the rupee sign and Indian grouping', () => {
		expect(formatPaise(12_345_600)).toBe('₹1,23,456')
		expect(formatPaise(150)).toBe('₹1.50')
		expect(formatPaise(0)).toBe('₹0')
	})
	test('exactly what Intl.NumberFormat en-IN would write, for any whole number of paise', () => {
		const intl = (paise: number) =>
			paise % 100 === 0
				? new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 })
						.format(paise / 100)
						.replace(/\.00$/, '')
				: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100)
		for (const paise of [1, 99, 100, 101, 99_999, 100_000, 1_234_567_89, 10_000_000_000, -150, -12_345_600]) {
			expect(formatPaise(paise)).toBe(intl(paise))
		}
		fc.assert(fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => formatPaise(paise) === intl(paise)))
	})
	test('parses typed amounts exactly', () => {
		expect(parseRupeesToPaise('1,250')).toBe(125_000)
		expect(parseRupeesToPaise('1250.5')).toBe(125_050)
		expect(parseRupeesToPaise('₹ 0.07')).toBe(7)
		expect(parseRupeesToPaise('19.999')).toBeNull()
		expect(parseRupeesToPaise('-5')).toBeNull()
		expect(parseRupeesToPaise('abc')).toBeNull()
		expect(parseRupeesToPaise('')).toBeNull()
	})
	test('round-trips through the form value', () => {
		expect(paiseToInput(125_050)).toBe('1250.50')
		expect(paiseToInput(125_000)).toBe('1250')
	})
})
