import sharp from 'sharp'
import { describe, expect, test } from 'vitest'

import { cardFont } from './card-fonts.server'

/** The pixels of `text` drawn by Pango, with the font file or without one (the machine's own fonts). */
async function draw(text: string, font: { family: string; file?: string }) {
	return sharp({ text: { text, font: `${font.family} 48`, fontfile: font.file, dpi: 72, rgba: true } })
		.raw()
		.toBuffer({ resolveWithObject: true })
}

describe('card fonts', () => {
	test('English needs none of its own', () => {
		expect(cardFont('en')).toBeNull()
	})

	// Without a font for the script, Pango draws a box per letter; with the unpacked Noto face it draws
	// the letters, joined as the script joins them, so the two pictures cannot be the same.
	for (const [locale, sample] of [
		['te', 'పట్టు చీర'],
		['hi', 'रेशमी साड़ी'],
	] as const) {
		test(`the ${locale} face is unpacked to a TrueType file Pango draws the script with`, async () => {
			// First without: once a face is handed to Pango, the process falls back on it for its script.
			const without = await draw(sample, { family: 'DejaVu Sans' })
			const font = (await cardFont(locale))!
			expect(await cardFont(locale)).toEqual(font)
			const withFont = await draw(sample, font)
			expect(withFont.data.equals(without.data)).toBe(false)
			expect(withFont.info.width).not.toBe(without.info.width)
		})
	}
})
