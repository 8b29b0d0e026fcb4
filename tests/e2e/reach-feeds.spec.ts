import { type APIRequestContext, expect, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { XMLParser } from 'fast-xml-parser'
import sharp from 'sharp'

import { closeDb } from '../../app/db.server'
import { DEMO_SAREES } from '../../app/demo/sarees.server'
import { seedDemo } from '../../app/demo/seed.server'
import { resetEnvCache } from '../../app/utils/env.server'
import { signInAs } from '../helpers/auth'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// The catalogue feeds against the demo catalogue, read as Google Merchant Center and Meta Commerce
// Manager read them: parsed, every link and image fetched, every rule of their specifications checked.
const shop = useShop()

const SHOP_NAME = 'Pochampally Silk House'
const CATEGORY_PATH = 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas'
const listed = DEMO_SAREES.filter((s) => s.status !== 'draft')
const drafts = DEMO_SAREES.filter((s) => s.status === 'draft')
const tricky = DEMO_SAREES.find((s) => s.code === 'PI-302')!
const rupees = (paise: number) => `${(paise / 100).toFixed(2)} INR`

let small: { id: number; code: string; name: string }

test.beforeAll(async () => {
	test.setTimeout(180_000)
	// The demo catalogue is written into the running shop by the demo's own code (photos 600 × 800 keep it quick).
	const saved = { db: process.env.DATABASE_PATH, uploads: process.env.UPLOADS_DIR }
	process.env.DATABASE_PATH = shop().dbPath
	process.env.UPLOADS_DIR = shop().uploadsDir
	resetEnvCache()
	try {
		const result = await seedDemo({ imageLongSide: 800, coverWidth: 400 })
		expect(result.seeded).toBe(true)
	} finally {
		closeDb()
		process.env.DATABASE_PATH = saved.db
		process.env.UPLOADS_DIR = saved.uploads
		resetEnvCache()
	}
	// A saree photographed too small for the feeds: reported on Settings, never sent.
	small = await seedProduct(shop(), { name: 'Small Photo Saree', code: 'SMALL-1', images: [{ width: 360, height: 480 }] })
})

type GoogleItem = Record<string, string | string[]>

async function googleItems(request: APIRequestContext) {
	const response = await request.get(`${shop().url}/feeds/google.xml`)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8')
	const parsed = new XMLParser({
		ignoreAttributes: false,
		parseTagValue: false,
		isArray: (name) => name === 'item' || name === 'g:additional_image_link',
	}).parse(await response.text())
	expect(parsed.rss['@_version']).toBe('2.0')
	expect(parsed.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0')
	return parsed.rss.channel.item as GoogleItem[]
}

async function metaRows(request: APIRequestContext) {
	const response = await request.get(`${shop().url}/feeds/meta.csv`)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
	return parse(await response.text(), { columns: true }) as Array<Record<string, string>>
}

/** The image answers 200 as a JPEG of at least 500 × 500 px. */
async function expectFeedImage(request: APIRequestContext, url: string) {
	expect(url).toMatch(new RegExp(`^${shop().url}/media/images/[a-f0-9]{32}/\\d+\\.jpg$`))
	const response = await request.get(url)
	expect(response.status(), url).toBe(200)
	expect(response.headers()['content-type']).toBe('image/jpeg')
	const meta = await sharp(await response.body()).metadata()
	expect(meta.format).toBe('jpeg')
	expect(Math.min(meta.width!, meta.height!), url).toBeGreaterThanOrEqual(500)
}

/** The product page answers 200 and says "Sold out" exactly when the feed says out of stock. */
async function expectProductPage(request: APIRequestContext, url: string, inStock: boolean) {
	const response = await request.get(url)
	expect(response.status(), url).toBe(200)
	expect((await response.text()).includes('>Sold out<'), url).toBe(!inStock)
}

test('Google Merchant Center feed: every active and sold-out saree by code, never a draft, in Google’s spelling', async ({ request }) => {
	test.setTimeout(120_000)
	const items = await googleItems(request)
	expect(items.map((i) => i['g:id']).sort()).toEqual(listed.map((s) => s.code).sort())
	for (const draft of drafts) expect(items.some((i) => i['g:id'] === draft.code)).toBe(false)
	for (const item of items) {
		const saree = DEMO_SAREES.find((s) => s.code === item['g:id'])!
		expect(item.title).toBe(saree.name)
		expect(item.description).not.toMatch(/[<>\n]|\*\*/)
		expect((item.description as string).length).toBeGreaterThan(20)
		expect(item['g:availability']).toBe(saree.status === 'active' ? 'in_stock' : 'out_of_stock')
		expect(item['g:price']).toBe(rupees(saree.originalPaise))
		expect(item['g:sale_price']).toBe(saree.salePaise < saree.originalPaise ? rupees(saree.salePaise) : undefined)
		expect(item['g:condition']).toBe('new')
		expect(item['g:brand']).toBe(SHOP_NAME)
		expect(item['g:identifier_exists']).toBe('no')
		expect(item['g:google_product_category']).toBe(CATEGORY_PATH)
		expect(item['g:product_type']).toBe(saree.category)
		expect(item.link).toMatch(new RegExp(`^${shop().url}/product/\\d+$`))
		await expectProductPage(request, item.link as string, item['g:availability'] === 'in_stock')
		const more = (item['g:additional_image_link'] ?? []) as string[]
		expect(more.length).toBe(Math.min(4, saree.shots.length - 1))
		for (const url of [item['g:image_link'] as string, ...more]) await expectFeedImage(request, url)
	}
	const rust = items.find((i) => i['g:id'] === tricky.code)!
	expect(rust.title).toBe('Rust "Telia Rumal" Ikat Silk Saree, Grid & Border – తేలియా రుమాల్')
	expect(rust.description).toBe(
		'Rust orange silk in the “telia rumal” grid, the old Chirala & Pochampally pattern, with a charcoal border. చేనేత పట్టు చీర, పోచంపల్లి. Lightweight, easy to care for. Pure silk, 6.2 m including blouse.',
	)
	expect(items.some((i) => i['g:id'] === small.code)).toBe(false)
})

test('Meta catalogue feed: a header row, the same sarees in Meta’s spelling, quoted text intact', async ({ request }) => {
	test.setTimeout(120_000)
	const rows = await metaRows(request)
	expect(Object.keys(rows[0]!)).toEqual(
		expect.arrayContaining(['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand']),
	)
	expect(rows.map((r) => r.id).sort()).toEqual(listed.map((s) => s.code).sort())
	for (const row of rows) {
		const saree = DEMO_SAREES.find((s) => s.code === row.id)!
		expect(row.title).toBe(saree.name)
		expect(row.availability).toBe(saree.status === 'active' ? 'in stock' : 'out of stock')
		expect(row.price).toBe(rupees(saree.originalPaise))
		expect(row.sale_price).toBe(saree.salePaise < saree.originalPaise ? rupees(saree.salePaise) : '')
		expect(row.condition).toBe('new')
		expect(row.brand).toBe(SHOP_NAME)
		expect(row.google_product_category).toBe(CATEGORY_PATH)
		expect(row.product_type).toBe(saree.category)
		await expectProductPage(request, row.link!, row.availability === 'in stock')
		const more = row.additional_image_link ? row.additional_image_link.split(',') : []
		expect(more.length).toBe(Math.min(4, saree.shots.length - 1))
		for (const url of [row.image_link!, ...more]) await expectFeedImage(request, url)
	}
	const google = await googleItems(request)
	for (const row of rows) {
		const item = google.find((i) => i['g:id'] === row.id)!
		expect([row.link, row.image_link, row.description]).toEqual([item.link, item['g:image_link'], item.description])
	}
	expect(rows.find((r) => r.id === tricky.code)!.description).toContain('చేనేత పట్టు చీర, పోచంపల్లి.')
})

test('feeds are kept until the catalogue changes: 304 while unchanged, the new price right after an edit', async ({ request }) => {
	for (const path of ['/feeds/google.xml', '/feeds/meta.csv']) {
		const first = await request.get(`${shop().url}${path}`)
		const etag = first.headers()['etag']!
		expect(etag).toMatch(/^"[\w-]+"$/)
		expect(first.headers()['cache-control']).toBe('public, no-cache')
		const again = await request.get(`${shop().url}${path}`, { headers: { 'If-None-Match': etag } })
		expect(again.status()).toBe(304)
	}
	const before = (await request.get(`${shop().url}/feeds/meta.csv`)).headers()['etag']!
	await shop().db().updateTable('products').set({ original_price_paise: 99_999_00 }).where('code', '=', 'PI-301').execute()
	const after = await request.get(`${shop().url}/feeds/meta.csv`, { headers: { 'If-None-Match': before } })
	expect(after.status()).toBe(200)
	const row = (parse(await after.text(), { columns: true }) as Array<Record<string, string>>).find((r) => r.id === 'PI-301')!
	expect(row.price).toBe('99999.00 INR')
	expect((await googleItems(request)).find((i) => i['g:id'] === 'PI-301')!['g:price']).toBe('99999.00 INR')
})

test('robots.txt allows both feeds', async ({ request }) => {
	const lines = (await (await request.get(`${shop().url}/robots.txt`)).text()).split('\n')
	expect(lines).toContain('Allow: /feeds/google.xml')
	expect(lines).toContain('Allow: /feeds/meta.csv')
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('Settings shows both addresses, the steps, and the saree whose photo is too small', async ({ page, context }) => {
			await signInAs(context, shop())
			if (javaScriptEnabled) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop().url })
			await page.goto(`${shop().url}/admin/settings`)
			const section = page.getByRole('region', { name: 'Sell on WhatsApp, Instagram and Google' })
			await expect(section.getByLabel('Meta catalogue feed address')).toHaveValue(`${shop().url}/feeds/meta.csv`)
			await expect(section.getByLabel('Google Merchant Center feed address')).toHaveValue(`${shop().url}/feeds/google.xml`)
			await expect(section.getByText('Data feed, choose “Use a URL”')).toBeVisible()
			await expect(section.getByText('Add a file from a link')).toBeVisible()
			const report = section.locator('#feed-photo-problems')
			await expect(report).toContainText('both sides must be at least 500 px')
			await expect(report.getByRole('link', { name: `${small.name} (${small.code})` })).toHaveAttribute(
				'href',
				`/admin/products/${small.id}/edit`,
			)
			await expect(report).toContainText('left out of both feeds')
			await expect(report).not.toContainText(tricky.code)
			const copyButtons = section.getByRole('button', { name: 'Copy' })
			if (!javaScriptEnabled) {
				await expect(copyButtons).toHaveCount(0)
				return
			}
			await expect(copyButtons).toHaveCount(2)
			await copyButtons.first().click()
			await expect(section.getByText('Copied.')).toBeVisible()
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${shop().url}/feeds/meta.csv`)
		})
	})
}
