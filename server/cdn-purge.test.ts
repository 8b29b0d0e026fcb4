import http from 'node:http'
import net, { type AddressInfo } from 'node:net'

import { afterEach, describe, expect, test, vi } from 'vitest'

import { parseEnv } from '../app/utils/env.server'
import { PAGE_TAG } from './cdn-headers'
import { cdnPurger, purgeOnContentChange, purgeTargets } from './cdn-purge'

// The purge against a stand-in of Cloudflare's API on loopback: it checks what the real API checks
// (the zone in the path, the bearer token, a JSON body naming what to purge) and answers as the
// real one does, errors and rate limits included.

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353'
const TOKEN = 'purge-only-token_0123456789'

type Received = { method: string; path: string; authorization?: string; contentType?: string; body: string; at: number }
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang'

const servers: Array<http.Server | net.Server> = []
const purgers: Array<ReturnType<typeof cdnPurger>> = []
afterEach(async () => {
	for (const purger of purgers.splice(0)) purger.stop()
	vi.restoreAllMocks()
	await Promise.all(
		servers.splice(0).map(
			(server) =>
				new Promise((resolve) => {
					if (server instanceof http.Server) server.closeAllConnections()
					server.close(resolve)
				}),
		),
	)
})

/** Cloudflare's API on loopback: answers each request with the next of `answers` (the last one repeats). */
async function cloudflareStandIn(answers: Answer[]) {
	const received: Received[] = []
	const server = http.createServer((req, res) => {
		let body = ''
		req.on('data', (chunk: Buffer) => (body += chunk.toString()))
		req.on('end', () => {
			received.push({
				method: req.method!,
				path: req.url!,
				authorization: req.headers.authorization,
				contentType: req.headers['content-type'],
				body,
				at: Date.now(),
			})
			const answer = answers[Math.min(received.length, answers.length) - 1]!
			if (answer === 'hang') return
			// What the real API says of a request it refuses, before anything else.
			const wellFormed = req.url === `/client/v4/zones/${ZONE}/purge_cache` && req.headers.authorization === `Bearer ${TOKEN}`
			if (!wellFormed) {
				res.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: false, errors: [{ code: 10000 }] }))
				return
			}
			res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body ?? {}))
		})
	})
	servers.push(server)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`
	return { base, received }
}

const OK = { status: 200, body: { success: true, errors: [], messages: [], result: { id: ZONE } } }

function cloudflarePurger(base: string, options: Parameters<typeof cdnPurger>[1] = {}) {
	const env = parseEnv({ CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_API_BASE: base })
	const purger = cdnPurger(purgeTargets(env), { firstRetryMs: 50, ...options })
	purgers.push(purger)
	return purger
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
	const deadline = Date.now() + timeoutMs
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('timed out waiting')
		await new Promise((r) => setTimeout(r, 10))
	}
}

describe('purging Cloudflare', () => {
	test('posts the pages’ tag to the zone’s purge_cache with the bearer token, as JSON', async () => {
		const api = await cloudflareStandIn([OK])
		const purger = cloudflarePurger(api.base)
		purger.purge()
		await purger.idle()
		expect(api.received).toHaveLength(1)
		const [request] = api.received
		expect(request).toMatchObject({
			method: 'POST',
			path: `/client/v4/zones/${ZONE}/purge_cache`,
			authorization: `Bearer ${TOKEN}`,
			contentType: 'application/json',
		})
		expect(JSON.parse(request!.body)).toEqual({ tags: [PAGE_TAG] })
	})

	test('a rate limit or a server error is tried again, each wait longer than the last, until the API reports success', async () => {
		const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
		const api = await cloudflareStandIn([
			{ status: 429, body: { success: false, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }] } },
			{ status: 500, body: { success: false } },
			// A 200 whose body says it failed is a failure too.
			{ status: 200, body: { success: false, errors: [{ code: 1134 }] } },
			OK,
		])
		const purger = cloudflarePurger(api.base)
		purger.purge()
		await purger.idle()
		expect(api.received).toHaveLength(4)
		const waits = api.received.slice(1).map((r, i) => r.at - api.received[i]!.at)
		expect(waits[0]).toBeGreaterThanOrEqual(50)
		expect(waits[1]).toBeGreaterThanOrEqual(100)
		expect(waits[2]).toBeGreaterThanOrEqual(200)
		const logged = errors.mock.calls.map((call) => String(call[0]))
		expect(logged).toEqual([
			expect.stringContaining('HTTP 429'),
			expect.stringContaining('HTTP 500'),
			expect.stringContaining('did not report success'),
		])
	})

	test('the wait after a 429 is at least the Retry-After the API asks for', async () => {
		vi.spyOn(console, 'error').mockImplementation(() => {})
		const api = await cloudflareStandIn([{ status: 429, headers: { 'Retry-After': '1' }, body: { success: false } }, OK])
		const purger = cloudflarePurger(api.base)
		purger.purge()
		await purger.idle()
		expect(api.received).toHaveLength(2)
		expect(api.received[1]!.at - api.received[0]!.at).toBeGreaterThanOrEqual(1_000)
	})

	test('gives up after its attempts and says so in the log', async () => {
		const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
		const api = await cloudflareStandIn([{ status: 503, body: { success: false } }])
		const purger = cloudflarePurger(api.base, { attempts: 3 })
		purger.purge()
		await purger.idle()
		expect(api.received).toHaveLength(3)
		expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/CDN purge \(Cloudflare\) failed 3 times, last: HTTP 503/)
	})

	test('a wrong token is refused by the API and reported, never taken for a purge', async () => {
		const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
		const api = await cloudflareStandIn([OK])
		const env = parseEnv({ CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: 'another-token-0123456789', CLOUDFLARE_API_BASE: api.base })
		const purger = cdnPurger(purgeTargets(env), { firstRetryMs: 10, attempts: 2 })
		purgers.push(purger)
		purger.purge()
		await purger.idle()
		expect(api.received).toHaveLength(2)
		expect(String(errors.mock.calls.at(-1)?.[0])).toContain('HTTP 403')
	})

	test('asking to purge returns at once while the API does not answer, and a hung request is abandoned after its timeout', async () => {
		vi.spyOn(console, 'error').mockImplementation(() => {})
		const api = await cloudflareStandIn(['hang', OK])
		const purger = cloudflarePurger(api.base, { timeoutMs: 300 })
		// The caller (the content watcher, never a save) is not held: purge() gives back nothing to wait for.
		expect(purger.purge()).toBeUndefined()
		let done = false
		void purger.idle().then(() => (done = true))
		await until(() => api.received.length === 1)
		expect(done).toBe(false)
		await purger.idle()
		expect(api.received).toHaveLength(2)
		expect(api.received[1]!.at - api.received[0]!.at).toBeGreaterThanOrEqual(300)
	})

	test('a burst of changes while a purge is under way costs one more purge, not one per change', async () => {
		const api = await cloudflareStandIn(['hang', OK])
		vi.spyOn(console, 'error').mockImplementation(() => {})
		const purger = cloudflarePurger(api.base, { timeoutMs: 300 })
		purger.purge()
		await until(() => api.received.length === 1)
		for (let i = 0; i < 20; i++) purger.purge()
		await purger.idle()
		// The hung request, its retry (which covers the 20 changes made before it started), nothing more.
		expect(api.received).toHaveLength(2)
		purger.purge()
		await purger.idle()
		expect(api.received).toHaveLength(3)
	})
})

describe('purging on content change', () => {
	test('purges once at start and again each time the version read changes, never while it stays the same', async () => {
		const api = await cloudflareStandIn([OK])
		const purger = cloudflarePurger(api.base)
		let version = 'v1'
		const stop = purgeOnContentChange(() => version, purger, 20)
		try {
			await until(() => api.received.length === 1)
			await new Promise((r) => setTimeout(r, 150))
			expect(api.received).toHaveLength(1)
			version = 'v2'
			await until(() => api.received.length === 2)
			await new Promise((r) => setTimeout(r, 150))
			expect(api.received).toHaveLength(2)
		} finally {
			stop()
		}
	})
})

describe('a BAN or PURGE address', () => {
	test('is sent the method configured with the pages’ surrogate key', async () => {
		// Node's HTTP parser knows no BAN (Varnish does): the stand-in reads the request head itself.
		const received: string[] = []
		const server = net.createServer((socket) => {
			let head = ''
			socket.on('data', (chunk: Buffer) => {
				head += chunk.toString('latin1')
				if (!head.includes('\r\n\r\n')) return
				const lines = head.split('\r\n')
				const key = lines.find((line) => /^surrogate-key:/i.test(line))?.replace(/^[^:]+:\s*/, '')
				received.push(`${lines[0]} ${key}`)
				socket.end('HTTP/1.1 200 Banned\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
			})
		})
		servers.push(server)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
		for (const method of ['BAN', 'PURGE'] as const) {
			const purger = cdnPurger(purgeTargets(parseEnv({ CDN_PURGE_URL: url, CDN_PURGE_METHOD: method })), { attempts: 1 })
			purgers.push(purger)
			purger.purge()
			await purger.idle()
		}
		expect(received).toEqual([`BAN / HTTP/1.1 ${PAGE_TAG}`, `PURGE / HTTP/1.1 ${PAGE_TAG}`])
	})
})

describe('the environment', () => {
	test('a zone without a token, or a token without a zone, stops the start with the variable named', () => {
		expect(() => parseEnv({ CLOUDFLARE_ZONE_ID: ZONE })).toThrow(/CLOUDFLARE_API_TOKEN is required/)
		expect(() => parseEnv({ CLOUDFLARE_API_TOKEN: TOKEN })).toThrow(/CLOUDFLARE_ZONE_ID is required/)
		expect(() => parseEnv({ CLOUDFLARE_ZONE_ID: 'example.com', CLOUDFLARE_API_TOKEN: TOKEN })).toThrow(
			/CLOUDFLARE_ZONE_ID must be the zone's ID/,
		)
		expect(() => parseEnv({ CDN_PURGE_METHOD: 'DELETE' })).toThrow(/CDN_PURGE_METHOD/)
		expect(purgeTargets(parseEnv({}))).toEqual([])
	})
})
