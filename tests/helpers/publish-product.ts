import { expect, type Page } from '@playwright/test'

import type { Shop } from './shop'

/** The seller publishes a saree with photos through the Add Product form, as she would on her phone. */
export async function publishProduct(page: Page, shop: Shop, product: { name: string; code: string; photos: string[] }) {
	await page.goto(`${shop.url}/admin/products/new`)
	await page.getByLabel('Product Name').fill(product.name)
	await page.getByLabel('Product Code').fill(product.code)
	await page.getByLabel('Original Price').fill('12,000')
	await page.getByLabel('Sale Price').fill('11,000')
	await page.getByLabel('Stock').fill('2')
	await page.getByLabel('Category').selectOption('Kanchipattu Pochampally Ikkat')
	await page.getByLabel('Images', { exact: true }).setInputFiles(product.photos)
	await page.getByRole('button', { name: 'Publish Product' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Product published successfully!' })).toBeVisible()
}

/** The seller duplicates a saree from its edit page, ticking the first `photos` of its photos, and publishes the copy. */
export async function duplicateProduct(page: Page, shop: Shop, from: { id: number; code: string; photos: number }) {
	await page.goto(`${shop.url}/admin/products/${from.id}/edit`)
	await page.getByRole('link', { name: 'Duplicate' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible()
	for (let i = 1; i <= from.photos; i++) await page.getByLabel(`Copy photo ${i}`).check()
	await page.getByLabel('Product Code').fill(from.code)
	await page.getByRole('button', { name: 'Publish Product' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Product published successfully!' })).toBeVisible()
}
