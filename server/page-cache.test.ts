import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { isCacheableRequest, pageCache } from './page-cache'

type Started = { url: string; renders: () => number; close: () => Promise<void> }
const servers: Started[] = []
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()))
})

/** A page that, like the real documents, carries its nonce in the CSP header and in its scripts. */
async function start(options: { version: () => string; now?: () => number; status?: number; cookie?: boolean; delayMs?: number; body?: (n: number) => string }) {
	let renders = 0
	const app = express()
	app.use(compression())
	app.use(pageCache({ version: options.version, now: options.now, ttlMs: 60_000 }))
	app.get('/{*splat}', async (req, res) => {
		renders++
		const n = renders
		if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
		const nonce = crypto.randomBytes(16).toString('base64')
		res.status(options.status ?? 200)
		res.setHeader('Content-Type', 'text/html; charset=utf-8')
		res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`)
		if (options.cookie) res.setHeader('Set-Cookie', 'a=b')
		// Written in pieces, as the streaming renderer does.
		res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`)
		res.end(`<body>${options.body ? options.body(n) : `render ${n} of ${req.originalUrl}`}<script nonce="${nonce}">2</script></body></html>`)
	})
	const server = http.createServer(app)
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
	const started = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		renders: () => renders,
		close: () => new Promise<void>((r) => server.close(() => r())),
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
		const shop = await start({ version: () => 'v1' })
		const first = await get(`${shop.url}/product/1`)
		const second = await get(`${shop.url}/product/1`, { 'Accept-Encoding': 'br' })
		expect(shop.renders()).toBe(1)
		expect(second.body.replace(/nonce="[^"]+"/g, '')).toBe(first.body.replace(/nonce="[^"]+"/g, ''))
		expect(second.body).toContain('render 1 of /product/1')
		for (const answer of [first, second]) {
			expect(answer.cspNonce).toBeTruthy()
			expect(answer.bodyNonces).toEqual([answer.cspNonce, answer.cspNonce])
		}
		expect(second.cspNonce).not.toBe(first.cspNonce)
		expect(second.res.headers.get('content-type')).toBe('text/html; charset=utf-8')
	})

	test('a change of the data version, or an old entry, means a new render', async () => {
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
		const shop = await start({ version: () => 'v1' })
		expect((await get(`${shop.url}/collections?page=2`)).body).toContain('of /collections?page=2')
		expect((await get(`${shop.url}/collections?page=3`)).body).toContain('of /collections?page=3')
		expect(shop.renders()).toBe(2)
	})

	test('errors, answers that set cookies and requests with a flash message are never served from the cache', async () => {
		const failing = await start({ version: () => 'v1', status: 404 })
		await get(`${failing.url}/x`)
		await get(`${failing.url}/x`)
		expect(failing.renders()).toBe(2)

		const cookies = await start({ version: () => 'v1', cookie: true })
		await get(`${cookies.url}/`)
		await get(`${cookies.url}/`)
		expect(cookies.renders()).toBe(2)

		const flash = await start({ version: () => 'v1' })
		await get(`${flash.url}/`)
		expect((await get(`${flash.url}/`, { Cookie: '__flash=abc' })).body).toContain('render 2')
		expect(flash.renders()).toBe(2)
	})

	test('visitors who arrive during a render wait for it instead of rendering again', async () => {
		const shop = await start({ version: () => 'v1', delayMs: 200 })
		const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${shop.url}/blogs`)))
		expect(shop.renders()).toBe(1)
		for (const answer of answers) expect(answer.bodyNonces).toEqual([answer.cspNonce, answer.cspNonce])
		expect(new Set(answers.map((a) => a.cspNonce)).size).toBe(8)
	})

	test('which requests may use the cache', () => {
		const req = (method: string, path: string, cookie?: string) => ({ method, path, headers: cookie ? { cookie } : {} })
		expect(isCacheableRequest(req('GET', '/'))).toBe(true)
		expect(isCacheableRequest(req('GET', '/product/3'))).toBe(true)
		expect(isCacheableRequest(req('GET', '/', '__session=x'))).toBe(true)
		expect(isCacheableRequest(req('GET', '/', 'a=1; __flash=x'))).toBe(false)
		expect(isCacheableRequest(req('POST', '/'))).toBe(false)
		expect(isCacheableRequest(req('HEAD', '/'))).toBe(false)
		for (const path of ['/admin', '/admin/products', '/auth', '/media/images/a/360.webp', '/whatsapp/product/1', '/collections.data']) {
			expect(isCacheableRequest(req('GET', path))).toBe(false)
		}
	})
})
