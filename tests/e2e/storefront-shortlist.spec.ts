import { expect, type Page, test } from '@playwright/test'

import { SHORTLIST_MAX } from '../../app/utils/shortlist'
import { gotoHydrated } from '../helpers/hydration'
import { type SeededProduct, seedProduct, seedProducts, setShopSettings } from '../helpers/seed'
import { type Shop, useShop } from '../helpers/shop'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, parseWhatsAppLocation } from './storefront-support'

// The shortlist: sarees kept from cards and product pages, sent in one WhatsApp message. It lives in
// the visitor's cookie; the pages every visitor shares (the page cache) never hold it.

// TRUST_PROXY lets the test be several visitors (enquiries count once per visitor per saree per day).
const shop = useShop({ env: { TRUST_PROXY: '1' } })

const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'

let ruby: SeededProduct
let teal: SeededProduct
let soldOut: SeededProduct
let draft: SeededProduct

test.beforeAll(async () => {
	await setShopSettings(shop(), { shopName: 'Kalanjali Weaves', whatsappNumber: '+91 91234 56789' })
	draft = await seedProduct(shop(), { name: 'Secret Draft Saree', code: 'DR-1', status: 'draft' })
	soldOut = await seedProduct(shop(), { name: 'Sold Lotus Saree', code: 'SL-1', status: 'out_of_stock', images: 0 })
	teal = await seedProduct(shop(), { name: 'Teal "Ikat" & Gold, Saree', code: 'TI-1', images: 1, category: 'Pochampally Ikkat' })
	ruby = await seedProduct(shop(), { name: 'Ruby Kanchipattu Saree', code: 'RK-1', images: 1, category: 'Pochampally Ikkat' })
})

async function enquiries(s: Shop, productId: number) {
	const rows = await s.db().selectFrom('product_enquiries').select('count').where('product_id', '=', productId).execute()
	return rows.reduce((sum, r) => sum + r.count, 0)
}

/** The Cookie header a browser context sends to the shop. */
async function cookieHeader(page: Page) {
	return (await page.context().cookies(shop().url)).map((c) => `${c.name}=${c.value}`).join('; ')
}

/** A form post the way a browser without scripts sends it. */
function post(fields: Record<string, string>, cookie = '', headers: Record<string, string> = {}) {
	return fetch(`${shop().url}/shortlist`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, ...headers },
		body: new URLSearchParams(fields),
	})
}

const cookieOf = (response: Response) =>
	response.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')

const shortlistCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('__shortlist='))

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('sarees are kept from a product page and a card, listed, sent in one message, removed and cleared', async ({ page }) => {
		await page.goto(`${shop().url}/product/${ruby.id}`)
		await page.getByRole('button', { name: 'Add to shortlist' }).click()
		await expect(page).toHaveURL(`${shop().url}/shortlist`)
		await expect(page.getByRole('status')).toContainText('“Ruby Kanchipattu Saree” is in your shortlist.')
		const list = page.getByRole('list', { name: '1 saree' })
		await expect(list.getByRole('listitem')).toHaveCount(1)
		await expect(list.getByRole('link', { name: 'Ruby Kanchipattu Saree' })).toHaveAttribute('href', `/product/${ruby.id}`)

		await page.goto(`${shop().url}/collections?soldout=1`)
		await page.getByRole('button', { name: `Add ${teal.name} to shortlist` }).click()
		await page.goto(`${shop().url}/collections?soldout=1`)
		await page.getByRole('button', { name: `Add ${soldOut.name} to shortlist` }).click()
		await expect(page).toHaveURL(`${shop().url}/shortlist`)
		const three = page.getByRole('list', { name: '3 sarees' })
		await expect(three.getByRole('listitem')).toHaveText([
			/Ruby Kanchipattu Saree/,
			/Teal "Ikat" & Gold, Saree/,
			/Sold Lotus Saree.*Sold out/,
		])

		// The message: every code, name and address, sold-out marked; each saree counted once.
		const send = page.getByRole('link', { name: 'Send my shortlist on WhatsApp' })
		await expect(send).toHaveAttribute('href', '/whatsapp/shortlist')
		const cookie = await cookieHeader(page)
		const sent = await fetch(`${shop().url}/whatsapp/shortlist`, {
			redirect: 'manual',
			headers: { Cookie: cookie, 'User-Agent': PHONE, 'X-Forwarded-For': '198.51.100.40' },
		})
		expect(sent.status).toBe(303)
		expect(sent.headers.get('cache-control')).toBe('no-store')
		const { number, text } = parseWhatsAppLocation(sent.headers.get('location'))
		expect(number).toBe('919123456789')
		const origin = shop().url
		expect(text).toBe(
			"Hi, I'm interested in these 3 sarees from my shortlist.\n\n" +
				`1. Product Code: RK-1 - Ruby Kanchipattu Saree\n${origin}/product/${ruby.id}\n\n` +
				`2. Product Code: TI-1 - Teal "Ikat" & Gold, Saree\n${origin}/product/${teal.id}\n\n` +
				`3. Product Code: SL-1 - Sold Lotus Saree (sold out)\n${origin}/product/${soldOut.id}`,
		)
		// The same visitor again counts nothing more; a crawler never counts.
		await fetch(`${shop().url}/whatsapp/shortlist`, {
			redirect: 'manual',
			headers: { Cookie: cookie, 'User-Agent': PHONE, 'X-Forwarded-For': '198.51.100.40' },
		})
		await fetch(`${shop().url}/whatsapp/shortlist`, {
			redirect: 'manual',
			headers: { Cookie: cookie, 'User-Agent': 'Googlebot/2.1', 'X-Forwarded-For': '198.51.100.41' },
		})
		for (const saree of [ruby, teal, soldOut]) await expect.poll(() => enquiries(shop(), saree.id), { timeout: 15_000 }).toBe(1)

		await three.getByRole('button', { name: `Remove ${teal.name}` }).click()
		await expect(page.getByRole('status')).toContainText(`“${teal.name}” is no longer in your shortlist.`)
		await expect(page.getByRole('list', { name: '2 sarees' }).getByRole('listitem')).toHaveCount(2)
		await page.getByRole('button', { name: 'Clear shortlist' }).click()
		await expect(page.getByText('Your shortlist is empty', { exact: true })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Browse collections' })).toBeVisible()
		expect(await cookieHeader(page)).not.toContain('shortlist')
		// Nothing to send: back to the (empty) shortlist.
		const empty = await fetch(`${shop().url}/whatsapp/shortlist`, { redirect: 'manual' })
		expect(empty.status).toBe(303)
		expect(empty.headers.get('location')).toBe('/shortlist')
	})
})

test.describe('with JavaScript', () => {
	test('a card and the product page change the shortlist in place, and the header counts it', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/collections`)
		const header = page.getByRole('banner')
		await expect(header.getByRole('link', { name: 'Shortlist', exact: true })).toBeVisible()
		await page.getByRole('button', { name: `Add ${ruby.name} to shortlist` }).click()
		await expect(page.getByRole('button', { name: `Remove ${ruby.name} from shortlist` })).toBeVisible()
		await expect(page.getByRole('status')).toContainText(`“${ruby.name}” is in your shortlist.`)
		await expect(header.getByRole('link', { name: 'Shortlist, 1 saree' })).toBeVisible()
		await expect(page).toHaveURL(`${shop().url}/collections`)
		await page.getByRole('button', { name: `Add ${teal.name} to shortlist` }).click()
		await expect(header.getByRole('link', { name: 'Shortlist, 2 sarees' })).toBeVisible()

		// The product page (kept for every visitor) learns the state from the cookie once scripts run.
		await gotoHydrated(page, `${shop().url}/product/${teal.id}`)
		const toggle = page.getByRole('main').getByRole('button', { name: /^(Add to|Remove from) shortlist/ })
		await expect(toggle).toHaveText(/^Remove from shortlist/)
		await toggle.click()
		await expect(toggle).toHaveText(/^Add to shortlist/)
		await expect(header.getByRole('link', { name: 'Shortlist, 1 saree' })).toBeVisible()
		await expect(page).toHaveURL(`${shop().url}/product/${teal.id}`)
		await toggle.click()
		await expect(toggle).toHaveText(/^Remove from shortlist/)

		// The shortlist page removes in place too.
		await header.getByRole('link', { name: 'Shortlist, 2 sarees' }).click()
		await expect(page).toHaveURL(`${shop().url}/shortlist`)
		await page.getByRole('button', { name: `Remove ${ruby.name}` }).click()
		await expect(page.getByRole('list', { name: '1 saree' }).getByRole('listitem')).toHaveCount(1)
		await expect(header.getByRole('link', { name: 'Shortlist, 1 saree' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Send my shortlist on WhatsApp' })).toBeVisible()
	})

	test('the shortlist page fits a 360 px phone and has no serious accessibility problem', async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 })
		await page.context().addCookies([{ name: '__shortlist', value: `${ruby.id}.${teal.id}.${soldOut.id}`, url: shop().url }])
		await gotoHydrated(page, `${shop().url}/shortlist`)
		await expect(page.getByRole('list', { name: '3 sarees' }).getByRole('listitem')).toHaveCount(3)
		await expectNoHorizontalScroll(page)
		for (const button of await page.getByRole('main').getByRole('button').all()) {
			const box = (await button.boundingBox())!
			expect(box.height).toBeGreaterThanOrEqual(44)
		}
		await expectNoSeriousA11yViolations(page)
		await gotoHydrated(page, `${shop().url}/product/${teal.id}`)
		await expectNoHorizontalScroll(page)
		await expectNoSeriousA11yViolations(page)
	})
})

test('a page kept for every visitor never shows another visitor’s shortlist', async ({ browser }) => {
	const first = await browser.newContext()
	const mine = await first.newPage()
	await gotoHydrated(mine, `${shop().url}/product/${ruby.id}`)
	await mine
		.getByRole('main')
		.getByRole('button', { name: /^Add to shortlist/ })
		.click()
	await expect(mine.getByRole('banner').getByRole('link', { name: 'Shortlist, 1 saree' })).toBeVisible()
	const cookie = await cookieHeader(mine)
	expect(cookie).toContain('__shortlist=')

	// The server's page is the same with and without that cookie: the shortlist is not in it.
	const strip = (html: string) => html.replace(/nonce="[^"]*"|'nonce-[^']*'/g, '')
	const withCookie = await fetch(`${shop().url}/product/${ruby.id}`, { headers: { Cookie: cookie } })
	const withoutCookie = await fetch(`${shop().url}/product/${ruby.id}`)
	const body = await withCookie.text()
	expect(strip(body)).toBe(strip(await withoutCookie.text()))
	// (The words themselves travel with the page's texts; no control shows them.)
	expect(body).not.toMatch(/>Remove from shortlist</)
	expect(body).toMatch(/>Add to shortlist</)
	expect(withCookie.headers.get('set-cookie')).toBeNull()

	// Another visitor right after sees an empty shortlist.
	const second = await browser.newContext()
	const theirs = await second.newPage()
	await gotoHydrated(theirs, `${shop().url}/product/${ruby.id}`)
	await expect(theirs.getByRole('main').getByRole('button', { name: /^Add to shortlist/ })).toBeVisible()
	await expect(theirs.getByRole('banner').getByRole('link', { name: 'Shortlist', exact: true })).toBeVisible()
	await gotoHydrated(theirs, `${shop().url}/shortlist`)
	await expect(theirs.getByText('Your shortlist is empty', { exact: true })).toBeVisible()
	await first.close()
	await second.close()
})

test('the shortlist page itself is personal: never cached, never indexed', async () => {
	const added = await post({ intent: 'add', productId: String(ruby.id) })
	const page = await fetch(`${shop().url}/shortlist`, { headers: { Cookie: cookieOf(added) } })
	expect(page.status).toBe(200)
	expect(page.headers.get('cache-control')).toContain('no-store')
	expect(page.headers.get('cache-control')).toContain('private')
	expect(page.headers.get('x-robots-tag')).toBe('noindex')
	expect(await page.text()).toContain('Ruby Kanchipattu Saree')
	const robots = await (await fetch(`${shop().url}/robots.txt`)).text()
	expect(robots).toContain('Disallow: /shortlist')
})

test(`a shortlist holds ${SHORTLIST_MAX} sarees; the next is refused with a message`, async () => {
	const many = await seedProducts(shop(), SHORTLIST_MAX, { images: 0 })
	const cookie = `__shortlist=${many.map((p) => p.id).join('.')}`
	const refused = await post({ intent: 'add', productId: String(ruby.id) }, cookie)
	expect(refused.status).toBe(302)
	expect(refused.headers.get('location')).toBe('/shortlist')
	const shown = await fetch(`${shop().url}/shortlist`, { headers: { Cookie: `${cookie}; ${cookieOf(refused)}` } })
	const html = await shown.text()
	expect(html).toContain(`Your shortlist already holds ${SHORTLIST_MAX} sarees. Remove one to add another.`)
	expect(html).toContain(`${SHORTLIST_MAX} sarees`)
	expect(html).not.toContain('Ruby Kanchipattu Saree')
	// Sent in the background, the same refusal comes back as data, with the list unchanged.
	const inPlace = await fetch(`${shop().url}/shortlist.data`, {
		method: 'POST',
		headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
		body: new URLSearchParams({ intent: 'add', productId: String(ruby.id), inPlace: '1' }),
	})
	expect(inPlace.status).toBe(409)
	expect(await inPlace.text()).toContain('Remove one to add another.')
	expect(shortlistCookie(inPlace)).toContain(`__shortlist=${many.map((p) => p.id).join('.')};`)
})

test('odd and hostile shortlists: drafts, unknown ids, junk and foreign forms change nothing and break nothing', async () => {
	// A draft or an unknown saree cannot be added, and is dropped from a list that holds it.
	for (const productId of [String(draft.id), '999999']) {
		const refused = await post({ intent: 'add', productId }, `__shortlist=${ruby.id}`)
		expect(refused.status).toBe(302)
		const after = await fetch(`${shop().url}/shortlist`, { headers: { Cookie: cookieOf(refused) } })
		expect(await after.text()).toContain('That saree is no longer in our collection.')
		expect(shortlistCookie(refused)).toContain(`__shortlist=${ruby.id};`)
	}
	// Malformed forms: a message, the list kept as it was.
	for (const fields of <Array<Record<string, string>>>[
		{ intent: 'add', productId: 'abc' },
		{ intent: 'add', productId: '1e3' },
		{ intent: 'add' },
		{ intent: 'steal', productId: String(ruby.id) },
		{ intent: 'add', productId: String(ruby.id), __intent__: '{"type":"update","payload":{"index":99999999}}' },
		{},
	]) {
		const refused = await post(fields, `__shortlist=${teal.id}`)
		expect(refused.status, JSON.stringify(fields)).toBeLessThan(500)
		if (refused.status === 302) expect(shortlistCookie(refused)).toContain(`__shortlist=${teal.id};`)
	}
	// A cookie of junk and drafts: the page answers with what is left. One far too long is read only as
	// far as a full shortlist can reach.
	const junk = await fetch(`${shop().url}/shortlist`, { headers: { Cookie: `__shortlist=abc.${draft.id}.-1.${teal.id}.${teal.id}` } })
	expect(junk.status).toBe(200)
	expect(await junk.text()).toContain(teal.name.replaceAll('&', '&amp;').replaceAll('"', '&quot;'))
	for (const value of [`${'9'.repeat(100_000)}.${teal.id}`, `${'1.'.repeat(3000)}${teal.id}`]) {
		const response = await fetch(`${shop().url}/shortlist`, { headers: { Cookie: `__shortlist=${value}` } })
		expect(response.status).toBeLessThan(500)
	}
	const cleaned = await fetch(`${shop().url}/shortlist`, { headers: { Cookie: `__shortlist=${draft.id}.${teal.id}` } })
	expect(shortlistCookie(cleaned)).toContain(`__shortlist=${teal.id};`)
	// Another site's form cannot change a visitor's shortlist.
	const foreign = await post({ intent: 'clear' }, `__shortlist=${teal.id}`, { Origin: 'https://evil.example' })
	expect(foreign.status).toBe(403)
	expect(foreign.headers.get('set-cookie')).toBeNull()
})
