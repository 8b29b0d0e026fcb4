import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { useShop } from '../helpers/shop'
import { makeVideoFixtures, type VideoFixtures, videoFolders } from './admin-ops-video-fixtures'

// Without ffmpeg (FFMPEG_PATH=none) the upload is served exactly as it was sent, with no poster.
const shop = useShop({ env: { FFMPEG_PATH: 'none' } })
let files: VideoFixtures

test.beforeAll(() => {
	files = makeVideoFixtures()
})
test.afterAll(() => fs.rmSync(files.dir, { recursive: true, force: true }))

for (const javaScriptEnabled of [true, false]) {
	test(`the original upload is stored and served as it is (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled })
		await signInAs(context, shop())
		const page = await context.newPage()
		await page.goto(`${shop().url}/admin/hero-settings`)
		await page.getByLabel(/^(Upload|Replace) video$/).setInputFiles(files.mp4)
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Hero settings updated successfully.' })).toBeVisible({ timeout: 30_000 })

		const row = await shop().db().selectFrom('hero_settings').select(['video_key', 'poster_key']).executeTakeFirstOrThrow()
		expect(row.video_key).toMatch(/^videos\/[a-f0-9]{32}\/video\.mp4$/)
		expect(row.poster_key).toBeNull()
		const stored = path.join(shop().uploadsDir, row.video_key!)
		expect(fs.readFileSync(stored).equals(fs.readFileSync(files.mp4))).toBe(true)
		expect(fs.readdirSync(path.dirname(stored))).toEqual(['video.mp4'])
		expect(videoFolders(shop().uploadsDir).videos).toHaveLength(1)
		await expect(page.getByLabel('Current hero video')).not.toHaveAttribute('poster', /./)

		const ranged = await page.request.get(`${shop().url}/media/${row.video_key}`, { headers: { Range: 'bytes=10-19' } })
		expect(ranged.status()).toBe(206)
		expect(Buffer.from(await ranged.body()).equals(fs.readFileSync(files.mp4).subarray(10, 20))).toBe(true)
		await context.close()
	})
}

test('a HEIC photo or M4A audio is not stored as the hero video: the message is next to the field', async ({ browser }) => {
	// Without JavaScript the server alone decides (with it, the browser refuses these by their type first).
	const context = await browser.newContext({ javaScriptEnabled: false })
	await signInAs(context, shop())
	const page = await context.newPage()
	const hero = () => shop().db().selectFrom('hero_settings').select(['video_key', 'title']).executeTakeFirstOrThrow()
	const before = { row: await hero(), folders: videoFolders(shop().uploadsDir) }
	await page.goto(`${shop().url}/admin/hero-settings`)
	for (const file of [files.heic, files.m4a]) {
		await page.getByLabel('Main Title').fill('Should not be saved')
		await page.getByLabel(/^(Upload|Replace) video$/).setInputFiles(file)
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.locator('#hero-video-error')).toHaveText('Please select only video files', { timeout: 30_000 })
		await expect(page.getByLabel(/^(Upload|Replace) video$/)).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByLabel('Main Title')).toHaveValue('Should not be saved')
		expect(await hero()).toEqual(before.row)
		expect(videoFolders(shop().uploadsDir)).toEqual(before.folders)
	}
	await context.close()
})
