import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { LIMITS } from '../../app/constants'
import { SERVER_LIMITS } from '../../app/constants.server'
import { adminSessionCookie } from '../helpers/auth'
import { useShop } from '../helpers/shop'
import { listTree, mediaFolders, memoryOf } from './reliability-support'

// Bodies over the limits, sent three ways: with an honest Content-Length, with a Content-Length that
// lies (smaller than what follows) and chunked (no length at all). Each is refused (413, 411 or the
// form's own message), nothing is stored and the server keeps serving. The server's memory may grow by
// the limit (an upload is held in memory until it is known to be acceptable) plus a fixed allowance,
// never by the size of the body: the large bodies sent here (120-190 MB) are each larger than their
// limit + allowance, so a server that buffered them would fail. No timing is asserted anywhere.

const shop = useShop()

const MB = 1024 * 1024
/**
 * Room beside the limit for the work of answering: rendering the page, and the chunks already read and
 * dropped that V8 has not collected yet (it collects such buffers once about 64 MB have piled up).
 */
const ALLOWANCE = 96 * MB
const BOUNDARY = '----reliability-oversize'

type Mode = 'honest' | 'lying' | 'chunked'
type Sent = { status: number; head: string; body: string; peakGrowth: number }

let cookie = ''
test.beforeAll(async () => {
	cookie = `__session=${await adminSessionCookie(shop())}`
})

/** Resets the peak resident size of the shop's process (Linux), so the next reading covers one request. */
function resetPeak() {
	const pid = shop().process.pid!
	fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
	return memoryOf(pid).rss
}

/** The parts of a body, produced as they are sent (a 200 MB body is never held in memory). */
type Body = { length: number; chunks: () => Generator<Buffer> }

function textBody(field: string, bytes: number): Body {
	const prefix = Buffer.from(`${field}=`)
	return {
		length: prefix.length + bytes,
		*chunks() {
			yield prefix
			for (let sent = 0; sent < bytes; sent += MB) yield Buffer.alloc(Math.min(MB, bytes - sent), 'a')
		},
	}
}

function multipartBody(
	fields: Array<[string, string]>,
	file: { field: string; name: string; type: string; head: Buffer; bytes: number },
): Body {
	const before = Buffer.from(
		fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') +
			`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
	)
	const after = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
	return {
		length: before.length + file.bytes + after.length,
		*chunks() {
			yield before
			yield file.head
			for (let sent = file.head.length; sent < file.bytes; sent += MB) yield Buffer.alloc(Math.min(MB, file.bytes - sent), 7)
			yield after
		},
	}
}

/**
 * Sends a POST over a raw socket (so the Content-Length can lie) and reads the answer. Sending stops
 * as soon as an answer arrives or the server closes the connection, as a browser's does: a server that
 * answered early owes the rest of the body no reading.
 */
async function send(pathname: string, contentType: string, body: Body, mode: Mode): Promise<Sent> {
	const before = resetPeak()
	const socket = net.connect(shop().port, '127.0.0.1')
	await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
	let received = Buffer.alloc(0)
	let answered: () => void = () => undefined
	const answer = new Promise<void>((resolve) => (answered = resolve))
	socket.on('data', (chunk: Buffer) => {
		received = Buffer.concat([received, chunk])
		answered()
	})
	socket.on('error', () => undefined)
	const closed = new Promise<void>((resolve) => socket.once('close', resolve))
	void closed.then(answered)
	const length =
		mode === 'honest'
			? `Content-Length: ${body.length}\r\n`
			: mode === 'lying'
				? `Content-Length: ${Math.min(64 * 1024, body.length >> 4)}\r\n`
				: 'Transfer-Encoding: chunked\r\n'
	socket.write(
		`POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${shop().port}\r\nOrigin: ${shop().url}\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\n${length}Connection: close\r\n\r\n`,
	)
	let stop = false
	void answer.then(() => (stop = true))
	/** Resolves when the chunk is handed to the kernel, or when waiting for that is pointless (answered, closed). */
	const write = (data: Buffer | string) => Promise.race([new Promise<void>((resolve) => socket.write(data, () => resolve())), answer])
	for (const chunk of body.chunks()) {
		if (stop || socket.destroyed) break
		// (An empty chunk would end a chunked body.)
		if (!chunk.length) continue
		await write(mode === 'chunked' ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk)
	}
	if (mode === 'chunked' && !stop && !socket.destroyed) await write('0\r\n\r\n')
	// We asked for Connection: close, so the answer ends with the connection (a safety net only).
	const timer = setTimeout(() => socket.destroy(), 30_000)
	await closed
	clearTimeout(timer)
	const text = received.toString('utf8')
	const headEnd = text.indexOf('\r\n\r\n')
	const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
	const peakGrowth = memoryOf(shop().process.pid!).peak - before
	test.info().annotations.push({ type: 'memory', description: `peak grew by ${(peakGrowth / MB).toFixed(1)} MB (status ${status})` })
	return { status, head: text.slice(0, headEnd), body: text.slice(headEnd + 4), peakGrowth }
}

function holdings() {
	const db = new Database(shop().dbPath, { readonly: true })
	try {
		return JSON.stringify({
			products: db.prepare('SELECT * FROM products').all(),
			images: db.prepare('SELECT * FROM product_images').all(),
			hero: db.prepare('SELECT * FROM hero_settings').all(),
			settings: db.prepare('SELECT * FROM shop_settings').all(),
			media: mediaFolders(shop().uploadsDir),
		})
	} finally {
		db.close()
	}
}

/** Nothing stored, no temp work left, memory within `limit` + allowance, and the next request is served. */
async function expectUnharmed(before: string, sent: Sent, limit: number) {
	expect(holdings()).toBe(before)
	expect(listTree(path.join(shop().uploadsDir, '.tmp'))).toEqual([])
	expect(sent.peakGrowth).toBeLessThan(limit + ALLOWANCE)
	expect((await fetch(`${shop().url}/healthz`)).status).toBe(200)
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])
// An MP4 starts with an ftyp box.
const MP4_HEAD = Buffer.from([
	0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00, 0x69, 0x73, 0x6f, 0x6d,
])

test.describe('a form post over 1 MB', () => {
	// Up to 8 MB the refused body is read and dropped first, so the client gets the answer; a bigger one
	// is not worth reading, and the connection may be cut before the answer arrives (status 0 here).
	const cases: Array<{ mode: Mode; size: number; expected: number[] }> = [
		{ mode: 'honest', size: 6 * MB, expected: [413] },
		// The lie is believed: the first 64 KB are the form (too long a shop name: refused), the rest is not
		// HTTP: Node answers that with its own 400 and closes, which may cut the connection first (0).
		{ mode: 'lying', size: 6 * MB, expected: [400, 0] },
		{ mode: 'chunked', size: 6 * MB, expected: [411] },
		{ mode: 'honest', size: 120 * MB, expected: [413, 0] },
		{ mode: 'chunked', size: 120 * MB, expected: [411, 0] },
	]
	for (const { mode, size, expected } of cases) {
		test(`url-encoded, ${size / MB} MB, ${mode} length: refused (${expected.join(' or ')}), nothing stored`, async () => {
			const before = holdings()
			const sent = await send('/admin/settings', 'application/x-www-form-urlencoded', textBody('shopName', size), mode)
			expect(expected).toContain(sent.status)
			await expectUnharmed(before, sent, SERVER_LIMITS.maxFormBytes)
		})
	}

	// Multipart bodies pass the up-front cap (uploads are limited by their own parsers): a page without
	// uploads reads at most 1 MB of one, the public sign-in page at most 24 KB.
	const multipartCases: Array<{ mode: Mode; size: number; expected: number[] }> = [
		{ mode: 'honest', size: 6 * MB, expected: [413] },
		// The first 64 KB believed to be the body are already over the sign-in page's limit (413); Node's own
		// 400 for the rest, which is not HTTP, may come first, or the connection may be cut (0).
		{ mode: 'lying', size: 6 * MB, expected: [413, 400, 0] },
		{ mode: 'chunked', size: 6 * MB, expected: [413] },
		{ mode: 'chunked', size: 120 * MB, expected: [413, 0] },
	]
	for (const { mode, size, expected } of multipartCases) {
		test(`multipart to /auth, ${size / MB} MB, ${mode} length: refused (${expected.join(' or ')}), memory stays flat`, async () => {
			const before = holdings()
			const body = multipartBody([['intent', 'sign-in']], {
				field: 'email',
				name: 'x.txt',
				type: 'text/plain',
				head: Buffer.alloc(0),
				bytes: size,
			})
			const sent = await send('/auth', `multipart/form-data; boundary=${BOUNDARY}`, body, mode)
			expect(expected).toContain(sent.status)
			await expectUnharmed(before, sent, SERVER_LIMITS.maxFormBytes)
		})
	}
})

test.describe('a photo over 10 MB on the product form', () => {
	const fields: Array<[string, string]> = [
		['name', 'Oversize Saree'],
		['code', 'OVER-1'],
		['originalPrice', '12500'],
		['category', 'Pochampally Ikkat'],
		['intent', 'publish'],
	]
	for (const mode of ['honest', 'lying', 'chunked'] as const) {
		test(`${mode} length: refused with the form's message, nothing stored`, async () => {
			const before = holdings()
			const body = multipartBody(fields, { field: 'images', name: 'huge-photo.jpg', type: 'image/jpeg', head: JPEG_HEAD, bytes: 150 * MB })
			const sent = await send('/admin/add-product', `multipart/form-data; boundary=${BOUNDARY}`, body, mode)
			if (mode === 'lying') {
				// Only the first 64 KB are the body: an unfinished form, refused; the rest is not HTTP (see above).
				expect([400, 0]).toContain(sent.status)
			} else {
				// The rest of the body is read and dropped, so the seller sees the form's own message.
				expect(sent.status).toBe(400)
				expect(sent.body).toContain('File huge-photo.jpg is too large. Maximum size is 10MB.')
			}
			await expectUnharmed(before, sent, LIMITS.maxImageBytes)
		})
	}
})

test.describe('a video over 50 MB on the hero settings', () => {
	for (const mode of ['honest', 'lying', 'chunked'] as const) {
		test(`${mode} length: refused with the form's message, nothing stored`, async () => {
			const before = holdings()
			const body = multipartBody(
				[
					['intent', 'save'],
					['title', 'Oversize hero'],
				],
				{ field: 'video', name: 'long-video.mp4', type: 'video/mp4', head: MP4_HEAD, bytes: 190 * MB },
			)
			const sent = await send('/admin/hero-settings', `multipart/form-data; boundary=${BOUNDARY}`, body, mode)
			if (mode === 'lying') {
				expect([400, 0]).toContain(sent.status)
			} else {
				expect(sent.status).toBe(400)
				expect(sent.body).toContain('Video file size must be less than 50MB')
			}
			await expectUnharmed(before, sent, LIMITS.maxVideoBytes)
		})
	}
})
