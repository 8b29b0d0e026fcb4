import { describe, expect, test } from 'vitest'

import { parseRecordId } from './record-id'

describe('parseRecordId', () => {
	test('reads a whole number of 1 to 15 digits above zero', () => {
		expect(parseRecordId('12')).toBe(12)
		expect(parseRecordId('012')).toBe(12)
		expect(parseRecordId('999999999999999')).toBe(999_999_999_999_999)
	})
	test('refuses every other spelling', () => {
		for (const raw of ['', '0', '000', '-1', '1e3', ' 12', '12 ', '0x10', '12.0', '+12', '١٢', '1234567890123456', null, undefined]) {
			expect(parseRecordId(raw), String(raw)).toBeNull()
		}
	})
})
