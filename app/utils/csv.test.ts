import { describe, expect, it } from 'vitest'

import { csvField, csvRow } from './csv'

describe('csv', () => {
	it('quotes every field and doubles quotes inside', () => {
		expect(csvRow(['a', 'say "hi"', 'x,y'])).toBe('"a","say ""hi""","x,y"')
	})

	it.each(['=1+1', '+91 98765 43210', '-5', '@SUM(A1)', '\tx', '\rx'])('guards %j so a spreadsheet does not run it', (value) => {
		expect(csvField(value)).toBe(`"'${value}"`)
	})

	it('leaves a phone number written +<digits> as it is: a number, not a formula', () => {
		expect(csvField('+919876543210')).toBe('"+919876543210"')
		expect(csvField('+91 98765 43210')).toBe(`"'+91 98765 43210"`)
		expect(csvField('+91+cmd')).toBe(`"'+91+cmd"`)
	})

	it('leaves ordinary text alone', () => {
		expect(csvField('Kanchipattu Pochampally Ikkat')).toBe('"Kanchipattu Pochampally Ikkat"')
	})
})
