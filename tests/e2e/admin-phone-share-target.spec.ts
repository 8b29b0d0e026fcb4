import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'

import { LIMITS } from '../../app/constants'
import { signInAs } from '../helpers/auth'
import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { hasHorizontalScroll } from './admin-catalogue-fixtures'
import { signInWithForm } from './auth-helpers'
import { paddedPhoto, postShare, shareBody } from './share-target-support'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Photos shared from the phone's gallery into the installed admin (the manifest's share_target) open
// Add Product with them attached, signed in or after signing in. The phone's share sheet posts a
// multipart form to the share target; here a page of the shop posts the same form.
const shop = useShop()

const SHARE_PAGE = '/share-sheet-for-test'

async function photo(palette: number) {
	const bytes = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 40 * palette, g: 90, b: 120 } } })
		.jpeg()
		.toBuffer()
	return { name: `IMG_${palette}.jpg`, mimeType: 'image/jpeg', buffer: bytes }
}

/** A page at the shop's origin holding the share sheet's form (served without the shop's scripts). */
async function shareFromGallery(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
	await page.route(`${shop().url}${SHARE_PAGE}`, (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: `<!doctype html><form method="post" action="/admin/shared-photos" enctype="multipart/form-data"><input type="file" name="photos" multiple><button>Share</button></form>`,
		}),
	)
	await page.goto(`${shop().url}${SHARE_PAGE}`)
	await page.locator('input[type=file]').setInputFiles(files)
	await page.getByRole('button', { name: 'Share' }).click()
}

const holdsDir = () => path.join(shop().uploadsDir, '.tmp', 'shared')

async function imagesOfProduct(code: string) {
	const product = await shop().db().selectFrom('products').select('id').where('code', '=', code).executeTakeFirstOrThrow()
	return shop().db().selectFrom('product_images').select('image_key').where('product_id', '=', product.id).orderBy('position').execute()
}

async function fillProduct(page: Page, code: string) {
	await page.getByLabel('Product Name').fill(`Shared ${code}`)
	await page.getByLabel('Product Code').fill(code)
	await page.getByLabel('Original Price').fill('15000')
	await page.getByLabel('Sale Price').fill('12000')
	await page.getByLabel('Category').selectOption('Pochampally Ikkat')
}

test('signed in: the shared photos are attached to a new saree and saved with it', async ({ page, context }) => {
	await signInAs(context, shop())
	await shareFromGallery(page, [await photo(1), await photo(2)])
	await expect(page).toHaveURL(/\/admin\/products\/new\?shared=1$/)
	const choices = page.getByRole('checkbox', { name: /Use shared photo/ })
	await expect(choices).toHaveCount(2)
	for (const box of await choices.all()) await expect(box).toBeChecked()
	// The previews are the held photos, for this browser only.
	const preview = await page.request.get(`${shop().url}/admin/shared-photos?photo=0`)
	expect(preview.status()).toBe(200)
	expect(preview.headers()['content-type']).toBe('image/jpeg')
	expect(preview.headers()['cache-control']).toBe('no-store')

	await fillProduct(page, 'SH-1')
	await page.getByRole('button', { name: 'Publish Product' }).click()
	await expect(page).toHaveURL(/\/admin\/products$/)
	const images = await imagesOfProduct('SH-1')
	expect(images).toHaveLength(2)
	for (const { image_key } of images) expect(fs.existsSync(path.join(shop().uploadsDir, image_key))).toBe(true)
	// The hold is gone with its cookie: a new Add Product has no shared photos.
	expect(fs.readdirSync(holdsDir())).toEqual([])
	await page.goto(`${shop().url}/admin/products/new`)
	await expect(page.getByRole('heading', { name: 'Photos shared from your phone' })).toHaveCount(0)
})

test('on a 390 px phone the shared photos fit, each choice is a 44 px target, and axe finds nothing serious', async ({ page, context }) => {
	await signInAs(context, shop())
	await page.setViewportSize({ width: 390, height: 844 })
	await shareFromGallery(page, [await photo(1), await photo(2), await photo(3)])
	const region = page.getByRole('region', { name: 'Photos shared from your phone' })
	await expect(region.getByRole('checkbox')).toHaveCount(3)
	// Measured once the photos are in: until then their frames have no height yet.
	await expect
		.poll(() => region.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
		.toBe(true)
	await page.waitForLoadState('load')
	expect(await hasHorizontalScroll(page)).toBe(false)
	for (const label of await region.locator('label').all()) {
		const box = (await label.boundingBox())!
		expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
	}
	await expectNoSeriousA11yViolations(page)
	await page.screenshot({ path: test.info().outputPath('add-product-shared-390.png'), fullPage: true })
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('signed out: the seller signs in first, then the photos are still there; an unticked one is left out', async ({ page }) => {
		await shareFromGallery(page, [await photo(3), await photo(4), await photo(5)])
		await expect(page).toHaveURL(/\/auth\?redirectTo=/)
		await page.getByLabel('Email').fill(ADMIN_EMAIL)
		await page.getByLabel('Password').fill(ADMIN_PASSWORD)
		await page.getByRole('button', { name: 'Sign In' }).click()
		await expect(page).toHaveURL(/\/admin\/products\/new\?shared=1$/)
		await expect(page.getByRole('checkbox', { name: /Use shared photo/ })).toHaveCount(3)
		await page.getByRole('checkbox', { name: 'Use shared photo 2' }).uncheck()

		// A refused save keeps the photos held and the seller's choice.
		await page.getByLabel('Product Name').fill('Shared draft')
		await page.getByRole('button', { name: 'Save as Draft' }).click()
		await expect(page.getByRole('checkbox', { name: 'Use shared photo 2' })).not.toBeChecked()
		await expect(page.getByRole('checkbox', { name: 'Use shared photo 1' })).toBeChecked()

		await fillProduct(page, 'SH-2')
		await page.getByRole('button', { name: 'Save as Draft' }).click()
		await expect(page).toHaveURL(/\/admin\/products$/)
		expect(await imagesOfProduct('SH-2')).toHaveLength(2)
	})

	test('more than five photos: the first five are kept and the seller is told; a file that is not an image is refused', async ({
		page,
		context,
	}) => {
		await signInAs(context, shop())
		const six = await Promise.all([1, 2, 3, 4, 5, 6].map(photo))
		await shareFromGallery(page, six)
		await expect(page.getByRole('checkbox', { name: /Use shared photo/ })).toHaveCount(5)
		await expect(page.getByText('Only the first 5 photos were kept: a saree has at most 5.')).toBeVisible()

		await shareFromGallery(page, [{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') }])
		await expect(page).toHaveURL(/\/admin\/products\/new$/)
		await expect(
			page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'File notes.jpg is not a supported image format.' }),
		).toBeVisible()
	})
})

test("another browser never sees or attaches this browser's shared photos", async ({ page, context, browser, playwright }) => {
	await signInAs(context, shop())
	await shareFromGallery(page, [await photo(7)])
	await expect(page.getByRole('checkbox', { name: /Use shared photo/ })).toHaveCount(1)

	const laptop = await browser.newContext()
	await signInAs(laptop, shop())
	const other = await laptop.newPage()
	await other.goto(`${shop().url}/admin/products/new`)
	await expect(other.getByRole('heading', { name: 'Add Product' })).toBeVisible()
	await expect(other.getByRole('checkbox', { name: /Use shared photo/ })).toHaveCount(0)
	expect((await other.request.get(`${shop().url}/admin/shared-photos?photo=0`)).status()).toBe(404)
	// A forged cookie names no hold.
	await laptop.addCookies([{ name: '__shared-photos', value: 'ffffffffffffffffffffffffffffffff', url: shop().url }])
	expect((await other.request.get(`${shop().url}/admin/shared-photos?photo=0`)).status()).toBe(404)
	// And a stranger without a session sees nothing at all.
	const stranger = await playwright.request.newContext()
	expect((await stranger.get(`${shop().url}/admin/shared-photos?photo=0`, { maxRedirects: 0 })).status()).toBe(302)
	await stranger.dispose()
	await laptop.close()
})

test("strangers' shares never push out the photos the seller shared from her phone while signed out", async ({ page, context }) => {
	// Her phone signed in once (the device cookie it keeps), then the session ended.
	await signInWithForm(page, shop())
	await expect(page).toHaveURL(`${shop().url}/admin`)
	await page.getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL(/\/auth$/)
	expect((await context.cookies()).map((c) => c.name)).toContain('__device')
	await shareFromGallery(page, [await photo(9), await photo(10)])
	await expect(page).toHaveURL(/\/auth\?redirectTo=/)

	// Three strangers, each from an address of their own, share more than all strangers may hold together.
	const large = await paddedPhoto(1, LIMITS.maxImageBytes - 4096)
	for (const localAddress of ['127.0.0.21', '127.0.0.22', '127.0.0.23']) {
		const answer = await postShare(shop(), shareBody([large, large]), { localAddress })
		expect(answer.location).toBe('/admin/products/new?shared=1')
	}

	await page.getByLabel('Email').fill(ADMIN_EMAIL)
	await page.getByLabel('Password').fill(ADMIN_PASSWORD)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/admin\/products\/new\?shared=1$/)
	await expect(page.getByRole('checkbox', { name: /Use shared photo/ })).toHaveCount(2)
})

test('a phone that never signed in is told when its shared photos made room for newer shares, never left guessing', async ({ page }) => {
	// A browser without the seller's device cookie shares like a stranger: its hold may make room for others'.
	await shareFromGallery(page, [await photo(11)])
	await expect(page).toHaveURL(/\/auth\?redirectTo=/)
	const large = await paddedPhoto(2, LIMITS.maxImageBytes - 4096)
	for (const localAddress of ['127.0.0.31', '127.0.0.32', '127.0.0.33']) {
		expect((await postShare(shop(), shareBody([large, large]), { localAddress })).location).toBe('/admin/products/new?shared=1')
	}

	await page.getByLabel('Email').fill(ADMIN_EMAIL)
	await page.getByLabel('Password').fill(ADMIN_PASSWORD)
	await page.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/admin\/products\/new\?shared=1$/)
	await expect(page.getByRole('checkbox', { name: /Use shared photo/ })).toHaveCount(0)
	await expect(page.getByRole('status').filter({ hasText: 'The photos shared from your phone are no longer here' })).toContainText(
		'Please share them again.',
	)
	// Add Product without a share says nothing of the kind.
	await page.goto(`${shop().url}/admin/products/new`)
	await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible()
	await expect(page.getByText('The photos shared from your phone are no longer here')).toHaveCount(0)
})

test('the share sheet may post without an origin; another site may not', async ({ request }) => {
	const form = { photos: await photo(8) }
	const native = await request.post(`${shop().url}/admin/shared-photos`, {
		multipart: form,
		headers: { 'Sec-Fetch-Site': 'none' },
		maxRedirects: 0,
	})
	expect(native.status()).toBe(303)
	expect(native.headers()['location']).toBe('/admin/products/new?shared=1')
	expect(native.headers()['set-cookie']).toContain('__shared-photos=')

	const foreign = await request.post(`${shop().url}/admin/shared-photos`, {
		multipart: form,
		headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: '__session=x' },
		maxRedirects: 0,
	})
	expect(foreign.status()).toBe(403)

	// Strangers (no session) are throttled per address, refused shares included: a loop of shares cannot
	// fill the holding area or keep the server busy. A file with only an image's first bytes is refused.
	const holdsBefore = fs.readdirSync(holdsDir()).length
	const headerOnly = { photos: { name: 'header-only.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\0\0\0\0\0\0\0\0') } }
	let status = 0
	for (let i = 0; i < 6 && status !== 429; i++) {
		const res = await request.post(`${shop().url}/admin/shared-photos`, {
			multipart: headerOnly,
			headers: { 'Sec-Fetch-Site': 'none' },
			maxRedirects: 0,
		})
		status = res.status()
		if (status === 429) expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0)
		else expect(res.headers()['location']).toBe('/admin/products/new')
	}
	expect(status).toBe(429)
	expect(fs.readdirSync(holdsDir())).toHaveLength(holdsBefore)
})
