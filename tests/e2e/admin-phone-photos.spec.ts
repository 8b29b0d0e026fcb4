import { expect, type Page, type Request, test } from '@playwright/test'
import sharp from 'sharp'

import { signInAs } from '../helpers/auth'
import { useShop } from '../helpers/shop'

// Photos straight from a phone camera: with JavaScript the browser sends a smaller copy (and says how
// much it saved); without it, the original goes as it is. The server stores either the same way.
const shop = useShop()

let camera: Buffer

test.beforeAll(async () => {
	// A 12-megapixel camera photo (4000 × 3000, about 3.5 MB), taken with the phone turned: EXIF orientation 6.
	camera = await sharp({
		create: {
			width: 4000,
			height: 3000,
			channels: 3,
			background: { r: 140, g: 30, b: 50 },
			noise: { type: 'gaussian', mean: 120, sigma: 10 },
		},
	})
		.jpeg({ quality: 90 })
		.withMetadata({ orientation: 6 })
		.toBuffer()
})

async function addProductWithCameraPhoto(page: Page, code: string) {
	await page.goto(`${shop().url}/admin/products/new`)
	await page.getByLabel('Product Name').fill(`Camera Saree ${code}`)
	await page.getByLabel('Product Code').fill(code)
	await page.getByLabel('Original Price').fill('12000')
	await page.getByLabel('Category').selectOption('Pochampally Ikkat')
	await page
		.getByLabel('Images', { exact: true })
		.setInputFiles([{ name: 'IMG_20261123_101500.jpg', mimeType: 'image/jpeg', buffer: camera }])
}

async function storedImage(code: string) {
	return shop()
		.db()
		.selectFrom('product_images')
		.innerJoin('products', 'products.id', 'product_images.product_id')
		.select(['product_images.width', 'product_images.height'])
		.where('products.code', '=', code)
		.execute()
}

for (const javaScriptEnabled of [true, false]) {
	test(`a 12-megapixel photo is sent ${javaScriptEnabled ? 'smaller than its original with' : 'as it is without'} JavaScript`, async ({
		browser,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled })
		await signInAs(context, shop())
		const page = await context.newPage()
		const code = javaScriptEnabled ? 'CAM-1' : 'CAM-2'
		const posted: Request[] = []
		await page.route('**/admin/products/new*', async (route) => {
			if (route.request().method() !== 'POST') return route.continue()
			posted.push(route.request())
			// Held back a moment, as a slow uplink would, so the progress bar can be read.
			await new Promise((resolve) => setTimeout(resolve, 1500))
			await route.continue()
		})
		await addProductWithCameraPhoto(page, code)
		await page.getByRole('button', { name: 'Publish Product' }).click()
		if (javaScriptEnabled)
			await expect(page.getByTestId('upload-savings')).toContainText(
				/Photos made smaller on this phone: 3\.\d MB → [\d.]+ (MB|KB) \([\d.]+ MB saved\)/,
			)
		// The server makes its sizes of the photo: slow on a busy machine.
		await expect(page.getByRole('status').filter({ hasText: 'Product published successfully!' })).toBeVisible({ timeout: 60_000 })

		expect(posted).toHaveLength(1)
		const body = posted[0]!.postDataBuffer()!
		if (javaScriptEnabled) expect(body.length).toBeLessThan(camera.length * 0.7)
		else expect(body.length).toBeGreaterThan(camera.length)
		// Upright either way: the photo was taken turned, so the stored image is taller than wide.
		const [image] = await storedImage(code)
		expect(image!.height).toBeGreaterThan(image!.width)
		await context.close()
	})
}

test('a photo the browser cannot read is sent as it is, and the server still judges it by its bytes', async ({ page, context }) => {
	await signInAs(context, shop())
	const posted: Request[] = []
	await page.route('**/admin/products/new*', async (route) => {
		if (route.request().method() === 'POST') posted.push(route.request())
		await route.continue()
	})
	await page.goto(`${shop().url}/admin/products/new`)
	await page.getByLabel('Product Name').fill('Broken Photo Saree')
	await page.getByLabel('Product Code').fill('CAM-3')
	await page.getByLabel('Original Price').fill('12000')
	await page.getByLabel('Category').selectOption('Pochampally Ikkat')
	const notAPhoto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200_000, 7)])
	await page.getByLabel('Images', { exact: true }).setInputFiles([{ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: notAPhoto }])
	await page.getByRole('button', { name: 'Publish Product' }).click()
	await expect(page.locator('#images-error')).toBeVisible()
	expect(posted.at(-1)!.postDataBuffer()!.includes(notAPhoto.subarray(0, 4096))).toBe(true)
	expect(await storedImage('CAM-3')).toEqual([])
})
