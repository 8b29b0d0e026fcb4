import crypto from 'node:crypto'

import { expect, test } from '@playwright/test'

import { openSocket, rawRequest } from '../helpers/raw-http'
import { useShop } from '../helpers/shop'
import { adminClient, type Client, type Fields, mediaFolders, memoryOf, visitorClient } from './reliability-support'

// Everything the shop was once brought down by, sent at once and without pause by several clients,
// while a visitor keeps asking /healthz: the shop keeps answering, its memory stays bounded, and
// nothing a refused request carried is stored. (Each request's own answer is checked by the
// hostile-input, oversize, limits and requests specs; this one is about the whole server under load.)

// Every attempt from its own address, so the sign-in throttle does not answer for the server.
const shop = useShop({ env: { TRUST_PROXY: '1' } })

const MB = 1024 * 1024
const LOAD_MS = 12_000
const CLIENTS = 4
const forwardedFor = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

// Built once: the test's own event loop must stay free to time the probes.
const DOTS = `a@${'.'.repeat(12_000)}@`
const MEGABYTE = 'x'.repeat(MB - 64 * 1024)
const BRACKETS = '['.repeat(100_001)
const HUGE_INDEX = JSON.stringify({ type: 'update', payload: { name: 'email', index: 10_000_000 } })

function attacks(admin: Client, visitor: Client): Array<() => Promise<unknown>> {
	const asStranger = (fields: Fields) => visitor.postForm('/auth', fields, { 'X-Forwarded-For': forwardedFor() })
	const { port } = shop()
	return [
		// Hole 2: a pattern that backtracked for seconds.
		() =>
			asStranger([
				['intent', 'sign-in'],
				['email', DOTS],
				['password', 'anything-at-all'],
			]),
		// Hole 3: the form library's reserved fields asking for ten million list items.
		() =>
			asStranger([
				['intent', 'sign-in'],
				['email', 'a@example.com'],
				['__intent__', HUGE_INDEX],
			]),
		() => asStranger([['__state__', '{"validated":']]),
		// A megabyte in a field of a signed-in form, and a post of brackets one past the limit.
		() =>
			admin.postForm('/admin/settings', [
				['shopName', MEGABYTE],
				['whatsappNumber', '919876543210'],
				['email', MEGABYTE],
			]),
		() =>
			admin.postForm('/admin/add-blog', [
				['title', 'Hostile'],
				['content', BRACKETS],
				['status', 'published'],
			]),
		// Hole 1: admin addresses in other spellings, by the seller and by strangers.
		() => admin.get('/Admin/Orders'),
		() => visitor.get('/%61dmin/orders'),
		// Malformed requests and a click loop.
		() => rawRequest(port, 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', { timeoutMs: 5_000 }),
		() => rawRequest(port, 'GET / HTTP/1.0\r\n\r\n', { timeoutMs: 5_000 }),
		() => rawRequest(port, `GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, { timeoutMs: 5_000 }),
		() => visitor.get('/whatsapp'),
	]
}

async function counts() {
	const db = shop().db()
	const count = async (table: 'products' | 'product_images' | 'blogs' | 'orders' | 'order_items' | 'sessions') =>
		Number(
			(
				await db
					.selectFrom(table)
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirstOrThrow()
			).n,
		)
	const shopName = (await db.selectFrom('shop_settings').select('shop_name').executeTakeFirstOrThrow()).shop_name
	return {
		products: await count('products'),
		images: await count('product_images'),
		blogs: await count('blogs'),
		orders: await count('orders'),
		orderItems: await count('order_items'),
		sessions: await count('sessions'),
		shopName,
		media: mediaFolders(shop().uploadsDir),
	}
}

test('under hostile load /healthz keeps answering within 250 ms, memory stays bounded, and nothing is stored', async () => {
	test.setTimeout(120_000)
	const admin = await adminClient(shop())
	const visitor = visitorClient(shop())
	const pid = shop().process.pid!
	const before = await counts()
	const rssBefore = memoryOf(pid).rss

	// Slow clients hold connections throughout: headers that never end.
	const slow = await Promise.all(Array.from({ length: 6 }, () => openSocket(shop().port)))
	for (const { socket } of slow) socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${shop().port}\r\nX-Slow: `)

	const until = Date.now() + LOAD_MS
	let sent = 0
	const list = attacks(admin, visitor)
	const clients = Array.from({ length: CLIENTS }, async (_, c) => {
		for (let i = c; Date.now() < until; i++) {
			await list[i % list.length]!().catch(() => undefined)
			sent++
		}
	})

	const latencies: number[] = []
	const statuses: number[] = []
	await wait(500)
	while (Date.now() < until) {
		const started = performance.now()
		const res = await fetch(`${shop().url}/healthz`, { headers: { 'X-Forwarded-For': '192.0.2.10' } })
		await res.arrayBuffer()
		latencies.push(performance.now() - started)
		statuses.push(res.status)
		await wait(100)
	}
	await Promise.all(clients)
	for (const { socket } of slow) socket.destroy()

	const sorted = [...latencies].sort((a, b) => a - b)
	const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
	const summary = `${sent} hostile requests; /healthz ${latencies.length} probes, median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`
	test.info().annotations.push({ type: 'load', description: summary })

	expect(sent, summary).toBeGreaterThan(50)
	expect(statuses.every((s) => s === 200)).toBe(true)
	expect(at(0.5), summary).toBeLessThan(250)
	expect(at(0.9), summary).toBeLessThan(250)
	// One probe may meet the machine's own noise (other tests share its two cores); a request that holds
	// the event loop (the old email pattern: 2.9 s; the reserved-field abuse: 25 s) fails here.
	expect(sorted.at(-1)!, summary).toBeLessThan(1_000)

	const growth = memoryOf(pid).peak - rssBefore
	expect(growth, `peak memory grew by ${(growth / MB).toFixed(0)} MB`).toBeLessThan(192 * MB)
	expect(await counts()).toEqual(before)
	expect((await fetch(`${shop().url}/healthz`)).status).toBe(200)
})
