import { describe, expect, test } from 'vitest'

import { gstinCheckCharacter, gstinProblem, normaliseGstin } from './gstin'

const isValidGstin = (gstin: string) => gstinProblem(gstin) === null

// Real-format GSTINs whose check characters were published with them.
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1', '24AAACC1206D1ZM']

describe('GSTIN', () => {
	test('published GSTINs pass, and their check characters are computed back', () => {
		for (const gstin of VALID) {
			expect(isValidGstin(gstin), gstin).toBe(true)
			expect(gstinCheckCharacter(gstin.slice(0, 14)), gstin).toBe(gstin[14])
		}
	})

	test('any other check character fails', () => {
		for (const gstin of VALID) {
			for (const wrong of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.replace(gstin[14]!, '')) {
				expect(isValidGstin(gstin.slice(0, 14) + wrong), gstin.slice(0, 14) + wrong).toBe(false)
			}
		}
		// The format example printed in many guides has the right shape but not the right check character.
		expect(gstinProblem('22AAAAA0000A1Z5')).toBe('check')
	})

	test('one changed character in the body is caught by the check character', () => {
		const gstin = VALID[0]!
		for (let i = 2; i < 14; i++) {
			const swapped =
				gstin.slice(0, i) + (/\d/.test(gstin[i]!) ? String((Number(gstin[i]) + 1) % 10) : gstin[i] === 'Z' ? 'A' : 'Z') + gstin.slice(i + 1)
			expect(isValidGstin(swapped), swapped).toBe(false)
		}
	})

	test('the format: length, PAN shape, the Z and the state code', () => {
		for (const wrong of [
			'',
			'27AAPFU0939F1Z',
			'27AAPFU0939F1ZV1',
			'27AAPF10939F1ZV',
			'27AAPFU0939F1XV',
			'27AAPFU0939F0ZV',
			'00AAPFU0939F1ZV',
			'45AAPFU0939F1ZV',
		]) {
			expect(gstinProblem(wrong), wrong).toBe('format')
		}
	})

	test('spaces and lower case are tidied before the check', () => {
		expect(normaliseGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV')
		expect(normaliseGstin('27 AAPFU 0939 F1ZV')).toBe('27AAPFU0939F1ZV')
	})
})
