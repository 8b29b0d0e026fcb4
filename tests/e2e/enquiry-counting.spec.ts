import fs from 'node:fs'

import { expect, test } from '@playwright/test'

import { openDatabase } from '../../app/db.server'
import { ENQUIRY_BUDGETS } from '../../app/models/enquiries.server'
import { shortlistCookieName } from '../../app/utils/shortlist'
import { seedProduct } from '../helpers/seed'
import { type Shop, startShop, useShop } from '../helpers/shop'

// "Order on WhatsApp" clicks feed the dashboard's most-enquired sarees. A loop of requests must not
// fake those figures or slow the shop: a visitor (client address, IPv6 by /64) counts once per saree
// per day, with or without cookies, and counts are written in batches, not one disk sync per click.

// TRUST_PROXY lets the test play several visitors through X-Forwarded-For.
const shop = useShop({ env: { TRUST_PROXY: '1' } })

async function enquiries(s: Shop, productId: number) {
	const rows = await s.db().selectFrom('product_enquiries').select('count').where('product_id', '=', productId).execute()
	return rows.reduce((sum, r) => sum + r.count, 0)
}

// A phone's browser: crawlers (and plain curl) are never counted at all.
const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'

const click = (s: Shop, productId: number, visitor: string, headers: Record<string, string> = {}) =>
	fetch(`${s.url}/whatsapp/product/${productId}`, {
		redirect: 'manual',
		headers: { 'User-Agent': PHONE, 'X-Forwarded-For': visitor, ...headers },
	})

test('a loop of clicks from one visitor counts once, cookies or not, and the shop keeps answering', async () => {
	const saree = await seedProduct(shop(), { name: 'Looped Saree', images: 0 })
	const slowest: number[] = []
	const loop = (async () => {
		for (let i = 0; i < 300; i++) {
			const response = await click(shop(), saree.id, '203.0.113.10', i % 2 ? { Cookie: `visitor=${i}` } : {})
			expect(response.status).toBe(303)
		}
	})()
	while (!(await Promise.race([loop.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))]))) {
		const started = Date.now()
		expect((await fetch(`${shop().url}/healthz`)).status).toBe(200)
		slowest.push(Date.now() - started)
	}
	await loop
	await expect.poll(() => enquiries(shop(), saree.id), { timeout: 15_000 }).toBe(1)
	expect(Math.max(...slowest)).toBeLessThan(1_000)
})

test('different visitors count once each; addresses of one IPv6 /64 are one visitor', async () => {
	const saree = await seedProduct(shop(), { name: 'Popular Saree', images: 0 })
	for (const visitor of [
		'198.51.100.1',
		'198.51.100.2',
		'198.51.100.3',
		'2001:db8:aa:1::1',
		'2001:db8:aa:1::ffff',
		'2001:db8:aa:1:dead:beef:0:1',
		'2001:db8:aa:2::1',
	]) {
		expect((await click(shop(), saree.id, visitor)).status).toBe(303)
	}
	await expect.poll(() => enquiries(shop(), saree.id), { timeout: 15_000 }).toBe(5)
	// A visitor who already asked about one saree still counts for another.
	const other = await seedProduct(shop(), { name: 'Second Saree', images: 0 })
	await click(shop(), other.id, '198.51.100.1')
	await expect.poll(() => enquiries(shop(), other.id), { timeout: 15_000 }).toBe(1)
	expect(await enquiries(shop(), saree.id)).toBe(5)
})

test('forged shortlists from thousands of /64s do not stop the counting of real visitors; each /48 adds at most its budget', async () => {
	test.setTimeout(300_000)
	const sarees = []
	for (let i = 1; i <= 20; i++) sarees.push(await seedProduct(shop(), { name: `Flooded Saree ${i}`, images: 0 }))
	const ids = sarees.map((saree) => saree.id)
	// A full shortlist, forged: no page was ever visited. 5 000 sends of it from 5 000 /64s of five
	// /48s are 100 000 (saree, visitor) pairs, enough to fill any memory of who was counted today.
	const networks = ['2001:db8:f1', '2001:db8:f2', '2001:db8:f3', '2001:db8:f4', '2001:db8:f5']
	const sends = networks.flatMap((network) => Array.from({ length: 1_000 }, (_, i) => `${network}:${i.toString(16)}::1`))
	const cookie = `${shortlistCookieName(false)}=${ids.join('.')}`
	let next = 0
	await Promise.all(
		Array.from({ length: 12 }, async () => {
			while (next < sends.length) {
				const visitor = sends[next++]!
				const response = await fetch(`${shop().url}/whatsapp/shortlist`, {
					redirect: 'manual',
					headers: { 'User-Agent': PHONE, 'X-Forwarded-For': visitor, Cookie: cookie },
				})
				expect(response.status).toBe(303)
				await response.arrayBuffer()
			}
		}),
	)
	const total = async () => {
		let sum = 0
		for (const id of ids) sum += await enquiries(shop(), id)
		return sum
	}
	await expect.poll(total, { timeout: 15_000 }).toBe(networks.length * ENQUIRY_BUDGETS.perNetworkPerDay)

	// Real visitors after the flood, on IPv4 and on IPv6, are counted.
	expect((await click(shop(), ids[0]!, '198.51.100.201')).status).toBe(303)
	expect((await click(shop(), ids[0]!, '2001:db8:77:1::5')).status).toBe(303)
	await expect.poll(total, { timeout: 15_000 }).toBe(networks.length * ENQUIRY_BUDGETS.perNetworkPerDay + 2)
})

test("only clicks on the shop's own pages count: another site's image, frame or link, and prefetches, do not", async ({ browser }) => {
	const saree = await seedProduct(shop(), { name: 'Embedded Saree', images: 0 })
	const fromOtherSites: Array<Record<string, string>> = [
		{ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
		{ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
		{ 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' },
		{ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
		{ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'document', 'Sec-Purpose': 'prefetch' },
		{ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'document', Purpose: 'prefetch' },
		{ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'document', 'Sec-Purpose': 'prefetch;prerender' },
	]
	for (const [i, headers] of fromOtherSites.entries()) {
		expect((await click(shop(), saree.id, `192.0.2.${i + 1}`, headers)).status).toBe(303)
	}
	// A real browser showing another site's page with the address as an image: its reader is not counted.
	const page = await browser.newPage()
	await page.route('http://other-site.test/', (route) =>
		route.fulfill({ contentType: 'text/html', body: `<img src="${shop().url}/whatsapp/product/${saree.id}">` }),
	)
	const embedded = page.waitForRequest(`${shop().url}/whatsapp/product/${saree.id}`)
	await page.goto('http://other-site.test/')
	await embedded
	await page.close()
	// The person who clicks the button on the saree's page is counted.
	expect(
		(
			await click(shop(), saree.id, '192.0.2.100', {
				'Sec-Fetch-Site': 'same-origin',
				'Sec-Fetch-Mode': 'navigate',
				'Sec-Fetch-Dest': 'document',
				'Sec-Fetch-User': '?1',
			})
		).status,
	).toBe(303)
	await expect.poll(() => enquiries(shop(), saree.id), { timeout: 15_000 }).toBe(1)
})

test('clicks are written in batches, and what waits is written when the shop stops', async () => {
	const own = await startShop({ env: { TRUST_PROXY: '1' } })
	try {
		const saree = await seedProduct(own, { name: 'Batched Saree', images: 0 })
		// The first click of a fresh shop is answered before anything is written: no write (and no
		// disk sync) per click; the batch follows a few seconds later.
		expect((await click(own, saree.id, '192.0.2.1')).status).toBe(303)
		expect(await enquiries(own, saree.id)).toBe(0)
		for (let i = 2; i <= 20; i++) expect((await click(own, saree.id, `192.0.2.${i}`)).status).toBe(303)
		await expect.poll(() => enquiries(own, saree.id), { timeout: 15_000 }).toBe(20)

		for (let i = 21; i <= 25; i++) await click(own, saree.id, `192.0.2.${i}`)
		expect(await own.stop()).toBe(0)
		const handle = openDatabase(own.dbPath)
		try {
			const row = await handle.db
				.selectFrom('product_enquiries')
				.select((eb) => eb.fn.sum<number>('count').as('n'))
				.where('product_id', '=', saree.id)
				.executeTakeFirstOrThrow()
			expect(Number(row.n)).toBe(25)
		} finally {
			handle.sqlite.close()
		}
	} finally {
		await own.stop()
		fs.rmSync(own.dir, { recursive: true, force: true })
	}
})
