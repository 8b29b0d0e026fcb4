import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { chromium, expect, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/chromium'
import { useShop } from '../helpers/shop'

// The admin can be added to the phone's home screen: Chromium's own installability check passes.
const shop = useShop()

test('the admin has a valid web app manifest and Chromium finds it installable', async () => {
	// A profile of its own: Chromium never offers to install from an incognito window (Playwright's default).
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'install-profile-'))
	const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS })
	const page = context.pages()[0] ?? (await context.newPage())
	await signInAs(context, shop())
	await page.goto(`${shop().url}/admin`)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content')

	const cdp = await context.newCDPSession(page)
	const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }>; data?: string }
	expect(manifest.url).toBe(`${shop().url}/admin.webmanifest`)
	expect(manifest.errors).toEqual([])
	const data = JSON.parse(manifest.data!)
	expect(data).toMatchObject({
		name: 'Pochampally Silk House Admin',
		start_url: '/admin',
		scope: '/admin',
		display: 'standalone',
		theme_color: themeColor,
		// Photos shared from the gallery go to the share target (admin-phone-share-target.spec.ts).
		share_target: {
			action: '/admin/shared-photos',
			method: 'POST',
			enctype: 'multipart/form-data',
			params: { files: [{ name: 'photos' }] },
		},
	})
	// Every icon it names is there, a real PNG of the size it claims.
	for (const icon of data.icons as Array<{ src: string; sizes: string; type: string }>) {
		const response = await page.request.get(`${shop().url}${icon.src}`)
		expect(response.status(), icon.src).toBe(200)
		expect(response.headers()['content-type']).toBe('image/png')
		const png = await response.body()
		const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)]
		expect(`${width}x${height}`).toBe(icon.sizes)
	}
	await expect
		.poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
			timeout: 15_000,
		})
		.toEqual([])

	// Nothing of the admin is cached on the phone: no service worker, and admin pages are no-store.
	expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0)
	const response = await page.request.get(`${shop().url}/admin`)
	expect(response.headers()['cache-control']).toBe('no-store')
	await context.close()
	fs.rmSync(profile, { recursive: true, force: true })
})

test('the manifest needs no sign-in (browsers fetch it without cookies) and shows nothing private', async ({ request }) => {
	const response = await request.get(`${shop().url}/admin.webmanifest`)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toContain('application/manifest+json')
	const body = await response.text()
	expect(Object.keys(JSON.parse(body)).sort()).toEqual(
		[
			'background_color',
			'description',
			'display',
			'icons',
			'id',
			'name',
			'orientation',
			'scope',
			'share_target',
			'short_name',
			'start_url',
			'theme_color',
		].sort(),
	)
})
