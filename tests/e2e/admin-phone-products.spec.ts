import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Weavers list many similar sarees: "Duplicate" starts a new draft from one, photos copied only when ticked.
const shop = useShop()

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function productRow(code: string) {
	return shop()
		.db()
		.selectFrom('products')
		.select(['id', 'name', 'code', 'description', 'original_price_paise', 'sale_price_paise', 'stock', 'status', 'category', 'tags'])
		.where('code', '=', code)
		.executeTakeFirst()
}

async function imageKeys(productId: number) {
	const rows = await shop()
		.db()
		.selectFrom('product_images')
		.select('image_key')
		.where('product_id', '=', productId)
		.orderBy('position')
		.execute()
	return rows.map((r) => r.image_key)
}

for (const javaScriptEnabled of [true, false]) {
	test(`Duplicate makes a new draft with the same fields and only the chosen photos ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
		browser,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled })
		await signInAs(context, shop())
		const page = await context.newPage()
		const suffix = javaScriptEnabled ? 'J' : 'N'
		const source = await seedProduct(shop(), {
			name: `Peacock Ikkat ${suffix}`,
			code: `PI-10${suffix}`,
			category: 'Pochampally Ikkat',
			originalPrice: 15_000,
			salePrice: 12_500,
			images: 2,
		})
		await shop()
			.db()
			.updateTable('products')
			.set({ description: 'Double ikkat, zari border.', tags: '["silk","wedding"]', stock: 3 })
			.where('id', '=', source.id)
			.execute()
		const before = await productRow(source.code)

		await page.goto(`${shop().url}/admin/products/${source.id}/edit`)
		await page.getByRole('link', { name: 'Duplicate' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible()
		await expect(page.getByText(`A copy of Peacock Ikkat ${suffix} (${source.code}): give it its own code.`)).toBeVisible()
		await expect(page.getByLabel('Product Name')).toHaveValue(`Peacock Ikkat ${suffix}`)
		await expect(page.getByLabel('Product Code')).toHaveValue('')
		await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Double ikkat, zari border.')
		await expect(page.getByLabel('Sale Price')).toHaveValue('12500')
		await expect(page.getByLabel('Copy photo 1')).not.toBeChecked()

		// Without a code the form comes back, keeping the ticked photo.
		await page.getByLabel('Copy photo 2').check()
		await page.getByRole('button', { name: 'Save as Draft' }).click()
		await expect(page.getByText(/enter a product code/i)).toBeVisible()
		await expect(page.getByLabel('Copy photo 2')).toBeChecked()
		expect(await shop().db().selectFrom('products').select('id').where('name', '=', `Peacock Ikkat ${suffix}`).execute()).toHaveLength(1)

		await page.getByLabel('Product Code').fill(`PI-11${suffix}`)
		await page.getByRole('button', { name: 'Save as Draft' }).click()
		await expect(flash(page, 'Product saved as draft successfully!')).toBeVisible()

		const copy = (await productRow(`PI-11${suffix}`))!
		const { id: _copyId, code: _copyCode, ...copiedFields } = copy
		const { id: _id, code: _code, ...sourceFields } = before!
		expect(copiedFields).toEqual({ ...sourceFields, status: 'draft' })
		const [copiedKey, ...more] = await imageKeys(copy.id)
		expect(more).toEqual([])
		// Its own files: deleting either saree later leaves the other's photo in place.
		expect(copiedKey).not.toBe(source.images[1]!.key)
		expect(fs.readdirSync(path.join(shop().uploadsDir, copiedKey!)).sort()).toEqual(
			fs.readdirSync(path.join(shop().uploadsDir, source.images[1]!.key)).sort(),
		)
		expect(await imageKeys(source.id)).toEqual(source.images.map((i) => i.key))
		await context.close()
	})
}

test("on a 390 px phone Duplicate's photo choices fit, each is a 44 px target, and axe finds nothing serious", async ({
	page,
	context,
}) => {
	await signInAs(context, shop())
	const source = await seedProduct(shop(), { name: 'Phone Ikat', code: 'PH-390', images: 3 })
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(`${shop().url}/admin/products/new?from=${source.id}`)
	const region = page.getByRole('region', { name: 'Photos of PH-390' })
	await expect(region.getByRole('checkbox')).toHaveCount(3)
	expect(await hasHorizontalScroll(page)).toBe(false)
	for (const label of await region.locator('label').all()) {
		const box = (await label.boundingBox())!
		expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
	}
	await expectNoSeriousA11yViolations(page)
})
