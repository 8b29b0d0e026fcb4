import fs from 'node:fs'

import { expect, type Page, test } from '@playwright/test'
import { sql } from 'kysely'
import sharp from 'sharp'

import { signInAs } from '../helpers/auth'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { type ImageFiles, makeImageFiles, mediaExists, storedImageDirs } from './admin-catalogue-fixtures'

const shop = useShop()
let files: ImageFiles

test.beforeAll(async () => {
	files = await makeImageFiles()
})
test.afterAll(() => {
	if (files) fs.rmSync(files.dir, { recursive: true, force: true })
})

type ProductInput = {
	name?: string
	code?: string
	description?: string
	original?: string
	sale?: string
	stock?: string
	category?: string
	tags?: string
}

async function fillProduct(page: Page, input: ProductInput) {
	if (input.name !== undefined) await page.getByLabel('Product Name').fill(input.name)
	if (input.code !== undefined) await page.getByLabel('Product Code').fill(input.code)
	if (input.description !== undefined) await page.getByLabel('Description', { exact: true }).fill(input.description)
	if (input.original !== undefined) await page.getByLabel('Original Price').fill(input.original)
	if (input.sale !== undefined) await page.getByLabel('Sale Price').fill(input.sale)
	if (input.stock !== undefined) await page.getByLabel('Stock').fill(input.stock)
	if (input.category !== undefined) await page.getByLabel('Category').selectOption(input.category)
	if (input.tags !== undefined) await page.getByLabel('Tags').fill(input.tags)
}

async function productByCode(code: string) {
	return shop().db().selectFrom('products').selectAll().where('code', '=', code).executeTakeFirst()
}

async function imagesOf(productId: number) {
	return shop()
		.db()
		.selectFrom('product_images')
		.select(['image_key', 'width', 'height', 'position'])
		.where('product_id', '=', productId)
		.orderBy('position')
		.execute()
}

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

for (const js of [true, false]) {
	const tag = js ? 'JS' : 'NOJS'
	test.describe(`products with JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })
		test.beforeEach(async ({ context }) => {
			await signInAs(context, shop())
		})

		test('publishes a product with three images, kept in the chosen order', async ({ page }) => {
			await page.goto(`${shop().url}/admin/products/new`)
			await fillProduct(page, {
				name: `Kanchi Red ${tag}`,
				code: `KR-${tag}`,
				description: 'Handwoven double ikat.',
				original: '18,500',
				sale: '15999.50',
				stock: '3',
				category: 'Kanchipattu Pochampally Ikkat',
				tags: ' silk, red , ,wedding ',
			})
			await page.getByLabel('Images', { exact: true }).setInputFiles([files.wide, files.square, files.tall])
			if (js) {
				// Previews before upload, the first marked as the cover.
				const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')
				await expect(chosen).toHaveCount(3)
				await expect(chosen.first()).toContainText('wide-red.jpg')
				await expect(chosen.first()).toContainText('Cover')
			}
			const upload = js ? page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/admin/products/new.data')) : null
			await page.getByRole('button', { name: 'Publish Product' }).click()
			if (upload) await upload

			await expect(page).toHaveURL(`${shop().url}/admin/products`)
			await expect(flash(page, 'Product published successfully!')).toBeVisible()
			await expect(page.getByRole('cell', { name: `Kanchi Red ${tag}`, exact: true })).toBeVisible()

			const product = await productByCode(`KR-${tag}`)
			expect(product).toMatchObject({
				name: `Kanchi Red ${tag}`,
				status: 'active',
				original_price_paise: 1_850_000,
				sale_price_paise: 1_599_950,
				stock: 3,
				category: 'Kanchipattu Pochampally Ikkat',
				description: 'Handwoven double ikat.',
			})
			expect(JSON.parse(product!.tags)).toEqual(['silk', 'red', 'wedding'])
			const images = await imagesOf(product!.id)
			expect(images.map((i) => [i.position, i.width, i.height])).toEqual([
				[0, 600, 400],
				[1, 500, 500],
				[2, 400, 600],
			])
			for (const image of images) {
				const response = await fetch(`${shop().url}/media/${image.image_key}/360.webp`)
				expect(response.status).toBe(200)
				expect(response.headers.get('content-type')).toBe('image/webp')
			}
		})

		test('saves a draft', async ({ page }) => {
			await page.goto(`${shop().url}/admin/products/new`)
			await fillProduct(page, { name: `Draft Saree ${tag}`, code: `DR-${tag}`, original: '9000', category: 'Pochampally Ikkat' })
			await page.getByRole('button', { name: 'Save as Draft' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products`)
			await expect(flash(page, 'Product saved as draft successfully!')).toBeVisible()
			const product = await productByCode(`DR-${tag}`)
			// An empty sale price means "no discount".
			expect(product).toMatchObject({ status: 'draft', original_price_paise: 900_000, sale_price_paise: 900_000, stock: 1 })
			expect(await imagesOf(product!.id)).toEqual([])
		})

		test('edits the fields, reorders, removes and adds images; removed files leave the disk', async ({ page }) => {
			const {
				id,
				images: [first, second, third],
			} = await seedProduct(shop(), {
				name: `Editable ${tag}`,
				code: `ED-${tag}`,
				status: 'draft',
				originalPrice: 15_000,
				salePrice: 12_500,
				images: [300, 310, 320].map((height) => ({ width: 360, height })),
			})
			await page.goto(`${shop().url}/admin/products/${id}/edit`)
			await expect(page.getByLabel('Product Name')).toHaveValue(`Editable ${tag}`)
			await expect(page.getByLabel('Original Price')).toHaveValue('15000')
			await expect(page.getByLabel('Sale Price')).toHaveValue('12500')
			await fillProduct(page, { name: `Edited ${tag}`, sale: '11000', stock: '0' })

			const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')
			if (js) {
				// Third image to the front, then drop the (original) second one.
				await page.getByRole('button', { name: 'Move image 3 up' }).click()
				await page.getByRole('button', { name: 'Move image 2 up' }).click()
				await chosen.nth(2).getByLabel('Remove').check()
			} else {
				await chosen.nth(0).getByLabel('Position').fill('2')
				await chosen.nth(2).getByLabel('Position').fill('1')
				await chosen.nth(1).getByLabel('Remove').check()
			}
			await page.getByLabel('Images', { exact: true }).setInputFiles([files.square])
			await page.getByRole('button', { name: 'Update & Publish' }).click()

			await expect(page).toHaveURL(`${shop().url}/admin/products`)
			await expect(flash(page, 'Product updated successfully!')).toBeVisible()
			const product = await productByCode(`ED-${tag}`)
			expect(product).toMatchObject({ name: `Edited ${tag}`, status: 'active', sale_price_paise: 1_100_000, stock: 0 })
			const images = await imagesOf(id)
			expect(images.map((i) => i.image_key).slice(0, 2)).toEqual([third!.key, first!.key])
			expect(images.map((i) => [i.position, i.width, i.height])[2]).toEqual([2, 500, 500])
			expect(mediaExists(shop(), second!.key)).toBe(false)
			expect(mediaExists(shop(), first!.key)).toBe(true)
			expect(mediaExists(shop(), third!.key)).toBe(true)
		})

		test('shows the validation messages and keeps what was typed', async ({ page }) => {
			const before = await shop().db().selectFrom('products').select('id').execute()
			await page.goto(`${shop().url}/admin/products/new`)
			await fillProduct(page, { description: 'Typed description', original: '12,500', sale: '13000', stock: '2.5', tags: 'silk, red' })
			await page.getByRole('button', { name: 'Publish Product' }).click()

			await expect(page.getByText('Please enter a product name.')).toBeVisible()
			await expect(page.getByText('Please enter a product code.')).toBeVisible()
			await expect(page.getByText('Please select a saree category before saving the product.')).toBeVisible()
			await expect(page.getByText('Sale price cannot be more than the original price.')).toBeVisible()
			await expect(page.getByText('Stock must be a whole number, 0 or more.')).toBeVisible()
			await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Typed description')
			await expect(page.getByLabel('Original Price')).toHaveValue('12,500')
			await expect(page.getByLabel('Tags')).toHaveValue('silk, red')
			await expect(page.getByLabel('Product Name')).toHaveAttribute('aria-invalid', 'true')

			await fillProduct(page, { original: '-5', sale: '', stock: '1' })
			await page.getByRole('button', { name: 'Publish Product' }).click()
			await expect(page.getByText('Enter an amount of 0 or more with at most 2 decimals, e.g. 12500 or 12500.50.')).toBeVisible()
			await fillProduct(page, { original: '100.505' })
			await page.getByRole('button', { name: 'Publish Product' }).click()
			await expect(page.getByText('Enter an amount of 0 or more with at most 2 decimals, e.g. 12500 or 12500.50.')).toBeVisible()
			expect(await shop().db().selectFrom('products').select('id').execute()).toHaveLength(before.length)
		})

		test('refuses a product code that exists in any letter case', async ({ page }) => {
			await seedProduct(shop(), { code: `Dup-Code-${tag}` })
			await page.goto(`${shop().url}/admin/products/new`)
			await fillProduct(page, {
				name: `Second ${tag}`,
				code: `DUP-CODE-${tag.toLowerCase()}`,
				original: '500',
				category: 'Pochampally Ikkat',
			})
			// With JS a form with files goes through the upload-progress path: its answer must show the same way.
			await page.getByLabel('Images', { exact: true }).setInputFiles([files.wide])
			const before = storedImageDirs(shop())
			await page.getByRole('button', { name: 'Publish Product' }).click()
			await expect(page.getByText('A product with this code already exists.')).toBeVisible()
			await expect(page.getByLabel('Product Name')).toHaveValue(`Second ${tag}`)
			if (js) await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(1)
			else await expect(page.getByText('Please choose the images again')).toBeVisible()
			expect(storedImageDirs(shop())).toEqual(before)
			expect(await shop().db().selectFrom('products').select('id').where('name', '=', `Second ${tag}`).execute()).toEqual([])
		})

		test('refuses oversize, too many, fake and HEIC images, storing nothing and keeping the form', async ({ page }) => {
			const before = storedImageDirs(shop())
			await page.goto(`${shop().url}/admin/products/new`)
			await fillProduct(page, {
				name: `Refused ${tag}`,
				code: `RF-${tag}`,
				original: '700',
				category: 'Dharmavaram Pochampally Ikkat',
				tags: 'kept',
			})
			const cases: Array<[string[], string]> = [
				[[files.wide, files.big], 'File huge-photo.jpg is too large. Maximum size is 10MB.'],
				[files.six, 'Maximum 5 images allowed'],
				[[files.wide, files.fake], 'File not-a-photo.jpg is not a supported image format.'],
				[
					[files.heic],
					'File IMG_0042.HEIC is a HEIC photo, which the shop cannot read. Please send it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).',
				],
			]
			for (const [chosen, message] of cases) {
				await page.getByLabel('Images', { exact: true }).setInputFiles(chosen)
				if (!js) await page.getByRole('button', { name: 'Publish Product' }).click()
				await expect(page.getByText(message)).toBeVisible()
				await expect(page.getByLabel('Product Name')).toHaveValue(`Refused ${tag}`)
				await expect(page.getByLabel('Tags')).toHaveValue('kept')
				await expect(page.getByLabel('Category')).toHaveValue('Dharmavaram Pochampally Ikkat')
				if (!js) await expect(page.getByText('Please choose the images again')).toBeVisible()
				expect(await productByCode(`RF-${tag}`)).toBeUndefined()
				expect(storedImageDirs(shop())).toEqual(before)
			}
			if (js) {
				// The refused files were not kept: saving now sends none.
				await page.getByRole('button', { name: 'Save as Draft' }).click()
				await expect(flash(page, 'Product saved as draft successfully!')).toBeVisible()
				expect(await imagesOf((await productByCode(`RF-${tag}`))!.id)).toEqual([])
				expect(storedImageDirs(shop())).toEqual(before)
			}
		})

		test('a failed save says so, keeps the form and removes the files it had stored', async ({ page }) => {
			// A real database failure: a trigger refuses this one product.
			await sql
				.raw(
					`CREATE TRIGGER refuse_${tag} BEFORE INSERT ON products WHEN NEW.code = 'BOOM-${tag}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
				)
				.execute(shop().db())
			try {
				const before = storedImageDirs(shop())
				await page.goto(`${shop().url}/admin/products/new`)
				await fillProduct(page, { name: `Unlucky ${tag}`, code: `BOOM-${tag}`, original: '800', category: 'Pochampally Ikkat' })
				await page.getByLabel('Images', { exact: true }).setInputFiles([files.wide, files.square])
				await page.getByRole('button', { name: 'Publish Product' }).click()
				await expect(page.getByRole('alert').filter({ hasText: 'Failed to save product. Please try again.' })).toBeVisible()
				await expect(page.getByLabel('Product Name')).toHaveValue(`Unlucky ${tag}`)
				expect(storedImageDirs(shop())).toEqual(before)
			} finally {
				await sql.raw(`DROP TRIGGER refuse_${tag}`).execute(shop().db())
			}
		})

		test('deletes a product after confirmation, with its image files', async ({ page }) => {
			const { id, images } = await seedProduct(shop(), { name: `Doomed ${tag}`, code: `DM-${tag}`, images: 2 })
			await page.goto(`${shop().url}/admin/products`)
			await page.getByRole('link', { name: `Delete Doomed ${tag}` }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products/${id}/delete`)
			await expect(page.getByText(`Are you sure you want to delete "Doomed ${tag}"?`)).toBeVisible()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products`)
			await expect(flash(page, 'Product deleted successfully!')).toBeVisible()
			await expect(page.getByRole('cell', { name: `Doomed ${tag}`, exact: true })).toHaveCount(0)
			expect(await productByCode(`DM-${tag}`)).toBeUndefined()
			expect(await imagesOf(id)).toEqual([])
			for (const image of images) expect(mediaExists(shop(), image.key)).toBe(false)
		})

		test('filters by search, status and category through the URL', async ({ page }) => {
			await seedProduct(shop(), {
				name: `Filter Dharma ${tag}`,
				code: `FD-${tag}`,
				category: 'Dharmavaram Pochampally Ikkat',
				status: 'out_of_stock',
			})
			await seedProduct(shop(), { name: `Filter Plain ${tag}`, code: `FP-${tag}`, category: 'Pochampally Ikkat', status: 'active' })
			await page.goto(`${shop().url}/admin/products`)
			await page.getByLabel('Search by name or code').fill(`Filter`)
			await page.getByLabel('Category').selectOption('Dharmavaram Pochampally Ikkat')
			if (!js) await page.getByRole('button', { name: 'Apply' }).click()
			await expect(page).toHaveURL(/category=Dharmavaram\+Pochampally\+Ikkat/)
			await expect(page).toHaveURL(/q=Filter/)
			const matching = await shop()
				.db()
				.selectFrom('products')
				.select('id')
				.where('name', 'like', '%Filter%')
				.where('category', '=', 'Dharmavaram Pochampally Ikkat')
				.execute()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Products (${matching.length})`)
			await expect(page.getByRole('cell', { name: `Filter Dharma ${tag}`, exact: true })).toBeVisible()
			await expect(page.getByRole('cell', { name: `Filter Plain ${tag}`, exact: true })).toHaveCount(0)

			// The filters survive a reload and show in the controls.
			await page.goto(`${shop().url}/admin/products?q=FP-${tag}&status=active`)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products (1)')
			await expect(page.getByLabel('Search by name or code')).toHaveValue(`FP-${tag}`)
			await expect(page.getByLabel('Status')).toHaveValue('active')
			await expect(page.getByRole('row').filter({ hasText: `Filter Plain ${tag}` })).toContainText('₹12,500')
		})

		test('a long list comes in pages of 50 that keep the filters', async ({ page }) => {
			for (let n = 1; n <= 52; n++) await seedProduct(shop(), { name: `Paged ${tag} ${n}`, code: `PG${tag}-${n}`, images: 0 })
			await page.goto(`${shop().url}/admin/products?q=Paged+${tag}&status=active`)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products (52)')
			const rows = page.getByRole('row').filter({ hasText: `Paged ${tag}` })
			await expect(rows).toHaveCount(50)
			await expect(rows.first()).toContainText(`Paged ${tag} 52`)
			const pages = page.getByRole('navigation', { name: 'Pages' })
			await expect(pages).toContainText('Page 1 of 2')
			await expect(pages.getByRole('link', { name: 'Newer products' })).toHaveCount(0)

			await pages.getByRole('link', { name: 'Older products' }).click()
			await expect(page).toHaveURL(new RegExp(`q=Paged\\+${tag}&status=active&page=2$`))
			await expect(pages).toContainText('Page 2 of 2')
			await expect(rows).toHaveCount(2)
			await expect(rows.nth(0)).toContainText(`Paged ${tag} 2`)
			await expect(rows.nth(1)).toContainText(`Paged ${tag} 1`)
			await expect(page.getByLabel('Search by name or code')).toHaveValue(`Paged ${tag}`)

			await pages.getByRole('link', { name: 'Newer products' }).click()
			await expect(pages).toContainText('Page 1 of 2')
			await expect(rows).toHaveCount(50)

			// A page past the end (or not a page at all) shows the nearest real one.
			await page.goto(`${shop().url}/admin/products?q=Paged+${tag}&page=9`)
			await expect(pages).toContainText('Page 2 of 2')
			await page.goto(`${shop().url}/admin/products?q=Paged+${tag}&page=-1e9`)
			await expect(pages).toContainText('Page 1 of 2')
		})
	})
}

test.describe('upload progress', () => {
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	test('a slow upload shows a progress bar, then the list', async ({ page, context }) => {
		const photo = `${files.dir}/noisy-photo.jpg`
		await sharp({
			create: { width: 1400, height: 1000, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
		})
			.jpeg({ quality: 95 })
			.toFile(photo)
		await page.goto(`${shop().url}/admin/products/new`)
		await fillProduct(page, { name: 'Slow Upload', code: 'SLOW-1', original: '1000', category: 'Pochampally Ikkat' })
		await page.getByLabel('Images', { exact: true }).setInputFiles([photo])
		const cdp = await context.newCDPSession(page)
		await cdp.send('Network.enable')
		await cdp.send('Network.emulateNetworkConditions', {
			offline: false,
			latency: 20,
			downloadThroughput: -1,
			uploadThroughput: 300 * 1024,
		})
		await page.getByRole('button', { name: 'Publish Product' }).click()
		await expect(page.getByRole('progressbar', { name: 'Uploading images' })).toBeVisible()
		await expect(page).toHaveURL(`${shop().url}/admin/products`, { timeout: 30_000 })
		await expect(flash(page, 'Product published successfully!')).toBeVisible()
		expect(await imagesOf((await productByCode('SLOW-1'))!.id)).toHaveLength(1)
	})
})

test.describe('what the storefront shows after admin changes', () => {
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	test('a published product is listed with its images in order; a draft is not; a deleted one is gone', async ({ page }) => {
		await page.goto(`${shop().url}/admin/products/new`)
		await fillProduct(page, { name: 'Storefront Saree', code: 'SF-1', original: '20000', category: 'Pochampally Ikkat' })
		await page.getByLabel('Images', { exact: true }).setInputFiles([files.tall, files.wide, files.square])
		await page.getByRole('button', { name: 'Publish Product' }).click()
		await expect(page).toHaveURL(`${shop().url}/admin/products`)
		const product = (await productByCode('SF-1'))!
		const keys = (await imagesOf(product.id)).map((i) => i.image_key)

		await page.goto(`${shop().url}/collections`)
		await expect(page.getByRole('link', { name: 'Storefront Saree' })).toBeVisible()
		await page.goto(`${shop().url}/product/${product.id}`)
		await expect(page.getByRole('heading', { name: 'Storefront Saree' })).toBeVisible()
		const sources = await page
			.locator('main img[src*="/media/"]')
			.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || img.getAttribute('src')!))
		const shown = [...new Set(sources.map((src) => keys.find((k) => src.includes(k))).filter(Boolean))]
		expect(shown).toEqual(keys)

		await page.goto(`${shop().url}/admin/products/new`)
		await fillProduct(page, { name: 'Hidden Draft Saree', code: 'SF-2', original: '20000', category: 'Pochampally Ikkat' })
		await page.getByRole('button', { name: 'Save as Draft' }).click()
		await expect(page).toHaveURL(`${shop().url}/admin/products`)
		const draft = (await productByCode('SF-2'))!
		await page.goto(`${shop().url}/collections`)
		await expect(page.getByText('Hidden Draft Saree')).toHaveCount(0)
		expect((await fetch(`${shop().url}/product/${draft.id}`)).status).toBe(404)

		await page.goto(`${shop().url}/admin/products/${product.id}/delete`)
		await page.getByRole('button', { name: 'Delete' }).click()
		// Leaving before the delete has answered could cancel it: wait for its redirect.
		await expect(page).toHaveURL(`${shop().url}/admin/products`)
		await page.goto(`${shop().url}/collections`)
		await expect(page.getByText('Storefront Saree')).toHaveCount(0)
		expect((await fetch(`${shop().url}/product/${product.id}`)).status).toBe(404)
	})
})
