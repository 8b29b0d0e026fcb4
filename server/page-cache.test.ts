import crypto from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import zlib from 'node:zlib'

import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'

import { inlineScriptHashes } from '../app/utils/script-hashes.server'
import { fromPageCache, isSharedAnswer, pageCache } from './page-cache'

type Started = { url: string; port: number; renders: () => string[]; cache: ReturnType<typeof pageCache>; close: () => Promise<void> }
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
	maxPoolBytes?: number
	maxQueryPoolBytes?: number
}

/**
 * A page that, like the real shareable documents, names its inline scripts' hashes in its CSP header.
 * The cache renders it through `render` (in memory); everything else reaches the app's own handler.
 */
async function start(options: PageOptions = {}) {
	const rendered: string[] = []
	async function page(url: string) {
		rendered.push(url)
		const n = rendered.length
		if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
		const body = `<!DOCTYPE html><html><head><script>1</script></head><body>${options.body ? options.body(n, url) : `render ${n} of ${url}`}<script>${n}</script></body></html>`
		return new Response(body, {
			status: options.status ?? 200,
			headers: {
				'Content-Type': 'text/html; charset=utf-8',
				'Content-Security-Policy': `script-src ${inlineScriptHashes(body).join(' ')} 'strict-dynamic'`,
				...options.headers,
			},
		})
	}
	const app = express()
	// As the shop's server does: answers from stored copies are not compressed again.
	app.use(compression({ filter: (req, res) => !fromPageCache(res) && compression.filter(req, res) }))
	const cache = pageCache({
		version: options.version ?? (() => 'v1'),
		now: options.now,
		ttlMs: 60_000,
		isShareable: (req) => options.shareable?.(req) ?? true,
		address: options.address,
		maxEntries: options.maxEntries,
		maxQueryEntries: options.maxQueryEntries,
		maxPoolBytes: options.maxPoolBytes,
		maxQueryPoolBytes: options.maxQueryPoolBytes,
		render: page,
		flashCookie: '__Host-flash',
	})
	app.use(cache)
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
		cache,
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
	return { res, body }
}

/** An answer as it travels: the raw bytes, not decoded (fetch would undo the Content-Encoding). */
function raw(url: string, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
		http
			.get(url, { headers }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

function decode(answer: { headers: http.IncomingHttpHeaders; bytes: Buffer }) {
	const encoding = answer.headers['content-encoding']
	if (encoding === 'br') return zlib.brotliDecompressSync(answer.bytes).toString()
	if (encoding === 'gzip') return zlib.gunzipSync(answer.bytes).toString()
	if (encoding) throw new Error(`unexpected encoding ${encoding}`)
	return answer.bytes.toString()
}

describe('pageCache', () => {
	test('a repeated page is rendered once, and visitors with different cookies and headers get the same bytes and headers', async () => {
		const shop = await start()
		const first = await raw(`${shop.url}/product/1`, { 'Accept-Encoding': 'br, gzip', Cookie: 'a=1', 'User-Agent': 'phone' })
		const second = await raw(`${shop.url}/product/1`, {
			'Accept-Encoding': 'br, gzip',
			Cookie: 'b=2; __session=x',
			'Accept-Language': 'te',
		})
		expect(shop.renders()).toEqual(['/product/1'])
		expect(first.headers['content-encoding']).toBe('br')
		expect(second.bytes.equals(first.bytes)).toBe(true)
		expect(decode(second)).toContain('render 1 of /product/1')
		for (const name of ['content-security-policy', 'etag', 'content-type', 'vary', 'content-length'])
			expect(second.headers[name], name).toBe(first.headers[name])
		expect(second.headers['content-type']).toBe('text/html; charset=utf-8')
		expect(second.headers['content-security-policy']).toMatch(/^script-src ('sha256-[^']+' )+'strict-dynamic'$/)
	})

	test('a kept page is compressed once: each Accept-Encoding gets the stored copy it ranks highest, all decoding to the same page', async () => {
		const shop = await start({ body: () => 'A saree. '.repeat(2000) })
		const cases: Array<[string | undefined, string | undefined]> = [
			['br, gzip', 'br'],
			['gzip, deflate, br, zstd', 'br'],
			['gzip', 'gzip'],
			['br;q=0, gzip', 'gzip'],
			['gzip;q=1, br;q=0.5', 'gzip'],
			['br;q=0.2, gzip;q=0.2, identity', undefined],
			// Neither stored coding: the plain copy, not deflated on the way by the compression middleware.
			['deflate', undefined],
			['br;q=0, gzip;q=0', undefined],
			['*', 'br'],
			['br;q=0, *', 'gzip'],
			[undefined, undefined],
		]
		const answers = new Map<string | undefined, Buffer>()
		let html = ''
		for (const [accept, expected] of cases) {
			const answer = await raw(`${shop.url}/`, accept === undefined ? {} : { 'Accept-Encoding': accept })
			expect(answer.headers['content-encoding'], accept).toBe(expected)
			expect(answer.headers.vary, accept).toBe('Accept-Encoding')
			expect(Number(answer.headers['content-length']), accept).toBe(answer.bytes.length)
			html ||= decode(answer)
			expect(decode(answer), accept).toBe(html)
			// The same stored bytes for the same coding, whichever header chose it.
			const earlier = answers.get(expected)
			if (earlier) expect(answer.bytes.equals(earlier), accept).toBe(true)
			answers.set(expected, answer.bytes)
		}
		expect(shop.renders()).toEqual(['/'])
		expect(answers.get('br')!.length).toBeLessThan(answers.get(undefined)!.length / 10)
		expect(answers.get('gzip')!.length).toBeLessThan(answers.get(undefined)!.length / 10)
	})

	test('each stored copy has its own strong ETag, and a matching If-None-Match gets 304 without a body', async () => {
		const shop = await start()
		const br = await raw(`${shop.url}/about`, { 'Accept-Encoding': 'br' })
		const gzip = await raw(`${shop.url}/about`, { 'Accept-Encoding': 'gzip' })
		const plain = await raw(`${shop.url}/about`)
		const tags = [br, gzip, plain].map((answer) => answer.headers.etag!)
		for (const tag of tags) expect(tag).toMatch(/^"[\w-]{20,}"$/)
		expect(new Set(tags).size).toBe(3)
		const again = await raw(`${shop.url}/about`, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! })
		expect(again.status).toBe(304)
		expect(again.bytes.length).toBe(0)
		expect(again.headers.etag).toBe(br.headers.etag)
		// Another copy's tag does not match this one.
		expect((await raw(`${shop.url}/about`, { 'Accept-Encoding': 'br', 'If-None-Match': gzip.headers.etag! })).status).toBe(200)
		expect((await raw(`${shop.url}/about`, { 'If-None-Match': `"x", ${plain.headers.etag!}` })).status).toBe(304)
		expect(shop.renders()).toEqual(['/about'])
	})

	test('each pool is bounded by the bytes of every stored copy, least recently used out first', async () => {
		// Pages that do not compress: each holds about three times its size.
		const noise = () => crypto.randomBytes(3000).toString('base64')
		const shop = await start({ body: noise, maxPoolBytes: 30_000, maxQueryPoolBytes: 15_000 })
		for (const path of ['/a', '/b', '/c']) await get(`${shop.url}${path}`)
		expect(shop.cache.size()).toBe(2)
		expect(shop.cache.bytes()).toBeGreaterThan(2 * 2.5 * 4000)
		expect(shop.cache.bytes()).toBeLessThanOrEqual(30_000)
		await get(`${shop.url}/b`)
		await get(`${shop.url}/c`)
		expect(shop.renders()).toEqual(['/a', '/b', '/c'])
		for (let i = 0; i < 5; i++) await get(`${shop.url}/collections?q=${i}`)
		// The query pool holds one; the pages' pool is untouched.
		expect(shop.cache.size()).toBe(3)
		expect(shop.cache.bytes()).toBeLessThanOrEqual(45_000)
		await get(`${shop.url}/c`)
		expect(shop.renders()).toHaveLength(8)
	})

	test('an answer whose CSP carries a nonce is neither kept nor shared', async () => {
		const shop = await start({ delayMs: 100, headers: { 'Content-Security-Policy': "script-src 'nonce-abc' 'strict-dynamic'" } })
		await Promise.all([get(`${shop.url}/`), get(`${shop.url}/`)])
		await get(`${shop.url}/`)
		expect(shop.renders().filter((r) => r.startsWith('own render'))).toHaveLength(3)
		expect(shop.cache.size()).toBe(0)
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
		const answers = await Promise.all(Array.from({ length: 8 }, () => raw(`${shop.url}/blogs`, { 'Accept-Encoding': 'gzip' })))
		expect(shop.renders()).toEqual(['/blogs'])
		for (const answer of answers) expect(answer.bytes.equals(answers[0]!.bytes)).toBe(true)
		expect(decode(answers[0]!)).toContain('render 1 of /blogs')
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
