import { expect, type Page, test } from '@playwright/test'
import { sql } from 'kysely'

import { gotoHydrated } from '../helpers/hydration'
import { type SeededProduct, seedProduct, seedProducts } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoSeriousA11yViolations, metaContent } from './storefront-support'

const shop = useShop()

const KANCHI = 'Kanchipattu Pochampally Ikkat'
let pochampally: SeededProduct[]
let kanchi: SeededProduct[]
let hidden: SeededProduct[]
let discounted: SeededProduct

test.beforeAll(async () => {
	pochampally = await seedProducts(shop(), 21, { category: 'Pochampally Ikkat', salePrice: 8_900 })
	hidden = [
		await seedProduct(shop(), { name: 'Hidden Draft Saree', status: 'draft', category: KANCHI }),
		await seedProduct(shop(), { name: 'Hidden Sold Saree', status: 'out_of_stock', category: KANCHI }),
	]
	discounted = await seedProduct(shop(), {
		name: 'Festive Offer Saree',
		code: 'FO-1',
		category: 'Pochampally Ikkat',
		originalPrice: 15_000,
		salePrice: 12_000,
	})
	kanchi = await seedProducts(shop(), 3, { category: KANCHI, salePrice: 24_000 })
	await seedProduct(shop(), { name: 'Newest Draft Saree', status: 'draft' })
})

/** Active products, newest first (the order the shop lists them in). */
function activeNewestFirst() {
	return [...kanchi].reverse().concat(discounted, [...pochampally].reverse())
}

function cards(page: Page) {
	return page.getByRole('main').getByRole('article')
}

async function cardNames(page: Page) {
	return cards(page).getByRole('heading').allTextContents()
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`collections with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test('All Sarees: 20 newest active sarees, then page 2 with the rest', async ({ page }) => {
			const response = await page.goto(`${shop().url}/collections`)
			expect(response?.status()).toBe(200)
			await expect(page.getByRole('heading', { level: 1, name: 'Our Collections' })).toBeVisible()
			const tabs = page.getByRole('navigation', { name: 'Saree categories' }).getByRole('link')
			await expect(tabs).toHaveText(['All Sarees', KANCHI, 'Dharmavaram Pochampally Ikkat', 'Pochampally Ikkat'])
			await expect(tabs.first()).toHaveAttribute('aria-current', 'page')
			await expect(page.getByText('Showing 1–20 of 25 sarees')).toBeVisible()
			await expect(cards(page)).toHaveCount(20)
			const expected = activeNewestFirst().map((p) => p.name)
			expect(await cardNames(page)).toEqual(expected.slice(0, 20))

			const pagination = page.getByRole('navigation', { name: 'Pagination' })
			await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
			await pagination.getByRole('link', { name: 'Next' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections?page=2`)
			await expect(page.getByText('Showing 21–25 of 25 sarees')).toBeVisible()
			await expect(cards(page)).toHaveCount(5)
			expect(await cardNames(page)).toEqual(expected.slice(20))
			await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
			await expect(pagination.getByRole('link', { name: 'Next' })).toHaveCount(0)
			await pagination.getByRole('link', { name: 'Previous' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections`)
			await expect(cards(page)).toHaveCount(20)

			const allNames = expected.join('\n')
			for (const p of hidden) expect(allNames).not.toContain(p.name)
			await expect(page.getByText('Hidden Draft Saree')).toHaveCount(0)
			await expect(page.getByText('Newest Draft Saree')).toHaveCount(0)
		})

		test('category tabs are links that filter', async ({ page }) => {
			await page.goto(`${shop().url}/collections`)
			const nav = page.getByRole('navigation', { name: 'Saree categories' })
			await nav.getByRole('link', { name: KANCHI }).click()
			await expect(page).toHaveURL(`${shop().url}/collections?category=Kanchipattu+Pochampally+Ikkat`)
			await expect(nav.getByRole('link', { name: KANCHI })).toHaveAttribute('aria-current', 'page')
			await expect(cards(page)).toHaveCount(3)
			expect(await cardNames(page)).toEqual([...kanchi].reverse().map((p) => p.name))
			await expect(page.getByText('Hidden Sold Saree')).toHaveCount(0)
			await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)

			await nav.getByRole('link', { name: 'Dharmavaram Pochampally Ikkat' }).click()
			await expect(page).toHaveURL(/category=Dharmavaram\+Pochampally\+Ikkat/)
			await expect(page.getByText('Coming Soon')).toBeVisible()
			await expect(cards(page)).toHaveCount(0)

			await nav.getByRole('link', { name: 'All Sarees' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections`)
			await expect(cards(page)).toHaveCount(20)
		})

		test('a card shows image, name, code, sale price and the struck-through original price', async ({ page }) => {
			await page.goto(`${shop().url}/collections`)
			const card = cards(page).filter({ hasText: 'Festive Offer Saree' })
			await expect(card.getByRole('img', { name: 'Festive Offer Saree' })).toBeVisible()
			await expect(card.getByText('FO-1')).toBeVisible()
			await expect(card.getByText('₹12,000')).toBeVisible()
			await expect(card.locator('del')).toHaveText(/₹15,000/)
			const plain = cards(page).filter({ hasText: kanchi[0]!.name })
			await expect(plain.locator('del')).toHaveCount(0)
			await card.getByRole('link', { name: 'Festive Offer Saree' }).click()
			await expect(page).toHaveURL(`${shop().url}/product/${discounted.id}`)
		})

		test('an unknown category or an empty page is a clear message, not an error', async ({ page }) => {
			const response = await page.goto(`${shop().url}/collections?category=Banarasi`)
			expect(response?.status()).toBe(200)
			await expect(page.getByText('No sarees in this category')).toBeVisible()
			await expect(page.getByText('We couldn’t find a category called “Banarasi”.')).toBeVisible()
			await page.getByRole('link', { name: 'View all sarees' }).click()
			await expect(cards(page)).toHaveCount(20)

			const far = await page.goto(`${shop().url}/collections?page=9`)
			expect(far?.status()).toBe(200)
			await expect(page.getByText('This page is empty')).toBeVisible()
			await expect(page.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/collections')
		})
	})
}

test.describe('collections while loading and on failure', () => {
	test('8 skeleton cards show while the next tab loads', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/collections`)
		await expect(cards(page)).toHaveCount(20)
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route(/\/collections\.data/, async (route) => {
			await held
			await route.continue()
		})
		await page.getByRole('navigation', { name: 'Saree categories' }).getByRole('link', { name: KANCHI }).click()
		await expect(page.getByTestId('product-skeleton')).toHaveCount(8)
		await expect(page.getByRole('status', { name: 'Loading products' })).toBeVisible()
		release()
		await expect(page.getByTestId('product-skeleton')).toHaveCount(0)
		await expect(cards(page)).toHaveCount(3)
	})

	test('skeletons also show when arriving from another page', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/about`)
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route(/\/collections\.data/, async (route) => {
			await held
			await route.continue()
		})
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collections' }).click()
		await expect(page.getByTestId('product-skeleton')).toHaveCount(8)
		release()
		await expect(cards(page)).toHaveCount(20)
	})

	test('"Failed to load products" when the list cannot be read; the home page says so too', async ({ page }) => {
		const db = shop().db()
		await sql`ALTER TABLE products RENAME TO products_unavailable`.execute(db)
		try {
			const response = await page.goto(`${shop().url}/collections`)
			expect(response?.status()).toBe(500)
			await expect(page.getByText('Failed to load products')).toBeVisible()
			await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
			const home = await page.goto(`${shop().url}/`)
			expect(home?.status()).toBe(200)
			await expect(page.getByText('Unable to load new arrivals at this time.')).toBeVisible()
		} finally {
			await sql`ALTER TABLE products_unavailable RENAME TO products`.execute(db)
		}
		await page.goto(`${shop().url}/collections`)
		await expect(cards(page)).toHaveCount(20)
	})

	test('a failed client-side load shows the same message inside the shop layout', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/about`)
		await page.route(/\/collections\.data/, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }))
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collections' }).click()
		await expect(page.getByText('Failed to load products')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Contact us on WhatsApp' })).toBeVisible()

		await page.unroute(/\/collections\.data/)
		await gotoHydrated(page, `${shop().url}/collections`)
		await page.route(/\/collections\.data/, (route) => route.abort('internetdisconnected'))
		await page.getByRole('navigation', { name: 'Saree categories' }).getByRole('link', { name: KANCHI }).click()
		await expect(page.getByText('Failed to load products')).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
	})
})

test('meta tags name the category; no serious accessibility violations', async ({ page }) => {
	await page.goto(`${shop().url}/collections?category=${encodeURIComponent(KANCHI)}`)
	await expect(page).toHaveTitle(`${KANCHI} Sarees – Pochampally Silk House`)
	expect(await metaContent(page, 'canonical')).toBe(`${shop().url}/collections?category=Kanchipattu+Pochampally+Ikkat`)
	expect(await metaContent(page, 'og:image')).toMatch(new RegExp(`^${shop().url}/media/images/[a-f0-9]{32}/720\\.jpg$`))
	await expectNoSeriousA11yViolations(page)
	await page.goto(`${shop().url}/collections?page=2`)
	await expect(page).toHaveTitle('Handloom Silk Saree Collections – Page 2 – Pochampally Silk House')
	expect(await metaContent(page, 'canonical')).toBe(`${shop().url}/collections?page=2`)
	await page.setViewportSize({ width: 360, height: 740 })
	await expectNoSeriousA11yViolations(page)
})
