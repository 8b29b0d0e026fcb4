import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { expect, test } from '@playwright/test'
import autocannon from 'autocannon'

import { adminSessionCookie } from '../helpers/auth'
import { seedBlog, seedOrder, seedProduct } from '../helpers/seed'
import { freePort, type Shop, startShop } from '../helpers/shop'
import { skipWithout } from '../helpers/test-tools'
import { startVarnish, type Varnish } from '../helpers/varnish'

// A real caching proxy in front of the shop (docs/decisions/0043): Varnish with the shop's own VCL
// (docs/varnish.vcl), which keeps whatever the shop's headers allow and drops what the shop's BAN
// names. Beside it a stand-in of Cloudflare's API that never answers: a CDN that hangs must hold up
// neither the seller's save nor the purge of the other cache.

test.describe.configure({ mode: 'serial' })

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353'
const TOKEN = 'purge-only-token_0123456789'

let shop: Shop
let varnish: Varnish
let cloudflare: { server: http.Server; received: Array<{ path?: string; authorization?: string; body: string }> }
const ids = { products: [] as number[], blog: '', order: '' }

test.beforeAll(async () => {
	skipWithout('varnishd')
	test.setTimeout(120_000)
	const received: Array<{ path?: string; authorization?: string; body: string }> = []
	// Records each purge request and leaves it unanswered.
	const server = http.createServer((req) => {
		let body = ''
		req.on('data', (chunk: Buffer) => (body += chunk.toString()))
		req.on('end', () => received.push({ path: req.url, authorization: req.headers.authorization, body }))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	cloudflare = { server, received }

	const [proxyPort, shopPort] = [await freePort(), await freePort()]
	varnish = await startVarnish({ port: proxyPort, backendPort: shopPort })
	shop = await startShop({
		port: shopPort,
		env: {
			// The public address is the proxy's: visitors and the seller go through it.
			APP_ORIGIN: varnish.url,
			TRUST_PROXY: '1',
			CDN_PURGE_URL: `${varnish.url}/`,
			CLOUDFLARE_ZONE_ID: ZONE,
			CLOUDFLARE_API_TOKEN: TOKEN,
			CLOUDFLARE_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`,
		},
	})
	for (const name of ['Zqx Kanchi Red', 'Zqx Ikkat Blue']) ids.products.push((await seedProduct(shop, { name })).id)
	ids.blog = String((await seedBlog(shop, { title: 'Zqx weaving notes' })).id)
	const { id } = await seedOrder(shop, { customerName: 'Zqx Lakshmi' })
	const { link_token } = await shop.db().selectFrom('orders').select('link_token').where('id', '=', id).executeTakeFirstOrThrow()
	ids.order = link_token!
})

test.afterAll(async () => {
	await shop?.stop()
	await varnish?.stop()
	cloudflare?.server.closeAllConnections()
	cloudflare?.server.close()
	if (shop) fs.rmSync(shop.dir, { recursive: true, force: true })
})

/** How many requests for `path` reached the shop so far (its request log: one line per answer). */
function reached(path: string) {
	const line = new RegExp(`^\\S+ \\w+ ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d{3} `)
	return shop.logs
		.join('')
		.split('\n')
		.filter((l) => line.test(l)).length
}

/** Waits until the shop's log has caught up with the answers already received (it is read from a pipe). */
async function settled() {
	let last = -1
	for (;;) {
		const size = shop.logs.join('').length
		if (size === last) return
		last = size
		await new Promise((r) => setTimeout(r, 300))
	}
}

function publicPages() {
	const [first, second] = ids.products
	return [
		'/',
		'/collections',
		`/product/${first}`,
		`/product/${second}`,
		'/about',
		'/blogs',
		`/blog/${ids.blog}`,
		'/te',
		`/hi/product/${first}`,
	]
}

/** The page's address after the shop's own redirects (a blog by its slug, a product by its canonical path). */
async function canonical(path: string) {
	const answer = await fetch(`${shop.url}${path}`)
	await answer.body?.cancel()
	expect(answer.status, path).toBe(200)
	return new URL(answer.url).pathname
}

async function burst(paths: string[]) {
	const result = await autocannon({
		url: varnish.url,
		connections: 50,
		amount: 10_000,
		headers: { 'Accept-Encoding': 'br, gzip', Accept: 'text/html', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile' },
		requests: paths.map((path) => ({ method: 'GET' as const, path })),
	})
	expect(result.errors + result.timeouts).toBe(0)
	expect(result.non2xx).toBe(0)
	expect(result.requests.sent).toBeGreaterThanOrEqual(10_000)
}

/** Nonces differ per answer until shareable pages are byte-identical; everything else must not. */
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'")

test('a burst of 10 000 requests through the proxy reaches the shop once per page, and once more after a change', async () => {
	test.setTimeout(180_000)
	const pages = await Promise.all(publicPages().map(canonical))
	await settled()
	const before = pages.map(reached)
	await burst(pages)
	await settled()
	const first = pages.map(reached)
	expect(
		pages.map((_, i) => first[i]! - before[i]!),
		`renders per page: ${pages.join(', ')}`,
	).toEqual(pages.map(() => 1))

	// A write to what public pages show, as any save makes it: the shop bans its pages in the proxy.
	await shop.db().updateTable('products').set({ name: 'Zqx Kanchi Crimson' }).where('id', '=', ids.products[0]!).execute()
	await expect
		.poll(async () => (await (await fetch(`${varnish.url}${pages[2]}`)).text()).includes('Zqx Kanchi Crimson'), { timeout: 10_000 })
		.toBe(true)
	await burst(pages)
	await settled()
	expect(
		pages.map((page, i) => reached(page) - first[i]!),
		`renders per page after the change: ${pages.join(', ')}`,
	).toEqual(pages.map(() => 1))
})

test('a shareable page says a shared cache may keep it and under which key; the proxy then answers it alone', async () => {
	const path = await canonical(`/product/${ids.products[1]}`)
	await fetch(`${varnish.url}${path}`).then((r) => r.text())
	const kept = await fetch(`${varnish.url}${path}`)
	await kept.text()
	expect(kept.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60')
	expect(kept.headers.get('surrogate-key')).toBe('shop-pages')
	expect(kept.headers.get('cache-tag')).toBe('shop-pages')
	expect(kept.headers.get('x-cache')).toBe('HIT')
	expect(Number(kept.headers.get('age'))).toBeGreaterThanOrEqual(0)
})

test('a product edit through the admin is visible through the proxy within 2 s, while the other CDN hangs', async ({ browser }) => {
	const id = ids.products[1]!
	const path = await canonical(`/product/${id}`)
	// The page is in the proxy with its old name.
	await fetch(`${varnish.url}${path}`).then((r) => r.text())
	const before = await fetch(`${varnish.url}${path}`)
	expect(before.headers.get('x-cache')).toBe('HIT')
	expect(await before.text()).toContain('Zqx Ikkat Blue')
	// Cloudflare's stand-in got the purge at start, with the zone, the token and the tag, and has not answered it.
	expect(cloudflare.received[0]).toEqual({
		path: `/client/v4/zones/${ZONE}/purge_cache`,
		authorization: `Bearer ${TOKEN}`,
		body: JSON.stringify({ tags: ['shop-pages'] }),
	})

	const context = await browser.newContext()
	await context.addCookies([
		{ name: '__session', value: await adminSessionCookie(shop), url: varnish.url, httpOnly: true, sameSite: 'Lax' },
	])
	const page = await context.newPage()
	await page.goto(`${varnish.url}/admin/products/${id}/edit`)
	await page.getByLabel('Product Name').fill('Zqx Ikkat Indigo')
	await page.getByRole('button', { name: 'Update & Publish' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Product updated successfully!' })).toBeVisible()
	const saved = Date.now()
	await context.close()

	let seenAfterMs = Infinity
	while (Date.now() - saved < 5_000) {
		const body = await fetch(`${varnish.url}${path}`).then((r) => r.text())
		if (body.includes('Zqx Ikkat Indigo')) {
			seenAfterMs = Date.now() - saved
			break
		}
		await new Promise((r) => setTimeout(r, 50))
	}
	test.info().annotations.push({ type: 'seen through the proxy after', description: `${seenAfterMs} ms` })
	expect(seenAfterMs).toBeLessThanOrEqual(2_000)
})

test('a signed-in admin’s pages, /auth, /shortlist, an order’s page, data requests and posts never come from the proxy', async () => {
	const cookie = `__session=${await adminSessionCookie(shop)}`
	const asked: Array<{ path: string; headers?: Record<string, string>; method?: string; body?: string }> = [
		{ path: '/admin', headers: { Cookie: cookie } },
		{ path: '/admin/products', headers: { Cookie: cookie } },
		{ path: `/admin/products/${ids.products[0]}/edit`, headers: { Cookie: cookie } },
		{ path: '/auth' },
		{ path: '/shortlist' },
		{ path: `/o/${ids.order}` },
		{ path: '/about.data' },
		{ path: `/product/${ids.products[0]}.data`, headers: { Cookie: cookie } },
		{
			path: '/auth',
			method: 'POST',
			headers: { Origin: varnish.url, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'sign-in', email: 'zqx@example.com', password: 'not-the-password-1' }).toString(),
		},
	]
	for (const { path, headers, method = 'GET', body } of asked) {
		const what = `${method} ${path}`
		await settled()
		const before = reached(path)
		for (let i = 0; i < 2; i++) {
			const answer = await fetch(`${varnish.url}${path}`, { method, headers, body, redirect: 'manual' })
			await answer.text()
			expect(answer.headers.get('x-cache'), what).toBe('MISS')
			expect(answer.headers.get('age'), what).toBe('0')
			expect(answer.headers.get('cache-control') ?? '', what).toMatch(/\bno-store\b/)
			expect(answer.headers.get('surrogate-key'), what).toBeNull()
		}
		await settled()
		expect(reached(path) - before, `${what} reached the shop each time`).toBe(2)
	}
	// What the seller saw is never what a stranger gets at the same address.
	const stranger = await fetch(`${varnish.url}/admin/products`, { redirect: 'manual' })
	expect(stranger.headers.get('location')).toMatch(/^\/auth\b/)
	expect(await stranger.text()).not.toContain('Zqx Kanchi')
})

test('a poisoned header never lands in a page the proxy keeps', async () => {
	const evil = 'evil.example'
	const poisons: Array<[string, Record<string, string>]> = [
		['X-Forwarded-Host', { 'X-Forwarded-Host': evil }],
		['X-Forwarded-Proto', { 'X-Forwarded-Proto': 'https' }],
		['X-Host', { 'X-Host': evil }],
		['X-Original-URL', { 'X-Original-URL': '/admin/products' }],
		['X-Rewrite-URL', { 'X-Rewrite-URL': '/admin/products' }],
		['Forwarded', { Forwarded: `for=1.2.3.4;host=${evil};proto=https` }],
		['a huge Accept-Language', { 'Accept-Language': 'te-IN,te;q=0.9,hi;q=0.8,'.repeat(300) }],
		['a malformed X-Forwarded-Host', { 'X-Forwarded-Host': `${evil}:99999x` }],
		['the seller’s session', { Cookie: `__session=${await adminSessionCookie(shop)}` }],
	]
	const clean = withoutNonces(await fetch(`${shop.url}/about`).then((r) => r.text()))
	expect(clean).toContain(`${varnish.url}/about`)
	for (const [index, [name, headers]] of poisons.entries()) {
		// An address of its own in the proxy, so the poisoned request is the one that fills it.
		const address = `${varnish.url}/about?from=${index}`
		const first = await fetch(address, { headers })
		const firstBody = await first.text()
		const again = await fetch(address)
		const body = await again.text()
		expect(again.status, name).toBe(200)
		for (const text of [firstBody, body]) {
			expect(text, name).not.toContain(evil)
			expect(text, name).not.toContain('https://127.0.0.1')
			expect(text, name).not.toContain('Sign out')
		}
		// The kept copy is the page any visitor gets, in English.
		expect(withoutNonces(body), name).toBe(clean)
		if (first.status === 200) expect(again.headers.get('x-cache'), name).toBe('HIT')
		else expect(first.headers.get('cache-control'), name).toContain('no-store')
	}
})
