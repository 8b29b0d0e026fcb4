import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import sharp from 'sharp'

import { adminSessionCookie, signInAs } from '../helpers/auth'
import { seedProduct } from '../helpers/seed'
import { type Shop, startShop, useShop } from '../helpers/shop'
import { makeZip } from '../helpers/zip'
import { hasHorizontalScroll, smallTapTargets, storedImageDirs } from './admin-catalogue-fixtures'
import { databaseFingerprint, raw } from './auth-helpers'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Export catalogue (CSV) and Import (CSV) on the admin products page, through the real server: the
// round trip that changes nothing, a Meta catalogue with its photos from a ZIP, rows with problems,
// hostile files (each refused next to its field, nothing written) and a server killed mid-commit.

const shop = useShop()
const IMPORT = '/admin/products/import'

const jpeg = (width: number, height: number, colour: string) =>
	sharp({ create: { width, height, channels: 3, background: colour } })
		.jpeg()
		.toBuffer()

async function cookieOf(target: Shop) {
	return `__session=${await adminSessionCookie(target)}`
}

/** Posts the import form's files as a browser would; answers the page's HTML. */
async function postFiles(target: Shop, cookie: string, csv: Buffer | string, zip?: Buffer, category = '') {
	const body = new FormData()
	body.set('csv', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)]), 'catalogue.csv')
	if (zip) body.set('photos', new Blob([new Uint8Array(zip)]), 'photos.zip')
	body.set('category', category)
	const res = await raw(target, IMPORT, { method: 'POST', body, cookie })
	return { status: res.status, html: await res.text() }
}

const uploadOf = (html: string) => /name="upload" value="([a-f0-9]{32})"/.exec(html)?.[1] ?? null

const metaCsv = (rows: string[][]) =>
	[['id', 'title', 'description', 'availability', 'condition', 'price', 'sale_price', 'link', 'image_link', 'brand'], ...rows]
		.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
		.join('\r\n')

async function fingerprint() {
	return databaseFingerprint(shop().db(), { except: ['sessions'] })
}

function importsLeft(target: Shop) {
	const dir = path.join(target.uploadsDir, '.tmp', 'imports')
	return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

async function chooseFiles(page: Page, csv: Buffer | string, zip?: Buffer) {
	await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
	if (zip) await page.getByLabel('Photos (ZIP, optional)').setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip })
	await page.getByRole('button', { name: 'Check the file' }).click()
}

const count = (page: Page, name: string) => page.locator(`[data-count="${name}"]`)

test.beforeAll(async () => {
	await seedProduct(shop(), {
		name: 'Ruby Kanchi Silk',
		nameTe: 'రూబీ కంచి పట్టు',
		code: 'RT-101',
		description: '=HYPERLINK("http://evil") handwoven, with "quotes", commas\nand a second line',
		category: 'Kanchipattu Pochampally Ikkat',
		originalPrice: 15_000.5,
		salePrice: 12_000,
		tags: ['silk', 'wedding'],
		images: 2,
	})
	await seedProduct(shop(), { name: 'Draft Ikkat', code: 'RT-102', status: 'draft', category: 'Pochampally Ikkat', images: 0 })
	await seedProduct(shop(), { name: 'Sold Dharmavaram', code: 'RT-103', status: 'out_of_stock', category: 'Dharmavaram Pochampally Ikkat' })
})

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

test('the export writes every saree, drafts included, its fields, translations, prices in rupees and photo names, formulas guarded', async () => {
	const res = await raw(shop(), '/admin/products/export.csv', { cookie: await cookieOf(shop()) })
	expect(res.status).toBe(200)
	expect(res.headers.get('cache-control')).toContain('no-store')
	const text = await res.text()
	expect(text).toContain(`"'=HYPERLINK(""http://evil"")`)
	const rows = parse(text, { bom: true, columns: true }) as Array<Record<string, string>>
	const ruby = rows.find((row) => row.code === 'RT-101')!
	expect(ruby).toMatchObject({
		name: 'Ruby Kanchi Silk',
		name_te: 'రూబీ కంచి పట్టు',
		category: 'Kanchipattu Pochampally Ikkat',
		status: 'active',
		original_price: '15000.50',
		sale_price: '12000',
		tags: 'silk, wedding',
		photos: 'RT-101.jpg RT-101-2.jpg',
	})
	expect(rows.find((row) => row.code === 'RT-102')!.status).toBe('draft')
	// Signed out: the sign-in page, not the catalogue.
	expect((await raw(shop(), '/admin/products/export.csv')).status).toBe(302)
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })
		const tag = javaScriptEnabled ? 'J' : 'N'

		test('a catalogue exported and imported back changes nothing', async ({ page }) => {
			const exported = await (await raw(shop(), '/admin/products/export.csv', { cookie: await cookieOf(shop()) })).text()
			const total = (parse(exported, { bom: true, columns: true }) as unknown[]).length
			const before = await fingerprint()
			const media = storedImageDirs(shop())
			await page.goto(`${shop().url}/admin/products`)
			await page.getByRole('link', { name: 'Import (CSV)' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Import catalogue (CSV)' })).toBeVisible()
			await chooseFiles(page, exported)
			await expect(count(page, 'unchanged')).toHaveText(String(total))
			await expect(count(page, 'new')).toHaveText('0')
			await expect(count(page, 'updated')).toHaveText('0')
			await page.getByRole('button', { name: 'Import 0 sarees' }).click()
			await expect(page.getByText('Nothing to import: every saree in the file is already as it says.')).toBeVisible()
			expect(await fingerprint()).toEqual(before)
			expect(storedImageDirs(shop())).toEqual(media)
			expect(importsLeft(shop())).toEqual([])
		})

		test('a Meta catalogue CSV with photos in a ZIP creates the sarees with their photos', async ({ page }) => {
			const csv = metaCsv([
				[
					`M${tag}-1`,
					'Meta Blue Silk',
					'From the WhatsApp catalogue',
					'in stock',
					'new',
					'9500.00 INR',
					'8000.00 INR',
					'https://x',
					'https://y',
					'Weaver',
				],
				[`M${tag}-2`, 'Meta Green Silk', '', 'out of stock', 'new', '7000.00 INR', '', 'https://x', 'https://y', 'Weaver'],
			])
			const zip = makeZip([
				{ name: `M${tag}-1.jpg`, bytes: await jpeg(600, 400, '#123456') },
				{
					name: `photos/M${tag}-1-2.png`,
					bytes: await sharp({ create: { width: 300, height: 500, channels: 3, background: '#0a0' } })
						.png()
						.toBuffer(),
				},
				{ name: `m${tag.toLowerCase()}-2.JPG`, bytes: await jpeg(400, 400, '#654321') },
			])
			const media = storedImageDirs(shop()).length
			await page.goto(`${shop().url}${IMPORT}`)
			await page.getByLabel('Category for new sarees whose row has none').selectOption('Pochampally Ikkat')
			await chooseFiles(page, csv, zip)
			await expect(count(page, 'new')).toHaveText('2')
			await expect(page.getByText('3 photos from the ZIP.')).toBeVisible()
			await page.getByRole('button', { name: 'Import 2 sarees' }).click()
			await expect(page.getByText('Imported: 2 new, 0 updated.')).toBeVisible()
			const products = await shop()
				.db()
				.selectFrom('products')
				.select(['id', 'code', 'name', 'status', 'stock', 'category', 'original_price_paise', 'sale_price_paise'])
				.where('code', 'in', [`M${tag}-1`, `M${tag}-2`])
				.orderBy('code')
				.execute()
			expect(products.map(({ id: _, ...p }) => p)).toEqual([
				{
					code: `M${tag}-1`,
					name: 'Meta Blue Silk',
					status: 'active',
					// Meta's file has no stock: a new saree has one piece, as Add Product starts it.
					stock: 1,
					category: 'Pochampally Ikkat',
					original_price_paise: 950_000,
					sale_price_paise: 800_000,
				},
				{
					code: `M${tag}-2`,
					name: 'Meta Green Silk',
					status: 'out_of_stock',
					stock: 1,
					category: 'Pochampally Ikkat',
					original_price_paise: 700_000,
					sale_price_paise: 700_000,
				},
			])
			const photos = await shop()
				.db()
				.selectFrom('product_images')
				.select(['product_id', 'width', 'height'])
				.where(
					'product_id',
					'in',
					products.map((p) => p.id),
				)
				.orderBy('product_id')
				.orderBy('position')
				.execute()
			expect(photos.map((p) => `${p.product_id}:${p.width}x${p.height}`)).toEqual([
				`${products[0]!.id}:600x400`,
				`${products[0]!.id}:300x500`,
				`${products[1]!.id}:400x400`,
			])
			expect(storedImageDirs(shop()).length).toBe(media + 3)
			// The storefront shows the new saree with its photo.
			const shopPage = await (await fetch(`${shop().url}/product/${products[0]!.id}`)).text()
			expect(shopPage).toContain('Meta Blue Silk')
		})

		test("a file with bad rows shows each row's message and writes nothing", async ({ page }) => {
			const csv = [
				'code,name,category,status,stock,original_price,sale_price',
				`B${tag}-1,Good Saree,Pochampally Ikkat,active,1,5000,4000`,
				`B${tag}-2,,Pochampally Ikkat,active,1,5000,`,
				`B${tag} 3!,Bad Code,Pochampally Ikkat,active,1,5000,`,
				`B${tag}-4,Cheap,Pochampally Ikkat,active,1,1000,2000`,
				`B${tag}-5,No Category,Silk,active,1,1000,2000`,
				`B${tag}-6,Bad Stock,Pochampally Ikkat,gone,-1,abc,`,
				`b${tag}-1,Twice,Pochampally Ikkat,active,1,5000,`,
			].join('\n')
			const before = await fingerprint()
			await page.goto(`${shop().url}${IMPORT}`)
			await chooseFiles(page, csv)
			await expect(page.getByText('6 rows have a problem. Nothing can be imported until the file is corrected.')).toBeVisible()
			const problems = await page
				.locator('tr[data-row]')
				.evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim()).join(' | ')))
			expect(problems).toEqual([
				'3 | name | Please enter a product name.',
				'4 | code | Use only letters A–Z, digits and single hyphens between them (like KPI-101).',
				'5 | sale_price | Sale price cannot be more than the original price.',
				'6 | sale_price | Sale price cannot be more than the original price.',
				"6 | category | This is not one of the shop's categories: use a name from Settings → Categories, or add it there first.",
				'7 | status | Use one of: active, draft, out_of_stock.',
				'7 | original_price | Enter an amount of 0 or more with at most 2 decimals, e.g. 12500 or 12500.50.',
				'7 | stock | Stock must be a whole number, 0 or more.',
				'8 | code | This code is also on row 2.',
			])
			await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0)
			expect(await fingerprint()).toEqual(before)
			expect(importsLeft(shop())).toEqual([])
		})
	})
}

test.describe('hostile files', () => {
	let cookie = ''
	test.beforeAll(async () => {
		cookie = await cookieOf(shop())
	})

	const refusals: Array<[string, () => Promise<{ csv: Buffer | string; zip?: Buffer }>, string]> = [
		['a CSV with a million columns', async () => ({ csv: `code,name${','.repeat(1_000_000)}\r\n` }), 'Line 1 has more than 64 columns'],
		[
			'a line longer than the record limit',
			async () => ({ csv: `code,name\r\nX-1,${'a'.repeat(2 * 1024 * 1024)}\r\n` }),
			'Line 2 is longer than 256 KB',
		],
		[
			'UTF-16 with its byte-order mark',
			async () => ({ csv: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('code,name\r\nU-1,Silk\r\n', 'utf16le')]) }),
			'This file is in UTF-16, not UTF-8.',
		],
		[
			'Latin-1 bytes',
			async () => ({ csv: Buffer.from('code,name\r\nL-1,Soie crème\r\n', 'latin1') }),
			'This file is in Latin-1 (Windows-1252), not UTF-8.',
		],
		[
			'a ZIP bomb',
			async () => ({
				csv: 'code,name,category,original_price\r\nZB-1,Bomb,Pochampally Ikkat,100\r\n',
				zip: makeZip([{ name: 'ZB-1.jpg', bytes: Buffer.alloc(200 * 1024 * 1024) }]),
			}),
			'ZB-1.jpg is larger than 10MB once unpacked.',
		],
		[
			'a ZIP with ../ names',
			async () => ({
				csv: 'code,name,category,original_price\r\nZP-1,Path,Pochampally Ikkat,100\r\n',
				zip: makeZip([{ name: '../../ZP-1.jpg', bytes: await jpeg(10, 10, '#000') }]),
			}),
			'points outside the ZIP',
		],
		[
			'a ZIP with an absolute name',
			async () => ({
				csv: 'code,name,category,original_price\r\nZA-1,Path,Pochampally Ikkat,100\r\n',
				zip: makeZip([{ name: '/tmp/ZA-1.jpg', bytes: Buffer.from('x') }]),
			}),
			'points outside the ZIP',
		],
		[
			'a ZIP of 10 000 tiny files',
			async () => ({
				csv: 'code,name,category,original_price\r\nZT-1,Tiny,Pochampally Ikkat,100\r\n',
				zip: makeZip(Array.from({ length: 10_000 }, (_, i) => ({ name: `ZT-1-${i}.jpg`, bytes: Buffer.from('x'), store: true }))),
			}),
			'The ZIP holds 10,000 files; at most 5,000 are read.',
		],
		['a file that is neither catalogue', async () => ({ csv: 'sku,product\r\n1,2\r\n' }), 'The first line must name the columns'],
	]

	for (const [what, make, message] of refusals) {
		test(`${what} is refused next to its field, in bounded time, with nothing written`, async () => {
			const { csv, zip } = await make()
			const before = await fingerprint()
			const media = storedImageDirs(shop())
			const { status, html } = await postFiles(shop(), cookie, csv, zip, 'Pochampally Ikkat')
			expect(status).toBe(400)
			expect(html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'")).toContain(message)
			expect(await fingerprint()).toEqual(before)
			expect(storedImageDirs(shop())).toEqual(media)
			expect(importsLeft(shop())).toEqual([])
		})
	}

	test('a CSV past its size limit is cut off while it arrives, not read whole', async () => {
		const before = await fingerprint()
		const { status, html } = await postFiles(shop(), cookie, Buffer.alloc(65 * 1024 * 1024, 'a'))
		expect(status).toBe(400)
		expect(html).toContain('The CSV file is larger than 64MB.')
		expect(await fingerprint()).toEqual(before)
		expect(importsLeft(shop())).toEqual([])
	})

	test('formula cells are imported as text, never run, and the export guards them again', async () => {
		const csv = 'code,name,description,category,original_price\r\nF-1,"=1+1","@SUM(A1) and =cmd|\' /C calc\'!A0",Pochampally Ikkat,100\r\n'
		const { html } = await postFiles(shop(), cookie, csv)
		const upload = uploadOf(html)!
		const res = await raw(shop(), IMPORT, { method: 'POST', body: new URLSearchParams({ intent: 'commit', upload }), cookie })
		expect(res.status).toBe(302)
		const saved = await shop()
			.db()
			.selectFrom('products')
			.select(['name', 'description'])
			.where('code', '=', 'F-1')
			.executeTakeFirstOrThrow()
		expect(saved).toEqual({ name: '=1+1', description: "@SUM(A1) and =cmd|' /C calc'!A0" })
		const exported = await (await raw(shop(), '/admin/products/export.csv', { cookie })).text()
		expect(exported).toContain(`"F-1","'=1+1"`)
	})

	test("an upload is this session's alone, and is gone once imported", async () => {
		const csv = 'code,name,category,original_price\r\nS-1,Session,Pochampally Ikkat,100\r\n'
		const upload = uploadOf((await postFiles(shop(), cookie, csv)).html)!
		const commit = (as: string) =>
			raw(shop(), IMPORT, { method: 'POST', body: new URLSearchParams({ intent: 'commit', upload }), cookie: as })
		const other = await commit(await cookieOf(shop()))
		expect(other.status).toBe(404)
		expect(await other.text()).toContain('This upload is no longer here')
		expect((await raw(shop(), `${IMPORT}/${upload}/progress`, { cookie: await cookieOf(shop()) })).status).toBe(404)
		expect((await commit(cookie)).status).toBe(302)
		expect((await commit(cookie)).status).toBe(404)
	})
})

test('the import screen is accessible and fits a 390 px phone, with a preview of problems', async ({ page }) => {
	// Three full axe runs: more than the default time on a busy machine.
	test.setTimeout(180_000)
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(`${shop().url}${IMPORT}`)
	const check = async (what: string) => {
		expect(await hasHorizontalScroll(page), `${what} scrolls sideways`).toBe(false)
		expect(await smallTapTargets(page), what).toEqual([])
		await expectNoSeriousA11yViolations(page, what)
	}
	await check('the empty form')
	await chooseFiles(page, `code,name,original_price\r\nA11Y-1,,${'9'.repeat(30)}\r\nA11Y-2,Fine,100\r\n`)
	await expect(page.locator('tr[data-row]').first()).toBeVisible()
	await check('the preview')
	await page.goto(`${shop().url}/admin/products`)
	await check('the products list with its export and import')
})

test.describe('a crash during the commit', () => {
	test.describe.configure({ timeout: 240_000 })

	test('killing the server while 10 000 rows are written leaves the catalogue and its photos as they were on restart', async () => {
		const crash = await startShop()
		try {
			await seedProduct(crash, { name: 'Before the crash', code: 'KEEP-1' })
			const cookie = await cookieOf(crash)
			const rows = Array.from({ length: 10_000 }, (_, i) => `K-${i},Crash Saree ${i},Pochampally Ikkat,active,1,${1000 + i},`)
			const csv = ['code,name,category,status,stock,original_price,sale_price', ...rows].join('\r\n')
			const zip = makeZip([{ name: 'K-1.jpg', bytes: await jpeg(300, 300, '#abc') }])
			const before = await databaseFingerprint(crash.db(), { except: ['sessions'] })
			const media = storedImageDirs(crash)
			const { html } = await postFiles(crash, cookie, csv, zip)
			const upload = uploadOf(html)
			expect(upload, html.slice(0, 2000)).not.toBeNull()
			let answered = false
			void raw(crash, IMPORT, { method: 'POST', body: new URLSearchParams({ intent: 'commit', upload: upload! }), cookie })
				.then(() => (answered = true))
				.catch(() => null)
			// The commit stores the ZIP's photo after checking every row, then opens its one transaction:
			// the server is killed a moment into that transaction, while its 10 000 rows are being written.
			await expect.poll(() => storedImageDirs(crash).length, { timeout: 120_000, intervals: [25] }).toBe(media.length + 1)
			await new Promise((resolve) => setTimeout(resolve, 400))
			expect(answered, 'the commit finished before the server was killed').toBe(false)
			await crash.stop('SIGKILL')
			const restarted = await startShop({ dir: crash.dir })
			try {
				expect(await databaseFingerprint(restarted.db(), { except: ['sessions'] })).toEqual(before)
				// The photo stored for the import belongs to no row: the start-up sweep removed it.
				expect(storedImageDirs(restarted)).toEqual(media)
				expect(importsLeft(restarted)).toEqual([])
			} finally {
				await restarted.stop()
			}
		} finally {
			fs.rmSync(crash.dir, { recursive: true, force: true })
		}
	})
})
