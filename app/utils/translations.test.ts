import { expect, test } from 'vitest'

import type { Locale } from '~/i18n/locales'

import { localizedColumn, pickTranslation, translationColumns, translationKey } from './translations'

test('a translation is shown in its own language when the seller gave one, else the English text', () => {
	expect(pickTranslation('Red saree', 'ఎరుపు చీర', 'te')).toEqual({ text: 'ఎరుపు చీర', lang: 'te' })
	expect(pickTranslation('Red saree', 'लाल साड़ी', 'hi')).toEqual({ text: 'लाल साड़ी', lang: 'hi' })
	for (const missing of ['', '  \n ', null, undefined]) {
		expect(pickTranslation('Red saree', missing, 'te')).toEqual({ text: 'Red saree', lang: 'en' })
	}
	// English visitors always get the original, whatever is passed.
	expect(pickTranslation('Red saree', 'ఎరుపు చీర', 'en')).toEqual({ text: 'Red saree', lang: 'en' })
	expect(pickTranslation('Red saree', 'x', 'fr' as Locale)).toEqual({ text: 'Red saree', lang: 'en' })
})

test('only the visitor language column is read, and only from the fixed list', () => {
	expect(translationColumns(['name', 'description'], 'te')).toEqual(['name_te', 'description_te'])
	expect(translationColumns(['name'], 'hi')).toEqual(['name_hi'])
	expect(translationColumns(['name'], 'en')).toEqual([])
	expect(translationColumns(['name'], 'name; DROP TABLE products' as Locale)).toEqual([])
	const row = { name: 'Red saree', name_te: 'ఎరుపు చీర', name_hi: '' }
	expect(localizedColumn(row, 'name', 'te')).toEqual({ text: 'ఎరుపు చీర', lang: 'te' })
	expect(localizedColumn(row, 'name', 'hi')).toEqual({ text: 'Red saree', lang: 'en' })
	expect(localizedColumn({ name: 'Red saree' }, 'name', 'te')).toEqual({ text: 'Red saree', lang: 'en' })
	expect(translationKey('description', 'hi')).toBe('descriptionHi')
})
