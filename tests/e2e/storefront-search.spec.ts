import { expect, type Page, test } from '@playwright/test'

import { gotoHydrated } from '../helpers/hydration'
import { type SeededProduct, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoSeriousA11yViolations, metaContent } from './storefront-support'

// Search, filters, sort and "You may also like", with JavaScript on and off: every choice is a GET
// form or a link, so the address holds it and the back button and shared links work.

const shop = useShop()

const KANCHI = 'Kanchipattu Pochampally Ikkat'
let ruby: SeededProduct
let peacock: SeededProduct
let plain: SeededProduct[]

test.beforeAll(async () => {
	// 22 plain weaves at ₹21,000, ₹22,000 … ₹42,000, newest last.
	plain = []
	for (let i = 1; i <= 22; i++) {
		plain.push(await seedProduct(shop(), { name: `Plain Weave ${i}`, category: 'Pochampally Ikkat', salePrice: 20_000 + i * 1_000 }))
	}
	await seedProduct(shop(), { name: 'Mango Yellow Haldi', status: 'out_of_stock', salePrice: 22_500, tags: ['haldi'] })
	await seedProduct(shop(), { name: 'Secret Draft Peacock', status: 'draft', salePrice: 18_000 })
	peacock = await seedProduct(shop(), {
		name: 'Peacock Blue Ikat',
		category: 'Pochampally Ikkat',
		salePrice: 18_000,
		description: 'Double ikat with a zari border',
		tags: ['festive'],
	})
	ruby = await seedProduct(shop(), { name: 'Ruby Wedding Silk', code: 'KPW-7', category: KANCHI, salePrice: 35_000, tags: ['bridal'] })
})

/** Waits until the result cards are exactly these, in this order. */
async function expectCards(page: Page, names: string[]) {
	await expect(page.getByRole('main').locator('ul > li > article').getByRole('heading')).toHaveText(names)
}

async function search(page: Page, words: string) {
	const field = page.getByRole('searchbox', { name: 'Search sarees' })
	await field.fill(words)
	await field.press('Enter')
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`search with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })
		const open = (page: Page, path: string) =>
			javaScriptEnabled ? gotoHydrated(page, `${shop().url}${path}`) : page.goto(`${shop().url}${path}`)

		test('by name, word prefix, description and tag; results count, a removable chip, not indexed', async ({ page }) => {
			await open(page, '/collections')
			if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
			await search(page, 'PEACOCK')
			await expect(page).toHaveURL(/[?&]q=PEACOCK(&|$)/)
			await expect(page.getByText('1 saree', { exact: true })).toBeVisible()
			await expectCards(page, ['Peacock Blue Ikat'])
			await expect(page.getByRole('searchbox', { name: 'Search sarees' })).toHaveValue('PEACOCK')
			expect(await metaContent(page, 'robots')).toContain('noindex')
			if (javaScriptEnabled) {
				// Results came without a full reload, and the address is the canonical one.
				expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
				await expect(page).toHaveURL(`${shop().url}/collections?q=PEACOCK`)
			}

			await search(page, 'kanchi')
			await expectCards(page, ['Ruby Wedding Silk'])
			await search(page, 'zari')
			await expectCards(page, ['Peacock Blue Ikat'])
			await search(page, 'bridal')
			await expectCards(page, ['Ruby Wedding Silk'])

			await page.getByRole('link', { name: 'Remove filter: “bridal”' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections`)
			await expect(page.getByText('Showing 1–20 of 24 sarees')).toBeVisible()
			await expect(page.getByRole('searchbox', { name: 'Search sarees' })).toHaveValue('')
		})

		test('a word of one letter is not searched for: the sarees are listed with the reason, and beside a real word it is left out', async ({
			page,
		}) => {
			await open(page, '/collections')
			await search(page, 'r')
			await expect(page.getByText('Search words need at least 2 letters or digits, so “r” was not searched for.')).toBeVisible()
			await expect(page.getByText('Showing 1–20 of 24 sarees')).toBeVisible()
			await expect(page.getByRole('searchbox', { name: 'Search sarees' })).toHaveValue('r')
			await expect(page.getByRole('link', { name: 'Remove filter: “r”' })).toBeVisible()

			await search(page, 'r ruby k')
			await expectCards(page, ['Ruby Wedding Silk'])
			await expect(page.getByText(/was not searched for/)).toHaveCount(0)
		})

		test('a product code typed exactly, in any case, opens that saree', async ({ page }) => {
			await open(page, '/collections')
			await search(page, ' kpw-7 ')
			await expect(page).toHaveURL(`${shop().url}/product/${ruby.id}`)
			await expect(page.getByRole('heading', { level: 1, name: 'Ruby Wedding Silk' })).toBeVisible()
		})

		test('no result: a helpful message and a link that clears the filters; drafts and sold-out sarees stay out', async ({ page }) => {
			await open(page, '/collections?min=10000')
			await search(page, 'zzzz')
			await expect(page.getByText('No sarees match “zzzz”')).toBeVisible()
			await search(page, 'secret draft')
			await expect(page.getByText('No sarees match “secret draft”')).toBeVisible()
			await search(page, 'haldi')
			await expect(page.getByText('No sarees match “haldi”')).toBeVisible()
			await page.getByRole('link', { name: 'Clear all filters' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections`)
			await expect(page.getByText('Showing 1–20 of 24 sarees')).toBeVisible()
		})

		test('price range, sort and pages combine, and every page keeps them', async ({ page }) => {
			await open(page, '/collections')
			await page.getByText('Price, sold out and sort').click()
			await page.getByRole('textbox', { name: 'Lowest price in rupees' }).fill('25,000')
			await page.getByRole('textbox', { name: 'Highest price in rupees' }).fill('₹45000')
			await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc')
			if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
			// Without JavaScript the browser sends the fields as typed (the server reads them the same way);
			// with it the address is the canonical one.
			await expect(page).toHaveURL(
				javaScriptEnabled
					? `${shop().url}/collections?min=25000&max=45000&sort=price-desc`
					: /min=25%2C000&max=%E2%82%B945000&sort=price-desc/,
			)
			await expect(page.getByText('19 sarees', { exact: true })).toBeVisible()
			// ₹42,000 down to ₹25,000; at ₹35,000 the newer saree (Ruby) first.
			const byPrice = plain
				.slice(4)
				.reverse()
				.map((p) => p.name)
			byPrice.splice(7, 0, 'Ruby Wedding Silk')
			await expectCards(page, byPrice)
			await expect(page.getByRole('link', { name: 'Remove filter: ₹25,000 – ₹45,000' })).toBeVisible()

			// Two pages of 10 would be too few here: narrow the page with the one-tap band and the sort.
			await page.getByRole('link', { name: '₹20,000 – ₹30,000' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections?min=20000&max=30000&sort=price-desc`)
			await expectCards(
				page,
				plain
					.slice(0, 10)
					.reverse()
					.map((p) => p.name),
			)
			await page.getByRole('link', { name: 'Remove filter: Price: high to low' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections?min=20000&max=30000`)
			await expectCards(
				page,
				plain
					.slice(0, 10)
					.reverse()
					.map((p) => p.name),
			)
		})

		test('pagination keeps the search, the filters and the sort', async ({ page }) => {
			await open(page, '/collections?q=plain&soldout=1&sort=price-asc')
			await expect(page.getByText('Showing 1–20 of 22 sarees')).toBeVisible()
			await expect(page.getByRole('main').locator('ul > li > article').getByRole('heading').first()).toHaveText('Plain Weave 1')
			await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections?q=plain&soldout=1&sort=price-asc&page=2`)
			await expectCards(page, ['Plain Weave 21', 'Plain Weave 22'])
			await page.goBack()
			await expect(page).toHaveURL(`${shop().url}/collections?q=plain&soldout=1&sort=price-asc`)
			await expect(page.getByText('Showing 1–20 of 22 sarees')).toBeVisible()
		})

		test('"Include sold out" adds sold-out sarees with their badge; a category tab keeps the other choices', async ({ page }) => {
			await open(page, '/collections?max=23000')
			await expectCards(page, ['Peacock Blue Ikat', 'Plain Weave 3', 'Plain Weave 2', 'Plain Weave 1'])
			await page.getByRole('checkbox', { name: 'Include sold out' }).check()
			if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
			await expect(page).toHaveURL(/max=23000(&.*)?&soldout=1/)
			await expect(page.getByText('5 sarees', { exact: true })).toBeVisible()
			const sold = page.getByRole('main').locator('article').filter({ hasText: 'Mango Yellow Haldi' })
			await expect(sold.getByText('Sold out')).toBeVisible()

			await page.getByRole('navigation', { name: 'Saree categories' }).getByRole('link', { name: KANCHI }).click()
			await expect(page).toHaveURL(`${shop().url}/collections?category=Kanchipattu+Pochampally+Ikkat&max=23000&soldout=1`)
			await expectCards(page, ['Mango Yellow Haldi'])
			await page.getByRole('checkbox', { name: 'Include sold out' }).uncheck()
			if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
			await expect(page.getByText('No sarees match these filters')).toBeVisible()
			await expect(page).toHaveURL(/category=Kanchipattu\+Pochampally\+Ikkat&(min=&)?max=23000(&sort=newest)?$/)
		})

		test('the header leads to the search from every page', async ({ page }) => {
			await open(page, '/about')
			await page.getByRole('banner').getByRole('link', { name: 'Search sarees' }).click()
			await expect(page).toHaveURL(`${shop().url}/collections#search`)
			await expect(page.getByRole('searchbox', { name: 'Search sarees' })).toBeVisible()
		})

		test('"You may also like": other active sarees, same category and nearest price first, lazy below the main photo', async ({ page }) => {
			await open(page, `/product/${plain[10]!.id}`)
			const similar = page.getByRole('region', { name: 'You may also like' })
			const names = await similar.getByRole('heading', { level: 3 }).allTextContents()
			expect(names).toHaveLength(4)
			expect(names.slice(0, 2).sort()).toEqual(['Plain Weave 10', 'Plain Weave 12'])
			expect(names.slice(2).sort()).toEqual(['Plain Weave 13', 'Plain Weave 9'])
			for (const img of await similar.getByRole('img').all()) await expect(img).toHaveAttribute('loading', 'lazy')
			await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1)
			await similar.getByRole('link', { name: 'Plain Weave 12' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Plain Weave 12' })).toBeVisible()

			// A Kanchipattu saree with no other of its category: the nearest prices of the others.
			await open(page, `/product/${ruby.id}`)
			const others = await page.getByRole('region', { name: 'You may also like' }).getByRole('heading', { level: 3 }).allTextContents()
			// Equally near: the newer first.
			expect(others).toEqual(['Plain Weave 15', 'Plain Weave 16', 'Plain Weave 14', 'Plain Weave 17'])
		})
	})
}

test('malformed or unknown parameters are ignored or corrected, never an error', async ({ request }) => {
	const addresses = [
		'/collections?page=-1',
		'/collections?page=99999999999',
		'/collections?min=abc&max=%E2%82%B9',
		'/collections?min=50000&max=10000',
		'/collections?sort=DROP%20TABLE&soldout=maybe',
		'/collections?q=%22OR%20*%20NEAR(',
		'/collections?q=%00%01',
		`/collections?q=${'saree '.repeat(400)}`,
		'/collections?q=a&q=b&category=Pochampally+Ikkat&category=x',
		'/collections?category=%F0%9F%A5%BB',
		'/collections?utm_source=whatsapp&fbclid=IwAR0',
	]
	for (const address of addresses) {
		const response = await request.get(`${shop().url}${address}`, { maxRedirects: 0 })
		expect(response.status(), address).toBe(200)
		expect(await response.text(), address).toContain('Our Collections')
	}
	const swapped = await (await request.get(`${shop().url}/collections?min=30000&max=20000`)).text()
	expect(swapped).toContain('Remove filter: ₹20,000 – ₹30,000')
})

test('search pages are not indexed; listings keep their canonical address', async ({ page }) => {
	await page.goto(`${shop().url}/collections?sort=price-asc&utm_source=whatsapp`)
	expect(await metaContent(page, 'robots')).toContain('noindex')
	expect(await metaContent(page, 'canonical')).toBe(`${shop().url}/collections?sort=price-asc`)
	await page.goto(`${shop().url}/collections?page=2&fbclid=x`)
	await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
	expect(await metaContent(page, 'canonical')).toBe(`${shop().url}/collections?page=2`)
})

test('no serious accessibility violations on a filtered search', async ({ page }) => {
	await page.goto(`${shop().url}/collections?q=plain&min=20000&soldout=1`)
	await expectNoSeriousA11yViolations(page)
})

test('no serious accessibility violations on a product page with similar sarees', async ({ page }) => {
	await page.goto(`${shop().url}/product/${peacock.id}`)
	await expect(page.getByRole('region', { name: 'You may also like' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
})
