import fs from 'node:fs'
import type { Socket } from 'node:net'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { TIMEOUTS } from '../../server/limits'
import { adminSessionCookie } from '../helpers/auth'
import { openSocket, parseAnswer } from '../helpers/raw-http'
import { type Shop, startShop, useShop } from '../helpers/shop'

// Clients that are slow on purpose, over real sockets: they must not hold the shop. Headers and
// bodies have deadlines (a signed-in upload a long one), a client that stops reading loses its
// connection, and one address cannot open more than its share of connections.

const shop = useShop()

const MEDIA_ID = 'abcdefabcdefabcdefabcdefabcdef12'
const BIG = 48 * 1024 * 1024

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Writes `text` a few bytes at a time until `stop()` says so (or the socket closes). */
async function drip(socket: Socket, text: string, everyMs: number, stop: () => boolean) {
	for (let i = 0; i < text.length && !stop() && !socket.destroyed; i += 4) {
		socket.write(text.slice(i, i + 4))
		await wait(everyMs)
	}
}

async function healthzMs(s: Shop) {
	const started = Date.now()
	expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
	return Date.now() - started
}

test.describe('slow clients', () => {
	test.beforeAll(() => {
		const dir = path.join(shop().uploadsDir, 'videos', MEDIA_ID)
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(path.join(dir, 'video.mp4'), Buffer.alloc(BIG, 7))
	})

	test('dripped headers, dripped bodies and a client that never reads are cut off; a signed-in upload may take its time', async () => {
		test.setTimeout(120_000)
		const { port, url } = shop()
		const host = `127.0.0.1:${port}`
		const cookie = `__session=${await adminSessionCookie(shop())}`

		// 1. Headers that never end.
		const headers = await openSocket(port)
		void drip(headers.socket, `GET / HTTP/1.1\r\nHost: ${host}\r\n${'X-Slow: a\r\n'.repeat(200)}`, 1_000, () => false)

		// 2. A sign-in body that trickles in (a few bytes a second, never complete).
		const body = await openSocket(port)
		body.socket.write(
			`POST /auth HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\n`,
		)
		void drip(body.socket, `intent=sign-in&email=${'a'.repeat(1_980)}`, 1_000, () => false)

		// 3. The seller's upload over a slow connection: longer than the body deadline, then complete.
		const boundary = 'slowupload'
		const form = [
			`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow Upload Saree\r\n`,
			`--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n${'x'.repeat(200)}\r\n`,
			`--${boundary}--\r\n`,
		].join('')
		const upload = await openSocket(port)
		upload.socket.write(
			`POST /admin/add-product HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${url}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(form)}\r\nConnection: close\r\n\r\n`,
		)
		const uploadStarted = Date.now()
		const uploadSent = drip(upload.socket, form, Math.ceil((TIMEOUTS.bodyMs + 5_000) / (form.length / 4)), () => false)

		// 4. A visitor who asks for a large video and never reads it.
		const stalled = await openSocket(port)
		stalled.socket.pause()
		stalled.socket.write(`GET /media/videos/${MEDIA_ID}/video.mp4 HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
		const stalledAt = Date.now()

		// Meanwhile the shop answers everyone else at once.
		await wait(3_000)
		expect(await healthzMs(shop())).toBeLessThan(1_000)

		const headersClosedAfter = await headers.closed
		expect(headersClosedAfter).toBeLessThan(TIMEOUTS.headersMs + 5_000)
		expect(parseAnswer(headers.received()).status).toBe(408)

		const bodyClosedAfter = await body.closed
		expect(bodyClosedAfter).toBeGreaterThan(TIMEOUTS.bodyMs - 1_000)
		expect(bodyClosedAfter).toBeLessThan(TIMEOUTS.bodyMs + 5_000)
		expect(parseAnswer(body.received()).status).toBe(408)

		await uploadSent
		await upload.closed
		const uploadAnswer = parseAnswer(upload.received())
		// It outlived the deadline every other body has, and got the form's own answer (not 408).
		expect(Date.now() - uploadStarted).toBeGreaterThan(TIMEOUTS.bodyMs)
		expect(uploadAnswer.status, upload.received().slice(0, 300)).not.toBe(408)
		expect(uploadAnswer.status).toBeGreaterThan(0)

		// A paused socket notices nothing; reading again once the server should have given up shows
		// what had been buffered and then the end: the rest never left the server.
		await wait(Math.max(0, TIMEOUTS.idleMs + 12_000 - (Date.now() - stalledAt)))
		stalled.socket.resume()
		await stalled.closed
		expect(stalled.received().length).toBeLessThan(BIG / 2)
		expect(await healthzMs(shop())).toBeLessThan(1_000)
	})

	test("a stranger's dripped upload to an admin route gets the short deadline", async () => {
		test.setTimeout(60_000)
		const { port, url } = shop()
		const socket = await openSocket(port)
		socket.socket.write(
			`POST /admin/add-product HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${url}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000\r\n\r\n`,
		)
		void drip(socket.socket, `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n${'y'.repeat(999_000)}`, 1_000, () => false)
		const closedAfter = await socket.closed
		expect(closedAfter).toBeLessThan(TIMEOUTS.bodyMs + 5_000)
		expect(parseAnswer(socket.received()).status).not.toBe(200)
	})
})

test.describe('connections per client', () => {
	test('one address holds at most MAX_CONNECTIONS_PER_CLIENT connections; another address is not affected', async () => {
		const limited = await startShop({ env: { MAX_CONNECTIONS_PER_CLIENT: '4' } })
		const sockets: Awaited<ReturnType<typeof openSocket>>[] = []
		try {
			for (let i = 0; i < 4; i++) sockets.push(await openSocket(limited.port))
			// Each is a browser connection that has not sent its request yet.
			const fifth = await openSocket(limited.port)
			expect(await Promise.race([fifth.closed.then(() => 'closed'), wait(2_000).then(() => 'open')])).toBe('closed')
			expect(fifth.received()).toBe('')

			// Another client address (127.0.0.2 is loopback too) is served as usual.
			const other = await openSocket(limited.port, { localAddress: '127.0.0.2' })
			other.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${limited.port}\r\nConnection: close\r\n\r\n`)
			await other.closed
			expect(parseAnswer(other.received()).status).toBe(200)

			// A connection given back makes room again.
			sockets.shift()!.socket.destroy()
			await wait(200)
			const again = await openSocket(limited.port)
			again.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${limited.port}\r\nConnection: close\r\n\r\n`)
			await again.closed
			expect(parseAnswer(again.received()).status).toBe(200)
		} finally {
			for (const s of sockets) s.socket.destroy()
			await limited.stop()
			fs.rmSync(limited.dir, { recursive: true, force: true })
		}
	})

	test('behind a proxy the same cap counts requests in progress per forwarded address', async () => {
		const proxied = await startShop({ env: { MAX_CONNECTIONS_PER_CLIENT: '2', TRUST_PROXY: '1' } })
		const open: Awaited<ReturnType<typeof openSocket>>[] = []
		const slowRequest = async (address: string) => {
			const s = await openSocket(proxied.port)
			s.socket.write(
				`POST /auth HTTP/1.1\r\nHost: 127.0.0.1:${proxied.port}\r\nOrigin: ${proxied.url}\r\nX-Forwarded-For: ${address}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nintent=`,
			)
			open.push(s)
			return s
		}
		try {
			await slowRequest('203.0.113.9')
			await slowRequest('203.0.113.9')
			await wait(500)
			const third = await slowRequest('203.0.113.9')
			await third.closed
			expect(parseAnswer(third.received()).status).toBe(429)
			expect(parseAnswer(third.received()).headers['retry-after']).toBe('5')
			// The proxy's other visitors are not held back.
			const other = await fetch(`${proxied.url}/about`, { headers: { 'X-Forwarded-For': '198.51.100.20' } })
			expect(other.status).toBe(200)
		} finally {
			for (const s of open) s.socket.destroy()
			await proxied.stop()
			fs.rmSync(proxied.dir, { recursive: true, force: true })
		}
	})
})
