import crypto from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'

import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'

import { isSharedAnswer, pageCache } from './page-cache'

type Started = { url: string; port: number; renders: () => string[]; close: () => Promise<void> }
const servers: Started[] = []
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()))
})

type PageOptions = {
	version?: () => string
	now?: () => number
	status?: number
	headers?: Record<string, string>
	delayMs?: number
	body?: (n: number, url: string) => string
	/** Which requests the app would call shareable (default: all). */
	shareable?: (req: express.Request) => boolean
	address?: (req: express.Request) => string
	maxEntries?: number
	maxQueryEntries?: number
}

/**
 * A page that, like the real documents, carries its nonce in the CSP header and in its scripts.
 * The cache renders it through `render` (in memory); everything else reaches the app's own handler.
 */
async function start(options: PageOptions = {}) {
	const rendered: string[] = []
	async function page(url: string) {
		rendered.push(url)
		const n = rendered.length
		if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
		const nonce = crypto.randomBytes(16).toString('base64')
		const body = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>${options.body ? options.body(n, url) : `render ${n} of ${url}`}<script nonce="${nonce}">2</script></body></html>`
		return new Response(body, {
			status: options.status ?? 200,
			headers: {
				'Content-Type': 'text/html; charset=utf-8',
				'Content-Security-Policy': `script-src 'nonce-${nonce}' 'strict-dynamic'`,
				...options.headers,
			},
		})
	}
	const app = express()
	app.use(compression())
	app.use(
		pageCache({
			version: options.version ?? (() => 'v1'),
			now: options.now,
			ttlMs: 60_000,
			isShareable: (req) => options.shareable?.(req) ?? true,
			address: options.address,
			maxEntries: options.maxEntries,
			maxQueryEntries: options.maxQueryEntries,
			render: page,
			flashCookie: '__Host-flash',
		}),
	)
	app.get('/{*splat}', async (req, res) => {
		const answer = await page(`own render of ${req.originalUrl}`)
		res.status(answer.status)
		answer.headers.forEach((value, name) => res.setHeader(name, value))
		res.end(await answer.text())
	})
	const server = http.createServer(app)
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
	const port = (server.address() as AddressInfo).port
	const started = {
		url: `http://127.0.0.1:${port}`,
		port,
		renders: () => rendered,
		close: () =>
			new Promise<void>((r) => {
				server.closeAllConnections()
				server.close(() => r())
			}),
	}
	servers.push(started)
	return started
}

async function get(url: string, headers: Record<string, string> = {}) {
	const res = await fetch(url, { headers })
	const body = await res.text()
	const cspNonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
	const bodyNonces = [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])
	return { res, body, cspNonce, bodyNonces }
}

describe('pageCache', () => {
	test('a repeated page is rendered once, and every answer has its own nonce in header and body', async () => {
		const shop = await start()
		const first = await get(`${shop.url}/product/1`)
		const second = await get(`${shop.url}/product/1`, { 'Accept-Encoding': 'br' })
		expect(shop.renders()).toEqual(['/product/1'])
		expect(second.body.replace(/nonce="[^"]+"/g, '')).toBe(first.body.replace(/nonce="[^"]+"/g, ''))
		expect(second.body).toContain('render 1 of /product/1')
		for (const answer of [first, second]) {
			expect(answer.cspNonce).toBeTruthy()
			expect(answer.bodyNonces).toEqual([answer.cspNonce, answer.cspNonce])
		}
		expect(second.cspNonce).not.toBe(first.cspNonce)
		expect(second.res.headers.get('content-type')).toBe('text/html; charset=utf-8')
	})

	test('a change of the content version, or an old entry, means a new render', async () => {
		let version = 'v1'
		let clock = 0
		const shop = await start({ version: () => version, now: () => clock })
		await get(`${shop.url}/`)
		version = 'v2'
		expect((await get(`${shop.url}/`)).body).toContain('render 2')
		expect((await get(`${shop.url}/`)).body).toContain('render 2')
		clock += 61_000
		expect((await get(`${shop.url}/`)).body).toContain('render 3')
	})

	test('the query string is part of the key', async () => {
		const shop = await start()
		expect((await get(`${shop.url}/collections?page=2`)).body).toContain('of /collections?page=2')
		expect((await get(`${shop.url}/collections?page=3`)).body).toContain('of /collections?page=3')
		expect(shop.renders()).toHaveLength(2)
	})

	test('a page is kept and rendered under the address the route names for it', async () => {
		const shop = await start({ address: (req) => req.path })
		expect((await get(`${shop.url}/collections?utm_source=whatsapp`)).body).toContain('render 1 of /collections')
		expect((await get(`${shop.url}/collections?fbclid=x`)).body).toContain('render 1 of /collections')
		expect(shop.renders()).toEqual(['/collections'])
	})

	test('however many query strings arrive, they never push out the pages without one', async () => {
		const shop = await start({ maxEntries: 2, maxQueryEntries: 2 })
		await get(`${shop.url}/`)
		await get(`${shop.url}/product/1`)
		for (let i = 0; i < 10; i++) await get(`${shop.url}/collections?q=${i}`)
		expect((await get(`${shop.url}/`)).body).toContain('render 1 of /')
		expect((await get(`${shop.url}/product/1`)).body).toContain('render 2 of /product/1')
		expect((await get(`${shop.url}/collections?q=9`)).body).toContain('render 12 of /collections?q=9')
		expect((await get(`${shop.url}/collections?q=0`)).body).toContain('render 13 of /collections?q=0')
	})

	test('only pages the app calls shareable are answered from it; the rest never reach it', async () => {
		const shop = await start({ shareable: (req) => req.path !== '/admin/orders' })
		for (let i = 0; i < 2; i++) expect((await get(`${shop.url}/admin/orders`)).body).toContain('own render of /admin/orders')
		expect(shop.renders()).toEqual(['own render of /admin/orders', 'own render of /admin/orders'])
	})

	test('answers with Set-Cookie, no-store or private are never kept or shared, errors are shared but not kept', async () => {
		for (const headers of [{ 'Set-Cookie': 'a=b' }, { 'Cache-Control': 'no-store' }, { 'Cache-Control': 'private, max-age=60' }] as Record<
			string,
			string
		>[]) {
			const shop = await start({ headers })
			await get(`${shop.url}/`)
			await get(`${shop.url}/`)
			// Each visitor got the app's own render: the anonymous one was thrown away.
			expect(shop.renders().filter((r) => r.startsWith('own render'))).toHaveLength(2)
		}
		const failing = await start({ status: 404 })
		expect((await get(`${failing.url}/x`)).res.status).toBe(404)
		expect((await get(`${failing.url}/x`)).res.status).toBe(404)
		expect(failing.renders()).toEqual(['/x', '/x'])
	})

	test('requests with a flash message, and anything but GET, pass through', async () => {
		const shop = await start()
		await get(`${shop.url}/`)
		expect((await get(`${shop.url}/`, { Cookie: 'a=1; __Host-flash=abc' })).body).toContain('own render of /')
		// Another cookie's value that merely contains the name does not count.
		expect((await get(`${shop.url}/`, { Cookie: 'note=__Host-flash=x' })).body).toContain('render 1 of /')
		expect((await fetch(`${shop.url}/`, { method: 'HEAD' })).status).toBe(200)
		expect(shop.renders().filter((r) => r.startsWith('own render'))).toHaveLength(2)
	})

	test('visitors who arrive during a render share it', async () => {
		const shop = await start({ delayMs: 200 })
		const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${shop.url}/blogs`)))
		expect(shop.renders()).toEqual(['/blogs'])
		for (const answer of answers) expect(answer.bodyNonces).toEqual([answer.cspNonce, answer.cspNonce])
		expect(new Set(answers.map((a) => a.cspNonce)).size).toBe(8)
	})

	test('a visitor who never reads does not hold up the others waiting for the same render', async () => {
		// A page too large for the socket buffers: the first visitor's answer cannot be written out.
		const shop = await start({ delayMs: 300, body: () => 'x'.repeat(8 * 1024 * 1024) })
		const stalled = net.connect(shop.port, '127.0.0.1')
		await new Promise<void>((r) => stalled.once('connect', () => r()))
		stalled.pause()
		stalled.write(`GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`)
		await new Promise((r) => setTimeout(r, 50))
		const other = await get(`${shop.url}/big`, { 'Accept-Encoding': 'identity' })
		expect(other.body.length).toBeGreaterThan(8 * 1024 * 1024)
		expect(shop.renders()).toEqual(['/big'])
		stalled.destroy()
	})

	test('which answers may be shared', () => {
		const answer = (headers: Record<string, string>) =>
			new Response('', { headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } })
		expect(isSharedAnswer(answer({}))).toBe(true)
		expect(isSharedAnswer(answer({ 'Cache-Control': 'public, max-age=0' }))).toBe(true)
		expect(isSharedAnswer(answer({ 'Cache-Control': 'no-store' }))).toBe(false)
		expect(isSharedAnswer(answer({ 'Cache-Control': 'private' }))).toBe(false)
		expect(isSharedAnswer(answer({ 'Set-Cookie': '__flash=x' }))).toBe(false)
		expect(isSharedAnswer(new Response('{}', { headers: { 'Content-Type': 'application/json' } }))).toBe(false)
	})
})
