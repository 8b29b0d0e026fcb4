import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { isProductCode, normaliseProductCode } from './product-code'

describe('normaliseProductCode', () => {
	test('codes that look the same are the same code', () => {
		const lookAlikes = [
			'KPI-101',
			'ＫＰＩ-101', // full-width letters
			'ＫＰＩ－１０１', // full-width everything
			'KPI‐101', // U+2010 hyphen
			'KPI‑101', // U+2011 non-breaking hyphen
			'KPI–101', // en dash
			'KPI—101', // em dash
			'KPI−101', // minus sign
			'KPI﹣101', // small hyphen-minus
			'KPI-101\u200b', // zero-width space
			'\ufeffKPI-\u200d101', // byte-order mark, zero-width joiner
			'KP\u00adI-101', // soft hyphen
			'KPI\u2060-101', // word joiner
			'\u202eKPI-101', // right-to-left override
			'KPI-101\ufe0f', // variation selector
			'  KPI-101\u3000', // spaces around (ideographic space too)
		]
		for (const code of lookAlikes) expect(normaliseProductCode(code), JSON.stringify(code)).toBe('KPI-101')
	})

	test('letter case is kept (the database compares without it)', () => {
		expect(normaliseProductCode('kpi-101')).toBe('kpi-101')
	})

	test('is idempotent', () => {
		expect(normaliseProductCode(normaliseProductCode('e\u200b\u0301'))).toBe(normaliseProductCode('e\u200b\u0301'))
		fc.assert(
			fc.property(fc.string({ unit: 'binary' }), (s) => {
				expect(normaliseProductCode(normaliseProductCode(s))).toBe(normaliseProductCode(s))
			}),
		)
	})
})

describe('isProductCode', () => {
	test('letters A-Z, digits and single hyphens between them', () => {
		for (const good of ['KPI-101', 'ps001', 'DPI-2024-3', 'A', '7']) expect(isProductCode(good), good).toBe(true)
		for (const bad of ['', 'KPI 101', 'KPI_101', 'KPI--101', '-KPI', 'KPI-', 'КРІ-101', 'KPÍ-101', 'KPI/101', 'A'.repeat(41)]) {
			expect(isProductCode(bad), bad).toBe(false)
		}
	})

	test('nothing that passes can hide a character one cannot see', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (s) => {
				const code = normaliseProductCode(s)
				if (isProductCode(code)) expect(code).toMatch(/^[\x21-\x7e]+$/)
			}),
		)
	})
})
