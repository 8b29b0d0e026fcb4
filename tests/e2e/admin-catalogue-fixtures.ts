import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Page } from '@playwright/test'
import sharp, { type Sharp } from 'sharp'

import type { Shop } from '../helpers/shop'

// Shared set-up for the admin catalogue specs: real image files to upload and a look at the disk (rows
// are seeded with tests/helpers/seed.ts).

export type ImageFiles = {
	/** Three pictures with different shapes, so their order can be told apart by width × height. */
	wide: string
	square: string
	tall: string
	six: string[]
	/** An 11 MB file (over the 10 MB limit). */
	big: string
	/** A text file named .jpg. */
	fake: string
	/** A HEIC photo, as iPhones take them (HEVC, which the shop cannot decode). */
	heic: string
	dir: string
}

export async function makeImageFiles(): Promise<ImageFiles> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-images-'))
	const write = async (name: string, image: Sharp) => {
		const file = path.join(dir, name)
		await image.toFile(file)
		return file
	}
	const canvas = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } })
	const wide = await write('wide-red.jpg', canvas(600, 400, '#b01020').jpeg())
	const square = await write('square-green.png', canvas(500, 500, '#109040').png())
	const tall = await write('tall-blue.webp', canvas(400, 600, '#1030b0').webp())
	const six: string[] = []
	for (let i = 1; i <= 6; i++) six.push(await write(`small-${i}.jpg`, canvas(64 + i, 64, '#888').jpeg()))
	const big = path.join(dir, 'huge-photo.jpg')
	const bytes = crypto.randomBytes(11 * 1024 * 1024)
	bytes.set([0xff, 0xd8, 0xff, 0xe0])
	fs.writeFileSync(big, bytes)
	const fake = path.join(dir, 'not-a-photo.jpg')
	fs.writeFileSync(fake, 'This is a plain text file pretending to be a photograph.\n'.repeat(20))
	const heic = path.join(dir, 'IMG_0042.HEIC')
	fs.copyFileSync(path.resolve(import.meta.dirname, '../fixtures/photo.heic'), heic)
	return { wide, square, tall, six, big, fake, heic, dir }
}

/** Every stored media folder (`images/<id>`) on disk. */
export function storedImageDirs(shop: Shop) {
	const root = path.join(shop.uploadsDir, 'images')
	if (!fs.existsSync(root)) return []
	return fs
		.readdirSync(root)
		.map((id) => `images/${id}`)
		.sort()
}

export function mediaExists(shop: Shop, key: string) {
	return fs.existsSync(path.join(shop.uploadsDir, key))
}

/** No horizontal page scroll at the current viewport. */
export async function hasHorizontalScroll(page: Page) {
	return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}

/** Interactive elements in the admin UI smaller than 44 px in either direction (checkboxes count by their label). */
export async function smallTapTargets(page: Page) {
	return page.evaluate(() => {
		const small: string[] = []
		const candidates = document.querySelectorAll<HTMLElement>(
			'main a[href], main button, main input:not([type=hidden]), main select, main textarea, #admin-sidebar a[href], #admin-sidebar button, #admin-menu-button',
		)
		for (const element of candidates) {
			if (element.closest('[aria-hidden="true"]')) continue
			const style = getComputedStyle(element)
			if (style.visibility === 'hidden' || style.display === 'none') continue
			const target =
				element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
					? (element.closest('label') ?? element)
					: element
			const box = target.getBoundingClientRect()
			if (box.width === 0 && box.height === 0) continue
			if (box.height < 44 || box.width < 44)
				small.push(
					`${element.tagName} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('name') || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`,
				)
		}
		return small
	})
}
