import { describe, expect, it } from 'vitest'

import { csvField, csvRow } from './csv'

describe('csv', () => {
	it('quotes every field and doubles quotes inside', () => {
		expect(csvRow(['a', 'say "hi"', 'x,y'])).toBe('"a","say ""hi""","x,y"')
	})

	it.each(['=1+1', '+91 98765 43210', '-5', '@SUM(A1)', '\tx', '\rx'])('guards %j so a spreadsheet does not run it', (value) => {
		expect(csvField(value)).toBe(`"'${value}"`)
	})

	it('leaves ordinary text alone', () => {
		expect(csvField('Kanchipattu Pochampally Ikkat')).toBe('"Kanchipattu Pochampally Ikkat"')
	})
})
