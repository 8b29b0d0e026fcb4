import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'

import { imageWidths } from '~/utils/media'

import { backfillImageDerivatives } from './images.server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'images-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

async function oldImage(id: string, widths: number[]) {
	const dir = path.join(root, 'images', id)
	fs.mkdirSync(dir, { recursive: true })
	for (const width of widths) {
		const picture = sharp({ create: { width, height: Math.round((width * 4) / 3), channels: 3, background: '#8a1c2b' } })
		await picture
			.clone()
			.jpeg()
			.toFile(path.join(dir, `${width}.jpg`))
		await picture
			.clone()
			.webp()
			.toFile(path.join(dir, `${width}.webp`))
	}
	return dir
}

describe('backfillImageDerivatives', () => {
	test('an image stored before the 200 px size gets it, from the next size up; a second start writes nothing', async () => {
		const dir = await oldImage('a'.repeat(32), [360, 720, 1080, 1600])
		fs.writeFileSync(path.join(dir, '.200.webp.123.tmp'), 'cut short')
		expect(await backfillImageDerivatives(root)).toBe(2)
		const files = fs.readdirSync(dir).sort()
		expect(files).toEqual(
			imageWidths(1600)
				.flatMap((w) => [`${w}.jpg`, `${w}.webp`])
				.sort(),
		)
		for (const format of ['jpg', 'webp']) {
			const meta = await sharp(path.join(dir, `200.${format}`)).metadata()
			expect(meta.width).toBe(200)
			expect(meta.height).toBe(267)
		}
		expect(await backfillImageDerivatives(root)).toBe(0)
	})

	test('a damaged stored file is reported, not thrown, and leaves nothing behind', async () => {
		const dir = path.join(root, 'images', 'c'.repeat(32))
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(path.join(dir, '360.jpg'), Buffer.alloc(2048, 3))
		fs.writeFileSync(path.join(dir, '360.webp'), Buffer.alloc(2048, 3))
		const errors: string[] = []
		const original = console.error
		console.error = (message: string) => errors.push(message)
		try {
			expect(await backfillImageDerivatives(root)).toBe(0)
		} finally {
			console.error = original
		}
		expect(errors).toHaveLength(2)
		expect(fs.readdirSync(dir).sort()).toEqual(['360.jpg', '360.webp'])
	})

	test('an image narrower than 200 px needs nothing; no images folder is no error', async () => {
		await oldImage('b'.repeat(32), [150])
		expect(await backfillImageDerivatives(root)).toBe(0)
		expect(await backfillImageDerivatives(path.join(root, 'missing'))).toBe(0)
	})
})
