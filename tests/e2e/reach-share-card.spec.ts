import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'

import { signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { translator } from '../helpers/i18n'
import { decodeQrImage as decodeQr } from '../helpers/qr'
import { type SeededProduct, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// The share card (a 9:16 picture for WhatsApp Status and Instagram stories) and the product page's
// Share button in its three behaviours: files shared, link only, and a plain link without JavaScript.
const shop = useShop()

let active: SeededProduct
let soldOut: SeededProduct
let draft: SeededProduct

test.beforeAll(async () => {
	active = await seedProduct(shop(), {
		name: 'Lotus "Ikat" Saree & Border',
		salePrice: 10_500,
		originalPrice: 12_000,
		images: [{ width: 1200, height: 1600 }],
	})
	soldOut = await seedProduct(shop(), { status: 'out_of_stock', images: [{ width: 1200, height: 1600 }] })
	draft = await seedProduct(shop(), { status: 'draft', images: [{ width: 1200, height: 1600 }] })
})

test('an active saree’s card is a 1080 × 1920 JPEG under 300 KB whose QR code opens its page; remade when its name changes', async ({
	request,
}) => {
	test.setTimeout(120_000)
	const response = await request.get(`${shop().url}/share-card/${active.id}`)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('image/jpeg')
	const bytes = await response.body()
	expect(bytes.length).toBeLessThanOrEqual(300 * 1024)
	const meta = await sharp(bytes).metadata()
	expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920])
	expect(await decodeQr(bytes)).toBe(`${shop().url}/product/${active.id}`)

	const etag = response.headers()['etag']!
	expect((await request.get(`${shop().url}/share-card/${active.id}`, { headers: { 'If-None-Match': etag } })).status()).toBe(304)
	await shop().db().updateTable('products').set({ name: 'Lotus Ikat Saree, renamed' }).where('id', '=', active.id).execute()
	const remade = await request.get(`${shop().url}/share-card/${active.id}`, { headers: { 'If-None-Match': etag } })
	expect(remade.status()).toBe(200)
	expect(remade.headers()['etag']).not.toBe(etag)
	await shop().db().updateTable('products').set({ name: active.name }).where('id', '=', active.id).execute()

	for (const id of [soldOut.id, draft.id, 999_999]) expect((await request.get(`${shop().url}/share-card/${id}`)).status()).toBe(404)
})

test.describe('in the page’s language', () => {
	test.use({ javaScriptEnabled: false })

	test('a Telugu or Hindi product page shares a card at an address with its language, named and drawn apart from the English one, whose QR code opens the page in that language', async ({
		page,
		request,
	}) => {
		test.setTimeout(180_000)
		const saree = await seedProduct(shop(), {
			name: 'Rust Telia Rumal Saree',
			nameTe: 'రస్ట్ తేలియా రుమాల్ చీర',
			nameHi: 'रस्ट तेलिया रुमाल साड़ी',
			images: [{ width: 1200, height: 1600 }],
		})
		const english = await request.get(`${shop().url}/share-card/${saree.id}`)
		const englishBytes = await english.body()
		const seen = new Set([english.headers()['etag']])
		for (const locale of ['te', 'hi'] as const) {
			await page.goto(`${shop().url}/${locale}/product/${saree.id}`)
			const share = page.getByRole('link', { name: translator(locale).t('product.share') })
			await expect(share).toHaveAttribute('href', `/share-card/${saree.id}?lang=${locale}`)
			const card = await request.get(`${shop().url}${await share.getAttribute('href')}`)
			expect(card.status()).toBe(200)
			expect(card.headers()['content-type']).toBe('image/jpeg')
			expect(card.headers()['cache-control']).toBe(english.headers()['cache-control'])
			const bytes = await card.body()
			expect(bytes.length).toBeLessThanOrEqual(300 * 1024)
			expect(await decodeQr(bytes)).toBe(`${shop().url}/${locale}/product/${saree.id}`)
			// The file (and so the ETag) is named from what is drawn: the name and words in this language.
			const etag = card.headers()['etag']!
			expect(seen.has(etag)).toBe(false)
			seen.add(etag)
			expect(
				(await request.get(`${shop().url}/share-card/${saree.id}?lang=${locale}`, { headers: { 'If-None-Match': etag } })).status(),
			).toBe(304)
			// Renaming the saree in this language draws this language's card again.
			const column = locale === 'te' ? 'name_te' : 'name_hi'
			await shop()
				.db()
				.updateTable('products')
				.set({ [column]: `${locale} renamed` })
				.where('id', '=', saree.id)
				.execute()
			const renamed = await request.get(`${shop().url}/share-card/${saree.id}?lang=${locale}`, { headers: { 'If-None-Match': etag } })
			expect(renamed.status()).toBe(200)
			expect(renamed.headers()['etag']).not.toBe(etag)
		}
		// The English card is untouched by the others: same address, same file, same bytes.
		await page.goto(`${shop().url}/product/${saree.id}`)
		await expect(page.getByRole('link', { name: 'Share' })).toHaveAttribute('href', `/share-card/${saree.id}`)
		const again = await request.get(`${shop().url}/share-card/${saree.id}`)
		expect(again.headers()['etag']).toBe(english.headers()['etag'])
		expect((await again.body()).equals(englishBytes)).toBe(true)
	})

	test('a language the shop does not have gets no card, so no address makes a new file', async ({ request }) => {
		const folder = path.join(shop().uploadsDir, active.images[0]!.key)
		await request.get(`${shop().url}/share-card/${active.id}`)
		const before = fs.readdirSync(folder).filter((f) => f.startsWith('card-'))
		for (const lang of ['fr', 'TE', '', 'te-IN', '../te']) {
			const response = await request.get(`${shop().url}/share-card/${active.id}?lang=${encodeURIComponent(lang)}`)
			expect(response.status(), lang).toBe(404)
		}
		expect(fs.readdirSync(folder).filter((f) => f.startsWith('card-'))).toEqual(before)
	})
})

/** Replaces the browser's share sheet by a recorder: what the page asked to share lands in window.__shared. */
async function recordShares(page: Page, canShareFiles: boolean) {
	await page.addInitScript((filesOk) => {
		const w = window as unknown as { __shared?: unknown }
		Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => (data.files?.length ? filesOk : true), configurable: true })
		Object.defineProperty(navigator, 'share', {
			configurable: true,
			value: async (data: ShareData) => {
				const files = await Promise.all(
					(data.files ?? []).map(async (f) => ({
						name: f.name,
						type: f.type,
						size: f.size,
						jpeg: new Uint8Array(await f.slice(0, 3).arrayBuffer()).join(','),
					})),
				)
				w.__shared = { url: data.url, title: data.title, files }
			},
		})
	}, canShareFiles)
}

const shared = (page: Page) => page.waitForFunction(() => (window as unknown as { __shared?: unknown }).__shared).then((h) => h.jsonValue())

test.describe('with JavaScript', () => {
	test('where files can be shared, Share sends the card image and the product link', async ({ page }) => {
		await recordShares(page, true)
		await gotoHydrated(page, `${shop().url}/product/${active.id}`)
		await page.getByRole('link', { name: 'Share' }).click()
		expect(await shared(page)).toEqual({
			url: `${shop().url}/product/${active.id}`,
			title: active.name,
			files: [{ name: `${active.code}-share-card.jpg`, type: 'image/jpeg', size: expect.any(Number), jpeg: '255,216,255' }],
		})
		await expect(page).toHaveURL(`${shop().url}/product/${active.id}`)
	})

	test('where files cannot be shared, Share sends the product link alone', async ({ page }) => {
		await recordShares(page, false)
		await gotoHydrated(page, `${shop().url}/product/${active.id}`)
		await page.getByRole('link', { name: 'Share' }).click()
		expect(await shared(page)).toEqual({ url: `${shop().url}/product/${active.id}`, title: active.name, files: [] })
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('Share is a link to the card image; a sold-out saree has no Share, nor an address to a card in its page', async ({ page }) => {
		await page.goto(`${shop().url}/product/${active.id}`)
		const share = page.getByRole('link', { name: 'Share' })
		await expect(share).toHaveAttribute('href', `/share-card/${active.id}`)
		const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/share-card/${active.id}`)), share.click()])
		expect(response.headers()['content-type']).toBe('image/jpeg')
		const soldOutPage = await page.goto(`${shop().url}/product/${soldOut.id}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Share' })).toHaveCount(0)
		// The page's data (read again by its scripts) names no card either: there is none to fetch.
		expect(await soldOutPage!.text()).not.toContain(`/share-card/${soldOut.id}`)
	})
})

test('the admin products list offers each active saree’s share card as a download', async ({ page, context }) => {
	await signInAs(context, shop())
	await page.goto(`${shop().url}/admin/products`)
	const link = page.getByRole('link', { name: `Share card of ${active.name}` })
	await expect(link).toHaveAttribute('download', `${active.code}-share-card.jpg`)
	await expect(page.getByRole('link', { name: `Share card of ${soldOut.name}` })).toHaveCount(0)
	await expect(page.getByRole('link', { name: `Share card of ${draft.name}` })).toHaveCount(0)
	const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
	expect(download.suggestedFilename()).toBe(`${active.code}-share-card.jpg`)
	const meta = await sharp(await download.path()).metadata()
	expect([meta.width, meta.height]).toEqual([1080, 1920])
})
