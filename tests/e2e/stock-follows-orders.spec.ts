import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { XMLParser } from 'fast-xml-parser'

import type { OrderStatus } from '../../app/constants'
import { signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { type SeededProduct, seedOrder, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, metaContent, parseWhatsAppLocation } from './storefront-support'

// Stock follows orders: an open order holds its saree (Reserved on the storefront, out of stock in the
// feeds), shipping takes it (sold out), cancelling gives it back; a second order for the last piece is
// kept with a warning. The storefront is read by a visitor with no cookies, through the page cache.
const shop = useShop()

const LANGUAGES = [
	{ prefix: '', badge: 'Reserved', ask: 'Ask about a similar saree', order: 'Order on WhatsApp', soldOut: 'Sold out' },
	{ prefix: '/te', badge: 'రిజర్వ్ అయింది', ask: 'ఇలాంటి చీర గురించి అడగండి', order: 'WhatsAppలో ఆర్డర్ చేయండి', soldOut: 'అమ్ముడైపోయింది' },
	{ prefix: '/hi', badge: 'आरक्षित', ask: 'ऐसी ही साड़ी के बारे में पूछें', order: 'WhatsApp पर ऑर्डर करें', soldOut: 'बिक गई' },
] as const

type Availability = 'available' | 'reserved' | 'sold out'

async function feedAvailability(request: APIRequestContext, code: string) {
	const xml = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'item' }).parse(
		await (await request.get(`${shop().url}/feeds/google.xml`)).text(),
	)
	const google = (xml.rss.channel.item as Array<Record<string, string>>).find((item) => item['g:id'] === code)
	const meta = (
		parse(await (await request.get(`${shop().url}/feeds/meta.csv`)).text(), { columns: true }) as Array<Record<string, string>>
	).find((row) => row.id === code)
	return { google: google?.['g:availability'], meta: meta?.availability }
}

/** What a visitor sees of the saree in every language, on its card, on its page, in the chat it opens and in both feeds. */
async function expectStorefront(browser: Browser, saree: SeededProduct, state: Availability) {
	const visitor = await browser.newContext()
	const page = await visitor.newPage()
	try {
		for (const language of LANGUAGES) {
			await page.goto(`${shop().url}${language.prefix}/collections`)
			const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: saree.name }) })
			// Sold-out sarees leave the collection (as before); reserved ones stay, with the badge.
			await expect(card).toHaveCount(state === 'sold out' ? 0 : 1)
			if (state !== 'sold out') {
				if (state === 'reserved') await expect(card.getByText(language.badge, { exact: true })).toBeVisible()
				else await expect(card.getByText(new RegExp(LANGUAGES.map((l) => l.badge).join('|')))).toHaveCount(0)
			}

			await page.goto(`${shop().url}${language.prefix}/product/${saree.id}`)
			await expect(page.getByRole('heading', { level: 1, name: saree.name })).toBeVisible()
			const button = page.getByRole('link', { name: state === 'reserved' ? language.ask : language.order })
			if (state === 'sold out') {
				await expect(page.locator('span:not(article span)', { hasText: new RegExp(`^${language.soldOut}$`) })).toBeVisible()
			} else {
				await expect(button).toBeVisible()
				await expect(page.getByRole('link', { name: state === 'reserved' ? language.order : language.ask })).toHaveCount(0)
				// The saree's own badge, not those of the cards of "You may also like".
				const badge = page.locator('span:not(article span)', { hasText: new RegExp(`^${language.badge}$`) })
				await expect(badge).toHaveCount(state === 'reserved' ? 1 : 0)
			}
			expect(await metaContent(page, 'product:availability')).toBe(state === 'available' ? 'in stock' : 'out of stock')
		}

		const chat = await visitor.request.get(`${shop().url}/whatsapp/product/${saree.id}?lang=te`, { maxRedirects: 0 })
		const { text } = parseWhatsAppLocation(chat.headers()['location'])
		expect(text).toContain(saree.code)
		expect(text?.startsWith(state === 'reserved' ? 'నమస్తే, ఈ చీర రిజర్వ్ అయింది' : 'నమస్తే, నేను ఈ చీరను ఆర్డర్')).toBe(true)

		expect(await feedAvailability(visitor.request, saree.code)).toEqual(
			state === 'available' ? { google: 'in_stock', meta: 'in stock' } : { google: 'out_of_stock', meta: 'out of stock' },
		)
	} finally {
		await visitor.close()
	}
}

async function sareeInDb(id: number) {
	return shop().db().selectFrom('products').select(['stock', 'held', 'status']).where('id', '=', id).executeTakeFirstOrThrow()
}

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const orderCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })

async function setStatusFromList(page: Page, customer: string, status: OrderStatus, javaScriptEnabled: boolean) {
	// With JavaScript the select saves once the page has hydrated; without, the Update button posts it.
	if (javaScriptEnabled) await gotoHydrated(page, `${shop().url}/admin/orders`)
	else await page.goto(`${shop().url}/admin/orders`)
	await orderCard(page, customer)
		.getByLabel(/^Status/)
		.selectOption(status)
	if (!javaScriptEnabled) await orderCard(page, customer).getByRole('button', { name: 'Update' }).click()
	await expect(flash(page, 'Order Updated')).toBeVisible()
	await expect
		.poll(
			async () =>
				(await shop().db().selectFrom('orders').select('status').where('customer_name', '=', customer).executeTakeFirst())?.status,
		)
		.toBe(status)
}

async function newOrder(page: Page, input: { customer: string; code: string; status: string }) {
	await page.goto(`${shop().url}/admin/orders/new`)
	await page.getByLabel('Customer Name').fill(input.customer)
	await page.getByLabel('Phone', { exact: true }).fill('98765 43210')
	await page.getByLabel('Product Code (item 1)').fill(input.code)
	await page.getByLabel('Quantity (item 1)').fill('1')
	await page.getByLabel('Status').selectOption(input.status)
	await page.getByRole('button', { name: 'Create Order' }).click()
}

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('a confirmed order makes its saree Reserved, shipping it makes it sold out, cancelling releases it', async ({ page, browser }) => {
			test.setTimeout(120_000)
			const tag = javaScriptEnabled ? 'JS' : 'NOJS'
			const saree = await seedProduct(shop(), { name: `Mango Ikat Saree ${tag}`, code: `MANGO-${tag}`, stock: 1 })
			const customer = `Padma ${tag}`
			// Read once before the order, so a page the cache kept has to be thrown away.
			await expectStorefront(browser, saree, 'available')

			await newOrder(page, { customer, code: saree.code.toLowerCase(), status: 'confirmed' })
			await expect(page).toHaveURL(`${shop().url}/admin/orders`)
			await expect(flash(page, 'Order Created')).toBeVisible()
			expect(await sareeInDb(saree.id)).toEqual({ stock: 1, held: 1, status: 'active' })
			await expectStorefront(browser, saree, 'reserved')

			// The saree's editor names the order holding it.
			const order = await shop().db().selectFrom('orders').select('id').where('customer_name', '=', customer).executeTakeFirstOrThrow()
			await page.goto(`${shop().url}/admin/products/${saree.id}/edit`)
			const holding = page.getByRole('region', { name: /Held by open orders/ })
			await expect(holding).toContainText('1 piece of 1 piece in hand (Reserved on the shop)')
			await expect(holding.getByRole('link', { name: `Order #${order.id}` })).toHaveAttribute('href', `/admin/orders/${order.id}`)
			await expect(holding.locator('[data-status]')).toHaveText('Confirmed')

			await setStatusFromList(page, customer, 'shipped', javaScriptEnabled)
			expect(await sareeInDb(saree.id)).toEqual({ stock: 0, held: 0, status: 'out_of_stock' })
			await expectStorefront(browser, saree, 'sold out')

			await setStatusFromList(page, customer, 'cancelled', javaScriptEnabled)
			expect(await sareeInDb(saree.id)).toEqual({ stock: 1, held: 0, status: 'active' })
			await expectStorefront(browser, saree, 'available')
			await page.goto(`${shop().url}/admin/products/${saree.id}/edit`)
			await expect(page.getByText('No open order holds this saree.')).toBeVisible()
		})

		test('two orders for one last piece: the second is saved with a warning naming the first, and both are kept', async ({
			page,
			browser,
		}) => {
			const tag = javaScriptEnabled ? 'JS' : 'NOJS'
			const saree = await seedProduct(shop(), { name: `Lotus Ikat Saree ${tag}`, code: `LOTUS-${tag}`, stock: 1 })
			const first = await seedOrder(shop(), {
				customerName: `Radha ${tag}`,
				status: 'confirmed',
				lines: [{ code: saree.code, quantity: 1 }],
			})

			await newOrder(page, { customer: `Sita ${tag}`, code: saree.code, status: 'pending' })
			// Saved, then opened on its own page (not the list).
			await expect(page).toHaveURL(/\/admin\/orders\/\d+$/)
			const second = await shop()
				.db()
				.selectFrom('orders')
				.select('id')
				.where('customer_name', '=', `Sita ${tag}`)
				.executeTakeFirstOrThrow()
			await expect(page).toHaveURL(`${shop().url}/admin/orders/${second.id}`)
			await expect(flash(page, 'Order Created')).toBeVisible()
			const warning = page.getByRole('region', { name: 'Not enough pieces for every order' })
			await expect(warning).toContainText(`${saree.code} – ${saree.name}: 1 piece in hand, also wanted by Order #${first.id}`)
			await warning.getByRole('link', { name: `Order #${first.id}` }).click()
			await expect(page.getByRole('heading', { level: 1, name: `Order #${first.id}` })).toBeVisible()
			// The first order's page warns of the second too: the seller decides.
			await expect(
				page.getByRole('region', { name: 'Not enough pieces for every order' }).getByRole('link', { name: `Order #${second.id}` }),
			).toBeVisible()
			expect(await shop().db().selectFrom('orders').select('id').where('id', 'in', [first.id, second.id]).execute()).toHaveLength(2)
			expect(await sareeInDb(saree.id)).toEqual({ stock: 1, held: 2, status: 'active' })

			// She cancels the first: the piece is the second customer's, no warning left, still reserved.
			await setStatusFromList(page, `Radha ${tag}`, 'cancelled', javaScriptEnabled)
			await page.goto(`${shop().url}/admin/orders/${second.id}`)
			await expect(page.getByRole('heading', { level: 1, name: `Order #${second.id}` })).toBeVisible()
			await expect(page.getByRole('region', { name: 'Not enough pieces for every order' })).toHaveCount(0)
			await expectStorefront(browser, saree, 'reserved')
		})
	})
}

test('the warning and the orders holding a saree are accessible and fit a 390 px phone', async ({ page }) => {
	const saree = await seedProduct(shop(), { name: 'Peacock Ikat Saree', code: 'PEACOCK-1', stock: 1 })
	await seedOrder(shop(), { customerName: 'Kamala', status: 'confirmed', lines: [{ code: saree.code, quantity: 1 }] })
	const { id } = await seedOrder(shop(), { customerName: 'Vani', status: 'pending', lines: [{ code: saree.code, quantity: 1 }] })
	await page.setViewportSize({ width: 390, height: 844 })
	for (const path of [`/admin/orders/${id}`, `/admin/products/${saree.id}/edit`]) {
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('region', { name: /Not enough pieces|Held by open orders/ })).toBeVisible()
		await expectNoHorizontalScroll(page)
		await expectNoSeriousA11yViolations(page)
		for (const link of await page.getByRole('link', { name: /^Order #/ }).all()) {
			expect((await link.boundingBox())?.height, path).toBeGreaterThanOrEqual(44)
		}
	}
})
