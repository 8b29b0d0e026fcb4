import { expect, type Page, test } from '@playwright/test'

import { type OrderStatus } from '../../app/constants'
import { updateOrderStatus } from '../../app/models/orders.server'
import { signInAs } from '../helpers/auth'
import { decodeQr } from '../helpers/qr'
import { seedOrder, seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll } from './admin-catalogue-fixtures'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './storefront-support'

// The customer's own order page, /o/<token> (docs/decisions/0035): what it shows in each language, and
// what a stranger cannot get from it (other orders, cached copies, guesses, indexing, referrers).
// TRUST_PROXY=1: each test speaks from an address of its own (X-Forwarded-For), so the guesses of one
// never make another wait.
const shop = useShop({ env: { TRUST_PROXY: '1' } })

let addressCount = 0
/** A client address no other test has used. */
const freshAddress = () => `198.51.100.${++addressCount}`

test.beforeAll(async () => {
	await seedProduct(shop(), { name: 'Red Ikkat Silk', code: 'PS-101', salePrice: 12_500, images: 1 })
	await seedProduct(shop(), { name: 'Green Kanchi Ikkat', code: 'KP-202', salePrice: 18_750.5, images: 1 })
	await setShopSettings(shop(), { shopName: 'Silk House Pochampally', address: '4-12 Weavers Colony, Pochampally, Telangana 508284' })
})

test.beforeEach(async ({ page }) => {
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() })
	await shop()
		.db()
		.updateTable('order_settings')
		.set({ upi_id: 'lakshmi.weaves@oksbi', confirmed_message: null, shipped_message: null })
		.execute()
})

const BOTH_SAREES = [
	{ code: 'PS-101', quantity: 2 },
	{ code: 'KP-202', quantity: 1 },
]

async function lakshmiOrder(status: OrderStatus = 'pending', lines = BOTH_SAREES) {
	const { id } = await seedOrder(shop(), {
		customerName: 'Lakshmi Reddy',
		phone: '9876543210',
		email: 'lakshmi@example.in',
		deliveryAddress: 'Flat 4B, Sri Lakshmi Residency, Road No. 12, Banjara Hills, Hyderabad 500034',
		status,
		lines,
	})
	return { id, token: await tokenOf(id) }
}

async function tokenOf(id: number) {
	const { link_token } = await shop().db().selectFrom('orders').select('link_token').where('id', '=', id).executeTakeFirstOrThrow()
	return link_token!
}

const step = (page: Page, status: string) => page.getByTestId(`step-${status}`)

function expectPrivateHeaders(response: { headers: () => Record<string, string> } | null | undefined, what: string) {
	const headers = response!.headers()
	expect(headers['cache-control'], what).toBe('private, no-store')
	expect(headers['x-robots-tag'], what).toBe('noindex, nofollow')
	expect(headers['referrer-policy'], what).toBe('no-referrer')
}

test('the page follows the order through each status, with its dates, sarees, photos and total', async ({ page }) => {
	const { id, token } = await lakshmiOrder('pending')
	const response = await page.goto(`${shop().url}/o/${token}`)
	expect(response!.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible()
	await expect(step(page, 'pending')).toHaveAttribute('aria-current', 'step')
	await expect(step(page, 'confirmed')).toContainText('Not yet')
	const sarees = page.getByRole('region', { name: 'Your sarees' })
	await expect(sarees.getByRole('listitem')).toHaveCount(2)
	await expect(sarees.getByRole('listitem').first()).toContainText('Red Ikkat Silk')
	await expect(sarees.getByRole('listitem').first()).toContainText('Quantity: 2')
	// Each saree's own photo, loaded from the shop.
	const photos = sarees.locator('img')
	await expect(photos).toHaveCount(2)
	for (const photo of await photos.all()) {
		await photo.scrollIntoViewIfNeeded()
		await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
	}
	await expect(page.getByTestId('order-total')).toHaveText('₹43,750.50')
	// Nothing of the customer's address beyond what she knows, no phone, no email.
	const body = await page.locator('body').innerText()
	for (const personal of ['Banjara Hills', 'Flat 4B', '9876543210', 'lakshmi@example.in', 'Lakshmi Reddy'])
		expect(body).not.toContain(personal)

	const today = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(
		new Date(),
	)
	for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
		await updateOrderStatus(id, status, shop().db())
		await page.reload()
		await expect(step(page, status), status).toHaveAttribute('aria-current', 'step')
		await expect(step(page, status).getByTestId('step-date'), status).toHaveText(today)
	}
	await expect(step(page, 'pending').getByTestId('step-date')).toHaveText(today)

	await updateOrderStatus(id, 'cancelled', shop().db())
	await page.reload()
	await expect(step(page, 'cancelled')).toHaveAttribute('aria-current', 'step')
	await expect(page.getByTestId('payment-state')).toHaveText(
		'This order has been cancelled. If you have a question, message us on WhatsApp.',
	)
	await expect(page.getByTestId('upi-qr')).toHaveCount(0)

	// An order from before the shop recorded its moments says so instead of guessing.
	await shop()
		.db()
		.updateTable('orders')
		.set({ status: 'shipped', confirmed_at: null, shipped_at: null, cancelled_at: null })
		.where('id', '=', id)
		.execute()
	await page.reload()
	await expect(step(page, 'shipped').getByTestId('step-date')).toHaveText('Date not recorded')
	await expect(page.getByText('Dates are shown from the day our shop began recording them.')).toBeVisible()
})

test('each courier Indian sellers use gets its tracking link, which sends no referrer; others are shown as text', async ({ page }) => {
	const { token } = await lakshmiOrder('shipped')
	await page.goto(`${shop().url}/o/${token}`)
	const parcel = page.getByRole('region', { name: 'Your parcel' })
	await expect(parcel).toContainText('When your saree is on its way, the courier and the tracking number appear here.')
	await expect(parcel.getByTestId('tracking-link')).toHaveCount(0)
	const cases = [
		['Delhivery', '1234567890123', 'https://www.delhivery.com/track/package/1234567890123', 'Track your parcel with Delhivery'],
		[
			'Blue Dart Express',
			'90012345678',
			'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=90012345678',
			'Track your parcel with Blue Dart Express',
		],
		[
			'DTDC',
			'D12345678',
			'https://tracking.dtdc.com/ctbs-tracking/customerInterface.tr?submitName=showCITrackingDetails&cType=Consignment&cnNo=D12345678',
			'Track your parcel with DTDC',
		],
		['India Post (Speed Post)', 'EE123456789IN', 'https://www.indiapost.gov.in/', 'Open the India Post (Speed Post) tracking page'],
		['Professional Couriers', 'HYD1234567', 'https://www.tpcindia.com/', 'Open the Professional Couriers tracking page'],
	] as const
	for (const [courier, number, href, label] of cases) {
		await shop().db().updateTable('orders').set({ courier, tracking_number: number }).where('link_token', '=', token).execute()
		await page.reload()
		const link = parcel.getByTestId('tracking-link')
		await expect(link, courier).toHaveAttribute('href', href)
		await expect(link, courier).toHaveAttribute('rel', 'noopener noreferrer')
		await expect(link, courier).toContainText(label)
		await expect(parcel.getByTestId('tracking-number'), courier).toHaveText(number)
		// Where the courier's page cannot open the parcel by itself, the customer is told to enter the number.
		await expect(parcel.getByText('Enter the tracking number there'), courier).toHaveCount(href.includes(number) ? 0 : 1)
	}
	await shop()
		.db()
		.updateTable('orders')
		.set({ courier: 'Shree Maruti Courier', tracking_number: 'SM42' })
		.where('link_token', '=', token)
		.execute()
	await page.reload()
	await expect(parcel).toContainText('Shree Maruti Courier')
	await expect(parcel.getByTestId('tracking-number')).toHaveText('SM42')
	await expect(parcel.getByTestId('tracking-link')).toHaveCount(0)
	await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer')
})

test('while unpaid the page shows the UPI link and a QR code that reads back as it, in Telugu too; once paid, the date', async ({
	page,
}) => {
	const { id, token } = await lakshmiOrder('confirmed')
	const upiLink = `upi://pay?pa=lakshmi.weaves@oksbi&pn=Silk%20House%20Pochampally&am=43750.50&cu=INR&tn=Order%20${id}`
	await page.goto(`${shop().url}/o/${token}`)
	await expect(page.getByTestId('payment-state')).toHaveText('Not paid yet: ₹43,750.50 to pay')
	await expect(page.getByTestId('upi-link')).toHaveAttribute('href', upiLink)
	await expect(page.getByTestId('upi-link')).toHaveText('Pay ₹43,750.50 by UPI')
	expect(await decodeQr(page.getByTestId('upi-qr'))).toBe(upiLink)
	await expect(page.getByTestId('receipt-payment')).toHaveText('Not paid yet: ₹43,750.50 due')

	const telugu = await page.goto(`${shop().url}/te/o/${token}`)
	expect(telugu!.status()).toBe(200)
	expectPrivateHeaders(telugu, 'Telugu page')
	await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN')
	await expect(page.getByRole('heading', { level: 1, name: `ఆర్డర్ #${id}` })).toBeVisible()
	await expect(page.getByTestId('payment-state')).toHaveText('ఇంకా చెల్లించలేదు: ₹43,750.50 చెల్లించాలి')
	await expect(step(page, 'confirmed')).toContainText('ఖరారైంది')
	expect(await decodeQr(page.getByTestId('upi-qr'))).toBe(upiLink)
	// The language switcher keeps the customer on her order.
	const hindiLink = page.locator(`a[href="/hi/o/${token}"]`).first()
	await expect(hindiLink).toBeAttached()
	await page.goto(`${shop().url}/hi/o/${token}`)
	await expect(page.getByRole('heading', { level: 1, name: `ऑर्डर #${id}` })).toBeVisible()

	await shop().db().updateTable('orders').set({ paid_on: '2026-11-20' }).where('id', '=', id).execute()
	await page.goto(`${shop().url}/o/${token}`)
	await expect(page.getByTestId('payment-state')).toHaveText('Paid on 20 November 2026. Thank you!')
	await expect(page.getByTestId('upi-qr')).toHaveCount(0)
	await expect(page.getByTestId('receipt-payment')).toHaveText('Paid on 20 November 2026')
})

for (const javaScriptEnabled of [true, false]) {
	test(`the seller makes a new link and the old one answers 404 (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
		browser,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() } })
		const page = await context.newPage()
		await signInAs(context, shop())
		const { id, token } = await lakshmiOrder('confirmed')
		await page.goto(`${shop().url}/admin/orders/${id}`)
		const card = page.getByRole('region', { name: 'Customer’s order page' })
		await expect(card.getByTestId('order-link')).toHaveText(`${shop().url}/o/${token} (opens in a new tab)`)
		// The confirmed message carries the same link.
		await expect(page.getByTestId('follow-up-text')).toContainText(`Your order at any time: ${shop().url}/o/${token}`)
		await card.getByRole('button', { name: 'Make a new link' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'New link made. The old one no longer opens the order' })).toBeVisible()
		const renewed = await tokenOf(id)
		expect(renewed).not.toBe(token)
		expect(renewed).toMatch(/^[\w-]{22}$/)
		await expect(card.getByTestId('order-link')).toHaveText(`${shop().url}/o/${renewed} (opens in a new tab)`)

		const old = await page.goto(`${shop().url}/o/${token}`)
		expect(old!.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible()
		expectPrivateHeaders(old, 'the old link')
		expect((await page.goto(`${shop().url}/o/${renewed}`))!.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible()
		await context.close()
	})
}

test('one order’s page is never the answer for another, nor kept by the page cache, as a page or as data, in any language', async ({
	request,
}) => {
	// Told apart by their totals: ₹43,750.50 and ₹37,501.
	const first = { ...(await lakshmiOrder('confirmed')), total: 4_375_050, shown: '₹43,750.50' }
	const second = { ...(await lakshmiOrder('shipped', [{ code: 'KP-202', quantity: 2 }])), total: 3_750_100, shown: '₹37,501' }
	const headers = { 'X-Forwarded-For': freshAddress() }
	for (const prefix of ['', '/te', '/hi']) {
		for (const suffix of ['', '.data']) {
			for (const [mine, other] of [
				[first, second],
				[second, first],
				[first, second],
			] as const) {
				const address = `${prefix}/o/${mine.token}${suffix}`
				const response = await request.get(`${shop().url}${address}`, { headers })
				expect(response.status(), address).toBe(200)
				expectPrivateHeaders(response, address)
				const body = await response.text()
				expect(body, address).toContain(suffix ? String(mine.total) : mine.shown)
				expect(body, address).not.toContain(suffix ? String(other.total) : other.shown)
				expect(body, address).not.toContain(other.token)
			}
		}
	}
	// What changes shows at once: no copy of the page was kept.
	await shop().db().updateTable('orders').set({ paid_on: '2026-11-21' }).where('id', '=', first.id).execute()
	expect(await (await request.get(`${shop().url}/o/${first.token}`, { headers })).text()).toContain('Paid on 21 November 2026')
	expect(await (await request.get(`${shop().url}/te/o/${first.token}`, { headers })).text()).toContain('21 నవంబర్ 2026')
})

test('an unknown token, or anything not shaped like one, answers 404 with the shop’s not-found page', async ({ page, request }) => {
	const { token } = await lakshmiOrder('confirmed')
	const flipped = token[0] === 'a' ? `b${token.slice(1)}` : `a${token.slice(1)}`
	const swapped =
		token.replace(/[a-z]/, (c) => c.toUpperCase()) === token
			? token.replace(/[A-Z]/, (c) => c.toLowerCase())
			: token.replace(/[a-z]/, (c) => c.toUpperCase())
	for (const [i, address] of [
		`/o/${flipped}`,
		`/o/${swapped}`,
		`/o/${token.slice(0, 21)}`,
		`/o/${token}x`,
		'/o/1',
		`/te/o/${flipped}`,
	].entries()) {
		// A fresh address for each: the guesses themselves are counted (below).
		await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${100 + i}` })
		const response = await page.goto(`${shop().url}${address}`)
		expect(response!.status(), address).toBe(404)
		expectPrivateHeaders(response, address)
		await expect(page.locator('main h1'), address).toHaveText(address.startsWith('/te') ? /.+/ : 'Oops! Page not found')
		const data = await request.get(`${shop().url}${address}.data`, { headers: { 'X-Forwarded-For': `203.0.113.${150 + i}` } })
		expect(data.status(), `${address}.data`).toBe(404)
		expectPrivateHeaders(data, `${address}.data`)
	}
})

test('guessing is throttled per address, per IPv6 /64 and per /48: then even a right link waits, with Retry-After', async ({
	playwright,
}) => {
	const { id, token } = await lakshmiOrder('confirmed')
	// Each request from a client with no cookies: a guesser, not a browser that opened the page before
	// (that one is let in: the test above).
	const get = async (address: string, from: string) => {
		const client = await playwright.request.newContext()
		const response = await client.get(`${shop().url}${address}`, { headers: { 'X-Forwarded-For': from } })
		const body = await response.text()
		await client.dispose()
		return { status: () => response.status(), headers: () => response.headers(), text: async () => body }
	}
	const wrong = () => `/o/${'Z'.repeat(12)}${String(Math.random()).slice(2, 12).padEnd(10, '0')}`
	// The right link costs nothing, however often it is opened.
	for (let i = 0; i < 8; i++) expect((await get(`/o/${token}`, '192.0.2.7')).status()).toBe(200)
	for (let i = 0; i < 5; i++) expect((await get(wrong(), '192.0.2.7')).status()).toBe(404)
	const refused = await get(`/o/${token}`, '192.0.2.7')
	expect(refused.status()).toBe(429)
	expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0)
	expectPrivateHeaders(refused, 'a refusal')
	expect(await refused.text()).toContain('Please wait a little')
	expect(await refused.text()).not.toContain(`#${id}`)
	expect((await get(`/o/${token}.data`, '192.0.2.7')).status()).toBe(429)
	// Another address is not held up.
	expect((await get(`/o/${token}`, '192.0.2.8')).status()).toBe(200)

	// Addresses of one /64 are one guesser.
	for (let i = 1; i <= 5; i++) expect((await get(wrong(), `2001:db8:aa:1::${i}`)).status()).toBe(404)
	expect((await get(`/o/${token}`, '2001:db8:aa:1::99')).status()).toBe(429)
	// And a /48 that spreads its guesses over many /64s is held at the network's limit.
	for (let i = 2; i <= 16; i++) expect((await get(wrong(), `2001:db8:aa:${i}::1`)).status()).toBe(404)
	expect((await get(`/o/${token}`, '2001:db8:aa:77::1')).status()).toBe(429)
	expect((await get(`/o/${token}`, '2001:db8:bb:1::1')).status()).toBe(200)
})

test('strangers guessing from her network do not keep the customer out: a browser that opened her page before still opens it', async ({
	page,
	playwright,
}) => {
	const { id, token } = await lakshmiOrder('confirmed')
	const own = '2001:db8:cc:1::1'
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': own })
	expect((await page.goto(`${shop().url}/o/${token}`))!.status()).toBe(200)
	// Neighbours in her /48 guess until the network is refused.
	const stranger = await playwright.request.newContext()
	for (let i = 2; i <= 21; i++)
		await stranger.get(`${shop().url}/o/${'Y'.repeat(20)}${String(i).padStart(2, '0')}`, {
			headers: { 'X-Forwarded-For': `2001:db8:cc:${i}::1` },
		})
	const refused = await stranger.get(`${shop().url}/o/${token}`, { headers: { 'X-Forwarded-For': own } })
	expect(refused.status()).toBe(429)
	expect(await refused.text()).toContain('Too many order links that do not exist were opened from this network.')
	// Her own browser, from the same address, still opens her page (and its data).
	const again = await page.goto(`${shop().url}/o/${token}`)
	expect(again!.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${id}`)
	expect((await page.request.get(`${shop().url}/o/${token}.data`, { headers: { 'X-Forwarded-For': own } })).status()).toBe(200)
	// The note opens nothing by itself: another link from that browser is still refused.
	expect((await page.goto(`${shop().url}/o/${'X'.repeat(22)}`))!.status()).toBe(429)
	// It holds a hash of the link, never the link.
	const note = (await page.context().cookies()).find((cookie) => cookie.name.endsWith('orders-seen'))
	expect(note?.httpOnly).toBe(true)
	expect(decodeURIComponent(note!.value)).not.toContain(token)
	await stranger.dispose()
})

test('another spelling of an order page is redirected privately: no cache keeps the redirect, no referrer leaves with it', async ({
	request,
}) => {
	const { token } = await lakshmiOrder('confirmed')
	for (const spelling of [`/o/${token}/`, `//o/${token}`, `/te/o/${token}/`]) {
		const response = await request.get(`${shop().url}${spelling}`, { maxRedirects: 0, headers: { 'X-Forwarded-For': freshAddress() } })
		expect(response.status(), spelling).toBe(308)
		expect(response.headers()['cache-control'], spelling).toBe('private, no-store')
		expect(response.headers()['referrer-policy'], spelling).toBe('no-referrer')
	}
})

test('robots.txt keeps crawlers off the order pages and the sitemap never lists one', async ({ request }) => {
	const { token } = await lakshmiOrder('confirmed')
	const robots = (await (await request.get(`${shop().url}/robots.txt`)).text()).split('\n')
	for (const line of ['Disallow: /o/', 'Disallow: /te/o/', 'Disallow: /hi/o/']) expect(robots).toContain(line)
	const sitemap = await (await request.get(`${shop().url}/sitemap.xml`)).text()
	expect(sitemap).toContain('<urlset')
	expect(sitemap).not.toContain('/o/')
	expect(sitemap).not.toContain(token)
})

test('the order page fits a 390 px phone, with 44 px targets and no accessibility problems, in all three languages', async ({ page }) => {
	test.slow()
	const { token } = await lakshmiOrder('shipped')
	await shop()
		.db()
		.updateTable('orders')
		.set({ courier: 'Blue Dart', tracking_number: '90012345678901234567' })
		.where('link_token', '=', token)
		.execute()
	await page.setViewportSize({ width: 390, height: 844 })
	for (const prefix of ['', '/te', '/hi']) {
		const path = `${prefix}/o/${token}`
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expectNoHorizontalScroll(page)
		expect(await hasHorizontalScroll(page), path).toBe(false)
		await expectNoSeriousA11yViolations(page)
		for (const target of await page.locator('main').locator('a[href], button').all()) {
			if (!(await target.isVisible())) continue
			const box = (await target.boundingBox())!
			expect(Math.min(box.width, box.height), `${path}: ${await target.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(
				44,
			)
		}
	}
})
