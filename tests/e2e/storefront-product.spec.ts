import { expect, test } from '@playwright/test'

import { gotoHydrated } from '../helpers/hydration'
import { type SeededProduct, seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, jsonLd, metaContent, parseWhatsAppLocation } from './storefront-support'

const shop = useShop()

let ruby: SeededProduct
let soldOut: SeededProduct
let draft: SeededProduct
let bare: SeededProduct
let tricky: SeededProduct

test.beforeAll(async () => {
	await setShopSettings(shop(), { shopName: 'Kalanjali Weaves', whatsappNumber: '+91 91234 56789' })
	ruby = await seedProduct(shop(), {
		name: 'Ruby Kanchipattu Ikat Saree',
		code: 'KPI-101',
		description: 'Deep ruby silk with double ikat diamonds.\nA zari border frames the pallu.',
		originalPrice: 28_000,
		salePrice: 24_500,
		category: 'Kanchipattu Pochampally Ikkat',
		tags: ['wedding', 'zari'],
		images: [{ palette: 0 }, { palette: 1 }, { palette: 2 }, { palette: 3, width: 1200, height: 900 }],
	})
	soldOut = await seedProduct(shop(), {
		name: 'Teal Pochampally Saree',
		code: 'PI-202',
		status: 'out_of_stock',
		category: 'Pochampally Ikkat',
	})
	draft = await seedProduct(shop(), { name: 'Secret Draft Saree', code: 'DR-303', status: 'draft' })
	bare = await seedProduct(shop(), { name: 'Plain Silk Saree', code: 'PS-404', images: 0, salePrice: 9_900 })
	tricky = await seedProduct(shop(), { name: 'Saree </script><script>window.__pwned = 1</script>', code: 'XSS-1' })
})

test.describe('product page', () => {
	test('shows everything about a saree', async ({ page }) => {
		const response = await page.goto(`${shop().url}/product/${ruby.id}`)
		expect(response?.status()).toBe(200)
		await expect(page).toHaveTitle('Ruby Kanchipattu Ikat Saree (KPI-101) – Kalanjali Weaves')
		await expect(page.getByRole('heading', { level: 1, name: 'Ruby Kanchipattu Ikat Saree' })).toBeVisible()
		const main = page.getByRole('main')
		await expect(main.getByText('KPI-101').first()).toBeVisible()
		await expect(main.getByText('₹24,500').first()).toBeVisible()
		await expect(main.locator('del')).toHaveText(/₹28,000/)
		await expect(main.getByText('Deep ruby silk with double ikat diamonds.')).toBeVisible()
		for (const feature of [
			'100% Pure Silk',
			'Traditional Handloom Weaving',
			'Kanchipattu Pochampally Ikkat design',
			'6.5 meters length',
			'Matching blouse piece included',
		]) {
			await expect(main.getByRole('listitem').filter({ hasText: feature })).toBeVisible()
		}
		await expect(main.getByText('Dry clean only')).toBeVisible()
		await expect(main.getByText('Free shipping across India')).toBeVisible()
		await expect(main.getByText('5-7 working days')).toBeVisible()
		await expect(main.getByRole('listitem').filter({ hasText: /^wedding$/ })).toBeVisible()
		await expect(main.getByRole('listitem').filter({ hasText: /^zari$/ })).toBeVisible()
		await expect(page.getByText('Sold out')).toHaveCount(0)

		const order = page.getByRole('link', { name: 'Order on WhatsApp' })
		await expect(order).toHaveAttribute('href', `/whatsapp/product/${ruby.id}`)
		await expect(order).toHaveAttribute('target', '_blank')
		await expect(order).toHaveAttribute('rel', /noopener/)
		await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/collections')
	})

	test('images: the first is eager and high priority, the rest lazy, all with WebP and sizes', async ({ page }) => {
		await page.goto(`${shop().url}/product/${ruby.id}`)
		const mainImage = page.getByRole('link', { name: 'Enlarge image 1 of 4' }).locator('img')
		await expect(mainImage).toHaveAttribute('fetchpriority', 'high')
		await expect(mainImage).not.toHaveAttribute('loading', 'lazy')
		await expect(mainImage).toHaveAttribute('width', /\d+/)
		await expect(mainImage).toHaveAttribute('height', /\d+/)
		await expect(mainImage).toHaveAttribute('sizes', /.+/)
		await expect(mainImage).toHaveAttribute('srcset', new RegExp(`/media/${ruby.images[0]!.key}/360\\.jpg 360w`))
		await expect(page.locator('picture source[type="image/webp"]').first()).toHaveAttribute('srcset', /\.webp 360w/)
		const thumbnails = page.getByRole('list', { name: 'Product images' }).locator('img')
		await expect(thumbnails).toHaveCount(4)
		for (const img of await thumbnails.all()) await expect(img).toHaveAttribute('loading', 'lazy')
		expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1)
	})

	test('sharing: title, description, canonical, Open Graph and Twitter tags with a JPEG of at least 600 px', async ({ page, request }) => {
		const url = `${shop().url}/product/${ruby.id}`
		await page.goto(url)
		expect(await metaContent(page, 'canonical')).toBe(url)
		expect(await metaContent(page, 'og:url')).toBe(url)
		expect(await metaContent(page, 'og:type')).toBe('product')
		expect(await metaContent(page, 'og:title')).toBe('Ruby Kanchipattu Ikat Saree (KPI-101) – Kalanjali Weaves')
		expect(await metaContent(page, 'description')).toContain('KPI-101')
		expect(await metaContent(page, 'twitter:card')).toBe('summary_large_image')
		const ogImage = (await metaContent(page, 'og:image'))!
		expect(ogImage).toBe(`${shop().url}/media/${ruby.images[0]!.key}/720.jpg`)
		expect(Number(await metaContent(page, 'og:image:width'))).toBeGreaterThanOrEqual(600)
		const image = await request.get(ogImage)
		expect(image.status()).toBe(200)
		expect(image.headers()['content-type']).toBe('image/jpeg')
		expect((await image.body()).length).toBeLessThan(300 * 1024)

		// Link previews read only the start of the document: the tags come early in <head>.
		const html = await (await request.get(url)).text()
		expect(html.indexOf('property="og:image"')).toBeGreaterThan(0)
		expect(html.indexOf('property="og:image"')).toBeLessThan(html.indexOf('</head>'))
		expect(html.indexOf('property="og:image"')).toBeLessThan(4096)
	})

	test('structured data: a Product with an Offer in INR', async ({ page }) => {
		await page.goto(`${shop().url}/product/${ruby.id}`)
		const product = (await jsonLd(page)).find((d) => d['@type'] === 'Product')!
		expect(product).toMatchObject({
			name: 'Ruby Kanchipattu Ikat Saree',
			sku: 'KPI-101',
			offers: { '@type': 'Offer', priceCurrency: 'INR', price: '24500.00', availability: 'https://schema.org/InStock' },
		})
		expect(product.image[0]).toBe(`${shop().url}/media/${ruby.images[0]!.key}/720.jpg`)

		await page.goto(`${shop().url}/product/${soldOut.id}`)
		const sold = (await jsonLd(page)).find((d) => d['@type'] === 'Product')!
		expect(sold.offers.availability).toBe('https://schema.org/OutOfStock')
	})

	test('a name that looks like markup stays text, in the page and in the JSON-LD', async ({ page }) => {
		await page.goto(`${shop().url}/product/${tricky.id}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(tricky.name)
		expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
		const product = (await jsonLd(page)).find((d) => d['@type'] === 'Product')!
		expect(product.name).toBe(tricky.name)
		const html = await (await page.request.get(`${shop().url}/product/${tricky.id}`)).text()
		const block = html.slice(html.indexOf('application/ld+json'))
		expect(block.slice(0, block.indexOf('</script>'))).toContain('\\u003c/script\\u003e')
	})

	test('an out-of-stock saree keeps its page with a Sold out badge', async ({ page }) => {
		const response = await page.goto(`${shop().url}/product/${soldOut.id}`)
		expect(response?.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1, name: 'Teal Pochampally Saree' })).toBeVisible()
		await expect(page.getByText('Sold out', { exact: true })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Ask on WhatsApp' })).toHaveAttribute('href', `/whatsapp/product/${soldOut.id}`)
	})

	test('a saree without images shows a placeholder named for screen readers', async ({ page }) => {
		await page.goto(`${shop().url}/product/${bare.id}`)
		await expect(page.getByRole('img', { name: 'Image not available' })).toBeVisible()
		// Shared without a picture of its own, the page offers the newest saree's picture.
		expect(await metaContent(page, 'og:image')).toBe(`${shop().url}/media/${tricky.images[0]!.key}/720.jpg`)
	})

	for (const [label, path] of [
		['a draft', () => `/product/${draft.id}`],
		['an unknown id', () => '/product/999999'],
		['a non-numeric id', () => '/product/abc'],
	] as const) {
		test(`${label} is "Product not found" with status 404, inside the shop layout`, async ({ page }) => {
			const response = await page.goto(`${shop().url}${path()}`)
			expect(response?.status()).toBe(404)
			await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
			await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
			await expect(page.getByText('Secret Draft Saree')).toHaveCount(0)
			await expect(page).toHaveTitle('Product not found – Kalanjali Weaves')
		})
	}

	test('no horizontal scroll on a phone; no serious accessibility violations', async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 })
		await page.goto(`${shop().url}/product/${ruby.id}`)
		await expectNoHorizontalScroll(page)
		await expectNoSeriousA11yViolations(page)
		await page.setViewportSize({ width: 1280, height: 800 })
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('gallery with JavaScript', () => {
	test('thumbnails switch the main image; a click opens a full-screen preview with zoom', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/product/${ruby.id}`)
		const main = page.getByRole('link', { name: /^Enlarge image/ })
		await expect(main.locator('img')).toHaveAttribute('src', new RegExp(ruby.images[0]!.key))
		await page.getByRole('link', { name: 'Show image 3 of 4' }).click()
		await expect(main).toHaveAccessibleName('Enlarge image 3 of 4')
		await expect(main.locator('img')).toHaveAttribute('src', new RegExp(ruby.images[2]!.key))
		await expect(page.getByRole('link', { name: 'Show image 3 of 4' })).toHaveAttribute('aria-current', 'true')
		expect(page.url()).toBe(`${shop().url}/product/${ruby.id}`)

		await main.click()
		const dialog = page.getByRole('dialog')
		await expect(dialog).toBeVisible()
		await expect(dialog.getByText('3 / 4')).toBeVisible()
		const large = dialog.locator('img')
		await expect(large).toHaveAttribute('alt', 'Ruby Kanchipattu Ikat Saree, image 3 of 4')
		await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

		await dialog.getByRole('button', { name: 'Next image' }).click()
		await expect(dialog.getByText('4 / 4')).toBeVisible()
		await page.keyboard.press('ArrowRight')
		await expect(dialog.getByText('1 / 4')).toBeVisible()

		const fittedWidth = await large.evaluate((img) => img.getBoundingClientRect().width)
		expect(fittedWidth).toBeLessThanOrEqual(page.viewportSize()!.width)
		await large.click()
		await expect(dialog.getByText('1 / 4 · zoomed')).toBeVisible()
		await expect.poll(() => large.evaluate((img) => img.getBoundingClientRect().width)).toBeGreaterThanOrEqual(fittedWidth * 2)
		await large.click({ position: { x: 10, y: 10 } })
		await expect(dialog.getByText('zoomed')).toHaveCount(0)

		await page.keyboard.press('Escape')
		await expect(dialog).toHaveCount(0)
		await expect(main).toHaveAccessibleName('Enlarge image 1 of 4')
	})

	test('Order on WhatsApp opens the chat in a new tab', async ({ page, context }) => {
		await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'chat' }))
		await page.goto(`${shop().url}/product/${ruby.id}`)
		const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Order on WhatsApp' }).click()])
		await popup.waitForURL(/^https:\/\/wa\.me\//)
		const { number, text } = parseWhatsAppLocation(popup.url())
		expect(number).toBe('919123456789')
		expect(text).toBe(
			`Hi, I want to order this saree. Product Code: KPI-101 - Ruby Kanchipattu Ikat Saree.\n${shop().url}/product/${ruby.id}`,
		)
		expect(page.url()).toBe(`${shop().url}/product/${ruby.id}`)
	})

	test('Back returns to the page the visitor came from', async ({ page }) => {
		await page.goto(`${shop().url}/collections`)
		await page.getByRole('link', { name: 'Ruby Kanchipattu Ikat Saree' }).click()
		await expect(page).toHaveURL(`${shop().url}/product/${ruby.id}`)
		await page.getByRole('link', { name: 'Back' }).click()
		await expect(page).toHaveURL(`${shop().url}/collections`)
	})
})

test.describe('gallery without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('every image is reachable as a large JPEG', async ({ page, request }) => {
		const response = await page.goto(`${shop().url}/product/${ruby.id}`)
		expect(response?.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1, name: 'Ruby Kanchipattu Ikat Saree' })).toBeVisible()
		const links = page.getByRole('list', { name: 'Product images' }).getByRole('link')
		await expect(links).toHaveCount(4)
		const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')))
		expect(hrefs).toEqual([
			`/media/${ruby.images[0]!.key}/800.jpg`,
			`/media/${ruby.images[1]!.key}/800.jpg`,
			`/media/${ruby.images[2]!.key}/800.jpg`,
			`/media/${ruby.images[3]!.key}/1200.jpg`,
		])
		for (const href of hrefs) {
			const image = await request.get(`${shop().url}${href}`)
			expect(image.status()).toBe(200)
			expect(image.headers()['content-type']).toBe('image/jpeg')
		}
		await page.getByRole('link', { name: 'Show image 2 of 4' }).click()
		await expect(page).toHaveURL(`${shop().url}${hrefs[1]}`)
	})

	test('the order button is a plain link to the counting redirect', async ({ page }) => {
		await page.goto(`${shop().url}/product/${ruby.id}`)
		await expect(page.getByRole('link', { name: 'Order on WhatsApp' })).toHaveAttribute('href', `/whatsapp/product/${ruby.id}`)
		await expect(page.getByRole('link', { name: 'Contact us on WhatsApp' })).toHaveAttribute('href', '/whatsapp')
	})
})

test.describe('WhatsApp redirects', () => {
	async function enquiries(productId: number) {
		const rows = await shop().db().selectFrom('product_enquiries').select(['day', 'count']).where('product_id', '=', productId).execute()
		return rows.reduce((sum, r) => sum + r.count, 0)
	}

	// Counts are written in batches every few seconds: a click on a fresh saree, once it shows in the
	// database, proves that every click before it has been written too.
	async function countsWritten() {
		const witness = await seedProduct(shop(), { name: 'Witness Saree', images: 0 })
		const phone = 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
		await fetch(`${shop().url}/whatsapp/product/${witness.id}`, { redirect: 'manual', headers: { 'User-Agent': phone } })
		await expect.poll(() => enquiries(witness.id), { timeout: 15_000 }).toBe(1)
	}

	test('an order click is redirected to wa.me with the order text, and counted once per visitor a day', async ({ request }) => {
		const response = await request.get(`${shop().url}/whatsapp/product/${ruby.id}`, { maxRedirects: 0 })
		expect(response.status()).toBe(303)
		const { number, text } = parseWhatsAppLocation(response.headers()['location'])
		expect(number).toBe('919123456789')
		expect(text).toBe(
			`Hi, I want to order this saree. Product Code: KPI-101 - Ruby Kanchipattu Ikat Saree.\n${shop().url}/product/${ruby.id}`,
		)

		// A saree this visitor has not asked about yet (the gallery test above clicked Ruby already).
		const fresh = await seedProduct(shop(), { name: 'Fresh Enquiry Saree', images: 0 })
		expect((await request.get(`${shop().url}/whatsapp/product/${fresh.id}`, { maxRedirects: 0 })).status()).toBe(303)
		await expect.poll(() => enquiries(fresh.id), { timeout: 15_000 }).toBe(1)
		// The same visitor again: still redirected, not counted again.
		expect((await request.get(`${shop().url}/whatsapp/product/${fresh.id}`, { maxRedirects: 0 })).status()).toBe(303)
		await countsWritten()
		expect(await enquiries(fresh.id)).toBe(1)
		const today = new Date().toISOString().slice(0, 10)
		const row = await shop().db().selectFrom('product_enquiries').select('day').where('product_id', '=', fresh.id).executeTakeFirst()
		expect(row?.day).toBe(today)
	})

	test('a sold-out saree can still be asked about (and is counted)', async ({ request }) => {
		const before = await enquiries(soldOut.id)
		const response = await request.get(`${shop().url}/whatsapp/product/${soldOut.id}`, { maxRedirects: 0 })
		expect(response.status()).toBe(303)
		expect(parseWhatsAppLocation(response.headers()['location']).text).toContain('Product Code: PI-202 - Teal Pochampally Saree.')
		await expect.poll(() => enquiries(soldOut.id), { timeout: 15_000 }).toBe(before + 1)
	})

	test('a draft or unknown product is 404 and counts nothing', async ({ request }) => {
		for (const path of [`/whatsapp/product/${draft.id}`, '/whatsapp/product/999999', '/whatsapp/product/abc']) {
			const response = await request.get(`${shop().url}${path}`, { maxRedirects: 0 })
			expect(response.status()).toBe(404)
			expect(response.headers()['location']).toBeUndefined()
		}
		await countsWritten()
		expect(await enquiries(draft.id)).toBe(0)
		expect(await shop().db().selectFrom('product_enquiries').select('product_id').where('product_id', '=', 999999).execute()).toEqual([])
	})

	test('crawlers are redirected but not counted', async ({ request }) => {
		const before = await enquiries(bare.id)
		const response = await request.get(`${shop().url}/whatsapp/product/${bare.id}`, {
			maxRedirects: 0,
			headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
		})
		expect(response.status()).toBe(303)
		await countsWritten()
		expect(await enquiries(bare.id)).toBe(before)
	})

	test('the general contact link carries the enquiry text and the number from the settings', async ({ request }) => {
		const response = await request.get(`${shop().url}/whatsapp`, { maxRedirects: 0 })
		expect(response.status()).toBe(303)
		const { number, text } = parseWhatsAppLocation(response.headers()['location'])
		expect(number).toBe('919123456789')
		expect(text).toBe("Hi, I'm interested in your saree collection. Please provide more details.")
	})
})
