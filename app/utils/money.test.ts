import { describe, expect, test } from 'vitest'
import { formatPaise, paiseToInput, parseRupeesToPaise } from './money'

describe('money', () => {
	test('formats with the rupee sign and Indian grouping', () => {
		expect(formatPaise(12_345_600)).toBe('₹1,23,456')
		expect(formatPaise(150)).toBe('₹1.50')
		expect(formatPaise(0)).toBe('₹0')
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
