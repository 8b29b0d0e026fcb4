import { describe, expect, it } from 'vitest'

import { csvField, csvRow, csvStream } from './csv'

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

	it('streams a header, then each page as it is read, until the last', async () => {
		const pages = [
			{ rows: [['a', '1']], last: false },
			{ rows: [['=b', '2']], last: true },
		]
		let reads = 0
		const stream = csvStream(['Name', 'N'], async () => pages[reads++]!)
		// ignoreBOM: keep the mark, so the test sees it.
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer())
		expect(text).toBe('\uFEFF"Name","N"\r\n"a","1"\r\n"\'=b","2"\r\n')
		expect(reads).toBe(2)
	})
})
