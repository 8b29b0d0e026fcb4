import { expect, test } from '@playwright/test'

import { useShop } from '../helpers/shop'

// A new shop with no sarees and no posts yet: every list says so calmly.
const shop = useShop()

for (const javaScriptEnabled of [true, false]) {
	test.describe(`an empty shop with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test('home: no new arrivals, every category Coming Soon, the default hero', async ({ page }) => {
			const response = await page.goto(`${shop().url}/`)
			expect(response?.status()).toBe(200)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Tradition, Elegance, and Legacy')
			await expect(page.getByText('– Pure Handloom Silk Sarees')).toBeVisible()
			await expect(page.getByText('No new arrivals available at this time.')).toBeVisible()
			const categories = page.locator('#collections')
			await expect(categories.locator('[data-coming-soon]')).toHaveCount(3)
			await expect(categories.getByText('Coming Soon')).toHaveCount(3)
			await expect(categories.getByRole('link')).toHaveCount(0)
			// The migration's default shop name and number, read from the settings row.
			await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Pochampally Silk House' })).toBeVisible()
		})

		test('collections and blogs: empty states', async ({ page }) => {
			await page.goto(`${shop().url}/collections`)
			await expect(page.getByText('No sarees available yet')).toBeVisible()
			await page.goto(`${shop().url}/collections?category=${encodeURIComponent('Pochampally Ikkat')}`)
			await expect(page.getByText('Coming Soon')).toBeVisible()
			const blogs = await page.goto(`${shop().url}/blogs`)
			expect(blogs?.status()).toBe(200)
			await expect(page.getByText('No blogs available')).toBeVisible()
			await expect(page.getByText('Check back later for new content')).toBeVisible()
		})
	})
}

test('the sitemap lists only the fixed pages, in each language', async ({ request }) => {
	const body = await (await request.get(`${shop().url}/sitemap.xml`)).text()
	const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
	const origin = shop().url
	expect(locs).toEqual([
		`${origin}/`,
		`${origin}/te`,
		`${origin}/hi`,
		...['/collections', '/about', '/blogs'].flatMap((path) => [`${origin}${path}`, `${origin}/te${path}`, `${origin}/hi${path}`]),
	])
})
