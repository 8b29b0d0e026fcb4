import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import type { Locale } from '~/i18n/locales'
import { serverTranslator } from '~/i18n/messages.server'
import { resetEnvCache } from '~/utils/env.server'
import type { StoredImage } from '~/utils/media'

import { storeImage } from './images.server'
import {
	ensureShareCard,
	SHARE_CARD_HEIGHT,
	SHARE_CARD_MAX_BYTES,
	SHARE_CARD_WIDTH,
	type ShareCardInput,
	wrapText,
} from './share-card.server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'share-card-'))
let photo: StoredImage

beforeAll(async () => {
	process.env.UPLOADS_DIR = root
	resetEnvCache()
	// Noise is the worst case for JPEG: a busy weave photographed close up.
	const width = 1200
	const height = 1600
	const noise = Buffer.alloc(width * height * 3)
	for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251
	photo = await storeImage(
		await sharp(noise, { raw: { width, height, channels: 3 } })
			.jpeg({ quality: 95 })
			.toBuffer(),
	)
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** The card's words in a language, from the shop's catalogue. */
function labels(locale: Locale, code: string) {
	const { t } = serverTranslator(locale, 'shareCard')
	return { code: t('shareCard.code', { code }), scan: t('shareCard.scan') }
}

const input = (): ShareCardInput => ({
	image: photo,
	name: 'Rust "Telia Rumal" Ikat Silk Saree, Grid & Border – తేలియా రుమాల్ <script>',
	code: 'PI-302',
	salePricePaise: 10_500_00,
	originalPricePaise: 12_000_00,
	shopName: 'Pochampally Silk House',
	url: 'https://shop.example/product/42',
	locale: 'en',
	labels: labels('en', 'PI-302'),
})

const telugu = (): ShareCardInput => ({
	...input(),
	name: 'రస్ట్ తేలియా రుమాల్ ఇక్కత్ పట్టు చీర',
	url: 'https://shop.example/te/product/42',
	locale: 'te',
	labels: labels('te', 'PI-302'),
})

async function decodeQr(file: string) {
	const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
	return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
}

describe('share card', () => {
	test('is a 1080 × 1920 JPEG under 300 KB whose QR code opens the product page', async () => {
		const file = await ensureShareCard(input())
		const bytes = fs.readFileSync(file)
		expect(bytes.length).toBeLessThanOrEqual(SHARE_CARD_MAX_BYTES)
		const meta = await sharp(bytes).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT])
		expect(await decodeQr(file)).toBe('https://shop.example/product/42')
		expect(path.dirname(file)).toBe(path.join(root, photo.key))
	})

	test('is drawn once, and again (replacing the old one) when its name, price or shop name changes', async () => {
		const first = await ensureShareCard(input())
		const mtime = fs.statSync(first).mtimeMs
		expect(await ensureShareCard(input())).toBe(first)
		expect(fs.statSync(first).mtimeMs).toBe(mtime)
		for (const change of [{ name: 'Another name' }, { salePricePaise: 9_900_00 }, { shopName: 'Ikat Mandir' }] as Array<
			Partial<ShareCardInput>
		>) {
			const before = fs.readdirSync(path.join(root, photo.key)).filter((f) => f.startsWith('card-'))
			const next = await ensureShareCard({ ...input(), ...change })
			expect(before).not.toContain(path.basename(next))
			expect(fs.readdirSync(path.join(root, photo.key)).filter((f) => f.startsWith('card-'))).toEqual([path.basename(next)])
		}
	})

	test('a Telugu page’s card is its own file beside the English one, opens the Telugu page, and is redrawn without touching the English card', async () => {
		const english = await ensureShareCard(input())
		const first = await ensureShareCard(telugu())
		expect(path.basename(english)).toMatch(/^card-[\w-]{22}\.jpg$/)
		expect(path.basename(first)).toMatch(/^card-te-[\w-]{22}\.jpg$/)
		expect(await decodeQr(first)).toBe('https://shop.example/te/product/42')
		const meta = await sharp(first).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT])
		expect(fs.statSync(first).size).toBeLessThanOrEqual(SHARE_CARD_MAX_BYTES)
		// The same saree in Hindi is a third card; a new Telugu name replaces only the Telugu one.
		const hindi = await ensureShareCard({
			...telugu(),
			name: 'रस्ट तेलिया रुमाल इक्कत रेशमी साड़ी',
			url: 'https://shop.example/hi/product/42',
			locale: 'hi',
			labels: labels('hi', 'PI-302'),
		})
		expect(path.basename(hindi)).toMatch(/^card-hi-[\w-]{22}\.jpg$/)
		const renamed = await ensureShareCard({ ...telugu(), name: 'మరో పేరు' })
		const cards = fs.readdirSync(path.join(root, photo.key)).filter((f) => f.startsWith('card-'))
		expect(cards.sort()).toEqual([english, hindi, renamed].map((f) => path.basename(f)).sort())
		// The card's words are part of what names it: a catalogue change draws it again.
		const reworded = await ensureShareCard({ ...telugu(), name: 'మరో పేరు', labels: { ...labels('te', 'PI-302'), scan: 'స్కాన్ చేయండి' } })
		expect(reworded).not.toBe(renamed)
	}, 120_000)

	test('long names wrap onto at most three lines, the last cut with an ellipsis', () => {
		expect(wrapText('Maroon Kanchi Ikat Silk Saree with Green Temple Border', 20, 3)).toEqual([
			'Maroon Kanchi Ikat',
			'Silk Saree with',
			'Green Temple Border',
		])
		const lines = wrapText('word '.repeat(40), 12, 3)
		expect(lines).toHaveLength(3)
		expect(lines[2]!.endsWith('…')).toBe(true)
	})
})
