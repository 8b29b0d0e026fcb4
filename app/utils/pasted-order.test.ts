import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { ORDER_LIMITS } from '~/schemas/order'

import { looseCode, pastedProducts, readPastedMessage } from './pasted-order'

const CATALOGUE = [
	{ code: 'PS-101', name: 'Red Ikkat Silk', pricePaise: 1_250_000 },
	{ code: 'KP-202', name: 'Green Kanchi Ikkat', pricePaise: 1_875_050 },
	{ code: 'DPI2024', name: 'Blue Pochampally', pricePaise: 900_000 },
]

/** What the database answers for the message's words: the catalogue's products whose loose code is one of them. */
function lookUp(message: string) {
	const read = readPastedMessage(message)
	const asked = new Set(read.words.map((w) => w.loose))
	return {
		read,
		...pastedProducts(
			read,
			CATALOGUE.filter((p) => asked.has(looseCode(p.code))),
		),
	}
}

const codes = (message: string) => lookUp(message).found.map((p) => p.code)

describe('readPastedMessage and pastedProducts', () => {
	test("the shop's own order texts, in every language, name their code", () => {
		expect(codes('Hi, I want to order this saree. Product Code: PS-101 - Red Ikkat Silk.\nhttps://shop.example/product/12')).toEqual([
			'PS-101',
		])
		expect(codes('నమస్తే, నేను ఈ చీరను ఆర్డర్ చేయాలనుకుంటున్నాను. ప్రోడక్ట్ కోడ్: KP-202 - Green Kanchi Ikkat.')).toEqual(['KP-202'])
		expect(codes('नमस्ते, मुझे यह साड़ी ऑर्डर करनी है। प्रोडक्ट कोड: DPI2024 - Blue.')).toEqual(['DPI2024'])
		const shortlist = [
			"Hi, I'm interested in these 2 sarees from my shortlist.",
			'',
			'1. Product Code: PS-101 - Red Ikkat Silk\nhttps://shop.example/product/12',
			'',
			'2. Product Code: KP-202 - Green Kanchi Ikkat (sold out)\nhttps://shop.example/product/13',
		].join('\n')
		expect(codes(shortlist)).toEqual(['PS-101', 'KP-202'])
	})

	test('a code in any letter case, with or without its hyphen, look-alike spellings too', () => {
		expect(codes('is ps-101 available? and kp202?')).toEqual(['PS-101', 'KP-202'])
		expect(codes('ＰＳ－１０１ please')).toEqual(['PS-101'])
		expect(codes('PS\u2013101 and dpi-2024')).toEqual(['PS-101', 'DPI2024'])
	})

	test('a code said twice is one product', () => {
		expect(codes('PS-101 please. Is PS-101 still there? ps101')).toEqual(['PS-101'])
	})

	test('words, prices and phone numbers are not codes, and only code-like words are reported missing', () => {
		const { found, notFound } = lookUp('Saree price Rs12500 or ₹12,500? Call 98765 43210 at 6pm. Codes KP-999 and zz100, 2nd one.')
		expect(found).toEqual([])
		expect(notFound).toEqual(['KP-999', 'zz100'])
	})

	test('a labelled code the catalogue lacks is reported, whatever its shape', () => {
		expect(lookUp('Product Code: 4711 - Old saree').notFound).toEqual(['4711'])
	})

	test('an Indian mobile number in any usual spelling, or none', () => {
		for (const written of [
			'98765 43210',
			'+91 98765 43210',
			'+91-98765-43210',
			'+919876543210',
			'9876543210',
			'09876543210',
			'919876543210',
		])
			expect(readPastedMessage(`call me on ${written} please`).phone, written).toBe('+919876543210')
		expect(readPastedMessage('order 12345 for ₹12500').phone).toBeNull()
		// Not a mobile: too long, starting with 5, or glued to more digits.
		expect(readPastedMessage('ref 98765432101234').phone).toBeNull()
		expect(readPastedMessage('5876543210').phone).toBeNull()
	})

	test('a message of the largest size, made of anything, is read quickly into a bounded list of words', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: ORDER_LIMITS.pasted }), (message) => {
				const read = readPastedMessage(message)
				expect(read.words.length).toBeLessThanOrEqual(500)
				for (const w of read.words) expect(w.word.length).toBeLessThanOrEqual(40)
			}),
			{ numRuns: 50 },
		)
		// The worst shapes for the patterns (a backtracking one would not finish within the test's time).
		for (const hostile of ['9 '.repeat(2000), '-'.repeat(4000), 'A1-'.repeat(1333), '+91'.repeat(1333), 'code: '.repeat(666)]) {
			expect(readPastedMessage(hostile).words.length).toBeLessThanOrEqual(500)
		}
	})

	test('distinct words are capped, so the database is asked about at most 500', () => {
		const many = Array.from({ length: 2000 }, (_, i) => `AB${i}`).join(' ')
		expect(readPastedMessage(many).words).toHaveLength(500)
	})

	test('two codes that differ only by a hyphen leave a hyphenless word to the seller', () => {
		const read = readPastedMessage('KP202 or KP-202')
		const twins = [CATALOGUE[1]!, { code: 'KP2-02', name: 'Other', pricePaise: 1 }]
		expect(pastedProducts(readPastedMessage('kp202'), twins)).toEqual({ found: [], notFound: ['kp202'] })
		expect(pastedProducts(read, twins).found.map((p) => p.code)).toEqual([])
		expect(pastedProducts(readPastedMessage('kp-202'), twins).found.map((p) => p.code)).toEqual(['KP-202'])
	})
})
