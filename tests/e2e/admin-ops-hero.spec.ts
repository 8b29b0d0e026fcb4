import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { useShop } from '../helpers/shop'
import { makeVideoFixtures, probeStreams, type VideoFixtures, videoFolders } from './admin-ops-video-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Hero settings with ffmpeg on the machine: uploads become an H.264 web copy with a poster.
const shop = useShop()
let files: VideoFixtures

test.beforeAll(() => {
	files = makeVideoFixtures()
})
test.afterAll(() => fs.rmSync(files.dir, { recursive: true, force: true }))

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const hero = () =>
	shop()
		.db()
		.selectFrom('hero_settings')
		.select(['video_key', 'poster_key', 'video_enabled', 'title', 'subtitle'])
		.executeTakeFirstOrThrow()
const onDisk = (key: string) => path.join(shop().uploadsDir, key)

async function clearHeroVideo() {
	await shop().db().updateTable('hero_settings').set({ video_key: null, poster_key: null, video_enabled: 0 }).execute()
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })
		test.beforeEach(clearHeroVideo)

		test('upload a video with a new title, replace it, then remove it', async ({ page, request }) => {
			await page.goto(`${shop().url}/admin/hero-settings`)
			await expect(page.getByRole('heading', { level: 1, name: 'Hero Settings' })).toBeVisible()
			await page.getByRole('switch', { name: /Enable Background Video/ }).check()
			await page.getByLabel('Main Title').fill('Handwoven in Pochampally')
			await page.getByLabel('Subtitle', { exact: true }).fill('Ikat silk, straight from the loom')
			await page.getByLabel('Upload video').setInputFiles(files.mp4)
			// With JS the file goes by XMLHttpRequest (upload progress); without, the form posts itself.
			const sent = page.waitForRequest((r) => r.method() === 'POST')
			await page.getByRole('button', { name: 'Save Changes' }).click()
			expect(new URL((await sent).url()).pathname).toBe(javaScriptEnabled ? '/admin/video-upload' : '/admin/hero-settings')
			await expect(flash(page, 'Hero settings updated successfully.')).toBeVisible({ timeout: 30_000 })

			const saved = await hero()
			expect(saved).toMatchObject({ video_enabled: 1, title: 'Handwoven in Pochampally', subtitle: 'Ikat silk, straight from the loom' })
			expect(saved.video_key).toMatch(/^videos\/[a-f0-9]{32}\/video\.mp4$/)
			expect(saved.poster_key).toBe(saved.video_key!.replace('video.mp4', 'poster.jpg'))
			// The web copy: H.264 in MP4, no audio, at most 720p, 4:3 kept.
			const probed = probeStreams(onDisk(saved.video_key!))
			expect(probed.streams).toEqual([{ codec_type: 'video', codec_name: 'h264', width: 960, height: 720, pix_fmt: 'yuv420p' }])
			expect(probed.format.format_name).toContain('mp4')
			expect(fs.readFileSync(onDisk(saved.poster_key!)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))

			// The page shows it, and /media serves it in ranges (as a <video> asks for it).
			const videoUrl = `/media/${saved.video_key}`
			await expect(page.getByLabel('Current hero video')).toHaveAttribute('src', videoUrl)
			await expect(page.getByLabel('Current hero video')).toHaveAttribute('poster', `/media/${saved.poster_key}`)
			await expect(page.getByRole('link', { name: `${shop().url}${videoUrl}` })).toBeVisible()
			const ranged = await request.get(`${shop().url}${videoUrl}`, { headers: { Range: 'bytes=0-99' } })
			expect(ranged.status()).toBe(206)
			expect(ranged.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/)
			expect(ranged.headers()['content-type']).toBe('video/mp4')

			// Replacing: the new one is served and the old folder is gone.
			const firstFolder = path.dirname(onDisk(saved.video_key!))
			await page.getByLabel('Replace video').setInputFiles(files.otherMp4)
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(flash(page, 'Hero settings updated successfully.')).toBeVisible({ timeout: 30_000 })
			await expect.poll(async () => (await hero()).video_key).not.toBe(saved.video_key)
			const replaced = await hero()
			expect(fs.existsSync(onDisk(replaced.video_key!))).toBe(true)
			expect(fs.existsSync(firstFolder)).toBe(false)
			expect(replaced.title).toBe('Handwoven in Pochampally')
			await expect(page.getByLabel('Current hero video')).toHaveAttribute('src', `/media/${replaced.video_key}`)

			// Removing.
			await page.getByRole('button', { name: 'Remove video' }).click()
			await expect(flash(page, 'Video removed successfully.')).toBeVisible()
			expect(await hero()).toMatchObject({ video_key: null, poster_key: null })
			expect(fs.existsSync(path.dirname(onDisk(replaced.video_key!)))).toBe(false)
			expect(videoFolders(shop().uploadsDir).videos).toEqual([])
			await expect(page.getByText('No video uploaded yet.')).toBeVisible()
		})

		test('too large, not a video (text, a HEIC photo, M4A audio), or AVI: the right message and nothing stored', async ({ page }) => {
			await page.goto(`${shop().url}/admin/hero-settings`)
			const before = await hero()
			const cases = [
				[files.textAsMp4, 'Please select only video files'],
				[files.heic, 'Please select only video files'],
				[files.m4a, 'Please select only video files'],
				[files.tooBig, 'Video file size must be less than 50MB'],
				[files.avi, 'AVI videos cannot be played in web browsers. Please upload an MP4, WebM, OGG or MOV video.'],
			] as const
			for (const [file, message] of cases) {
				await page.getByLabel('Main Title').fill('Should not be saved')
				await page.getByLabel('Upload video').setInputFiles(file)
				await page.getByRole('button', { name: 'Save Changes' }).click()
				const field = page.getByLabel('Upload video')
				await expect(page.locator('#hero-video-error')).toHaveText(message, { timeout: 30_000 })
				await expect(field).toHaveAttribute('aria-invalid', 'true')
				expect(await hero()).toEqual(before)
				expect(videoFolders(shop().uploadsDir)).toEqual({ videos: [], tmp: [] })
			}
		})
	})
}

test('the title alone can change without a video; an empty title is refused', async ({ page }) => {
	await clearHeroVideo()
	await page.goto(`${shop().url}/admin/hero-settings`)
	await page.getByLabel('Main Title').fill('')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page.getByText('Please enter a main title.')).toBeVisible()
	await page.getByLabel('Main Title').fill('Weaving Tradition')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(flash(page, 'Hero settings updated successfully.')).toBeVisible()
	expect((await hero()).title).toBe('Weaving Tradition')
})

test('the hero screen is accessible and fits a 390 px phone', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(`${shop().url}/admin/hero-settings`)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	await expectNoSeriousA11yViolations(page)
})

// Playing the hero video on the home page is covered by storefront-home.spec.ts.
test('the home page shows the saved title and subtitle', async ({ page }) => {
	const video = await hero()
	await page.goto(shop().url)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(video.title)
	await expect(page.getByText(video.subtitle)).toBeVisible()
})
