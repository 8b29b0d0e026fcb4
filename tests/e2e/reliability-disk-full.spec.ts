import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'

import { DISK_FULL_MESSAGE } from '../../app/services/storage.server'
import { signInAs } from '../helpers/auth'
import { message } from '../helpers/i18n'
import { type Shop, startShop } from '../helpers/shop'
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk'
import { listTree, mediaFolders, rowsWithMissingMedia } from './reliability-support'

// A full disk during an upload, for real: the shop's uploads folder is a 2 MB tmpfs. A product photo
// whose resized copies do not fit, and a hero video larger than the disk, are refused with a clear
// message next to their field; the form keeps what the seller typed; no partial file or temp folder
// remains; no row points at a missing file; and the shop keeps serving, small uploads included.

const DISK_BYTES = 2 * 1024 * 1024

let disk: SmallDisk
let shop: Shop
let files: { dir: string; bigPhoto: string; smallPhoto: string; bigVideo: string; smallVideo: string }

test.beforeAll(async () => {
	disk = mountSmallDisk(DISK_BYTES)
	shop = await startShop({ env: { UPLOADS_DIR: disk.dir }, launcher: disk.launcher })
	files = await makeFiles()
})

test.afterAll(async () => {
	await shop?.stop()
	if (shop) fs.rmSync(shop.dir, { recursive: true, force: true })
	disk?.release()
	if (files) fs.rmSync(files.dir, { recursive: true, force: true })
})

async function makeFiles() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-files-'))
	// Noise does not compress: its eight resized copies (WebP and JPEG at 360-1600 px) need several MB,
	// while the upload itself (about 3 MB) is well under the 10 MB limit and is held in memory, not on disk.
	const width = 1600
	const height = 2000
	const noise = Buffer.alloc(width * height * 3)
	for (let i = 0; i < noise.length; i++) noise[i] = (Math.imul(i, 2654435761) >>> 24) ^ (i * 7)
	const bigPhoto = path.join(dir, 'camera-photo.jpg')
	await sharp(noise, { raw: { width, height, channels: 3 } })
		.jpeg({ quality: 70 })
		.toFile(bigPhoto)
	const smallPhoto = path.join(dir, 'small-photo.jpg')
	await sharp({ create: { width: 300, height: 400, channels: 3, background: '#8a1c2b' } })
		.jpeg()
		.toFile(smallPhoto)
	// An MP4 header followed by zeros, larger than the whole disk (sparse: costs nothing to make).
	const smallVideo = path.join(dir, 'loom.mp4')
	execFileSync('ffmpeg', [
		'-hide_banner',
		'-loglevel',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		'testsrc=duration=1:size=320x240:rate=10',
		'-c:v',
		'libx264',
		'-pix_fmt',
		'yuv420p',
		smallVideo,
	])
	const bigVideo = path.join(dir, 'long-video.mp4')
	fs.writeFileSync(bigVideo, fs.readFileSync(smallVideo).subarray(0, 64))
	fs.truncateSync(bigVideo, 2 * DISK_BYTES)
	return { dir, bigPhoto, smallPhoto, bigVideo, smallVideo }
}

/** The uploads disk as this process sees it. */
const uploads = () => disk.view(shop.process.pid!)

async function expectNothingHalfWritten(mediaBefore: string[]) {
	expect(listTree(path.join(uploads(), '.tmp'))).toEqual([])
	expect(mediaFolders(uploads())).toEqual(mediaBefore)
	expect(await rowsWithMissingMedia(shop, uploads())).toEqual([])
}

async function expectStillServing(page: Page) {
	const home = await page.request.get(`${shop.url}/`)
	expect(home.status()).toBe(200)
	expect((await page.request.get(`${shop.url}/healthz`)).status()).toBe(200)
}

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('the uploads folder really is the small disk', () => {
	const stats = fs.statfsSync(uploads())
	expect(stats.blocks * stats.bsize).toBeLessThanOrEqual(DISK_BYTES)
	expect(fs.statSync(files.bigPhoto).size).toBeLessThan(10 * 1024 * 1024)
})

for (const js of [true, false]) {
	const tag = js ? 'JS' : 'NOJS'
	test.describe(`with JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })
		test.beforeEach(async ({ context }) => {
			await signInAs(context, shop)
		})

		test('a product photo that does not fit: told next to the field, form kept, nothing half-written', async ({ page }) => {
			const mediaBefore = mediaFolders(uploads())
			await page.goto(`${shop.url}/admin/products/new`)
			await page.getByLabel('Product Name').fill(`Full Disk Saree ${tag}`)
			await page.getByLabel('Product Code').fill(`FULL-${tag}`)
			await page.getByLabel('Original Price').fill('12500')
			await page.getByLabel('Category').selectOption('Pochampally Ikkat')
			await page.getByLabel('Tags').fill('kept, typed')
			await page.getByLabel('Images', { exact: true }).setInputFiles(files.bigPhoto)
			await page.getByRole('button', { name: 'Publish Product' }).click()

			await expect(page.locator('#images-error')).toHaveText(message(DISK_FULL_MESSAGE), { timeout: 30_000 })
			await expect(page.getByLabel('Images', { exact: true })).toHaveAttribute('aria-invalid', 'true')
			await expect(page.getByLabel('Product Name')).toHaveValue(`Full Disk Saree ${tag}`)
			await expect(page.getByLabel('Tags')).toHaveValue('kept, typed')
			await expect(page.getByLabel('Category')).toHaveValue('Pochampally Ikkat')
			expect(await shop.db().selectFrom('products').select('id').where('code', '=', `FULL-${tag}`).execute()).toEqual([])
			await expectNothingHalfWritten(mediaBefore)
			await expectStillServing(page)

			if (js) {
				// The chosen photo stays chosen (to try again once there is room); here the seller swaps it.
				await page.getByRole('button', { name: 'Remove camera-photo.jpg' }).click()
			} else {
				await expect(page.getByText('Please choose the images again')).toBeVisible()
			}
			// A small photo still fits: the same form saves with it.
			await page.getByLabel('Images', { exact: true }).setInputFiles(files.smallPhoto)
			await page.getByRole('button', { name: 'Publish Product' }).click()
			await expect(flash(page, 'Product published successfully!')).toBeVisible({ timeout: 30_000 })
			const saved = await shop.db().selectFrom('products').select('id').where('code', '=', `FULL-${tag}`).executeTakeFirstOrThrow()
			const images = await shop.db().selectFrom('product_images').select('image_key').where('product_id', '=', saved.id).execute()
			expect(images).toHaveLength(1)
			expect(mediaFolders(uploads())).toEqual([...mediaBefore, images[0]!.image_key].sort())
			await expectNothingHalfWritten(mediaFolders(uploads()))
		})

		test('a hero video larger than the disk: told next to the field, title kept, nothing half-written', async ({ page }) => {
			const hero = () => shop.db().selectFrom('hero_settings').selectAll().executeTakeFirstOrThrow()
			const heroBefore = await hero()
			const mediaBefore = mediaFolders(uploads())
			await page.goto(`${shop.url}/admin/hero-settings`)
			await page.getByLabel('Main Title').fill(`Typed while the disk was full ${tag}`)
			await page.getByLabel(/^(Upload|Replace) video$/).setInputFiles(files.bigVideo)
			await page.getByRole('button', { name: 'Save Changes' }).click()

			await expect(page.locator('#hero-video-error')).toHaveText(message(DISK_FULL_MESSAGE), { timeout: 30_000 })
			await expect(page.getByLabel(/^(Upload|Replace) video$/)).toHaveAttribute('aria-invalid', 'true')
			await expect(page.getByLabel('Main Title')).toHaveValue(`Typed while the disk was full ${tag}`)
			expect(await hero()).toEqual(heroBefore)
			await expectNothingHalfWritten(mediaBefore)
			await expectStillServing(page)

			// A small video still fits.
			await page.getByLabel(/^(Upload|Replace) video$/).setInputFiles(files.smallVideo)
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(flash(page, 'Hero settings updated successfully.')).toBeVisible({ timeout: 30_000 })
			const saved = await hero()
			expect(saved.title).toBe(`Typed while the disk was full ${tag}`)
			expect(saved.video_key).toMatch(/^videos\/[a-f0-9]{32}\/video\.mp4$/)
			// The video it replaced is gone; nothing else is left behind.
			expect(mediaFolders(uploads())).toEqual(
				[...mediaBefore.filter((m) => !heroBefore.video_key?.startsWith(`${m}/`)), path.dirname(saved.video_key!)].sort(),
			)
			await expectNothingHalfWritten(mediaFolders(uploads()))
		})
	})
}
