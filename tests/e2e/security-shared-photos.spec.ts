import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { LIMITS } from '../../app/constants'
import { SERVER_LIMITS } from '../../app/constants.server'
import { openSocket, parseAnswer } from '../helpers/raw-http'
import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { form, raw, setCookie } from './auth-helpers'
import { listTree, memoryOf } from './reliability-support'
import { paddedPhoto, postShare, SHARE_BOUNDARY, shareBody } from './share-target-support'

// The share target takes posts before sign-in, so strangers can post there. Whatever they send, and
// however many at once, the server's memory stays bounded and it keeps answering: a stranger's share is
// sized by its Content-Length before any of it is read, at most two are received at a time in the whole
// shop, and every photo kept goes to disk as it arrives, never whole in memory. Each client here speaks
// from its own loopback address (the per-address throttle allows 5 shares in 15 minutes).
const shop = useShop()

const MB = 1024 * 1024
const ADD_SHARED = '/admin/products/new?shared=1'
const TOO_LARGE_SIGNED_OUT = 'Photos shared before signing in may come to 25 MB at most. Please sign in, then share them again.'
const FULL = 'The shop cannot hold more shared photos just now. Please add the photos from the form instead.'

const holdsDir = () => path.join(shop().uploadsDir, '.tmp', 'shared')
/** The holds on disk, each with the sizes of its photos. */
function holds() {
	if (!fs.existsSync(holdsDir())) return []
	return fs.readdirSync(holdsDir()).map((token) => {
		const hold = JSON.parse(fs.readFileSync(path.join(holdsDir(), token, 'hold.json'), 'utf8')) as { photos: Array<{ bytes: number }> }
		return hold.photos.map((photo) => photo.bytes)
	})
}
/** Work in progress under the uploads folder's .tmp (the holds themselves aside). */
const unfinished = () => listTree(path.join(shop().uploadsDir, '.tmp')).filter((name) => name !== 'shared' && !name.startsWith('shared/'))

/** Forgets the peak resident size of the shop's process (Linux), so the next reading covers what follows. */
function resetPeak() {
	const pid = shop().process.pid!
	fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
	return memoryOf(pid).rss
}

/** Asks /healthz again and again until `until` settles; every answer must be 200. */
async function keepAskingHealth(until: Promise<unknown>) {
	let done = false
	void until.finally(() => (done = true))
	const statuses: number[] = []
	while (!done) {
		const res = await fetch(`${shop().url}/healthz`, { signal: AbortSignal.timeout(15_000) })
		statuses.push(res.status)
		await new Promise((r) => setTimeout(r, 200))
	}
	return statuses
}

/** The device cookie a real sign-in leaves in the seller's browser; sent alone, the browser is signed out. */
async function sellersSignedOutBrowser() {
	const res = await raw(shop(), '/auth', {
		method: 'POST',
		body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
	})
	expect(res.status).toBe(302)
	return setCookie(res, '__device')!.split(';')[0]!
}

const strangerKey = (address: string) => createHash('sha256').update(`shared-photos:ip:${address}`).digest('hex')

test.beforeEach(() => fs.rmSync(holdsDir(), { recursive: true, force: true }))

test('five concurrent 50 MB signed-out shares from one address keep the server under 300 MB and /healthz answering', async () => {
	test.setTimeout(120_000)
	const photo = await paddedPhoto(1, LIMITS.maxImageBytes - 4096)
	const body = shareBody([photo, photo, photo, photo, photo])
	expect(body.length).toBeGreaterThan(50_000_000)
	const before = resetPeak()
	const shares = Promise.all(Array.from({ length: 5 }, () => postShare(shop(), body)))
	const health = await keepAskingHealth(shares)
	const answers = await shares
	const { peak } = memoryOf(shop().process.pid!)
	test.info().annotations.push({ type: 'memory', description: `peak ${(peak / MB).toFixed(0)} MB (${(before / MB).toFixed(0)} MB before)` })
	expect(health.length).toBeGreaterThan(0)
	expect(health.every((status) => status === 200)).toBe(true)
	expect(peak).toBeLessThan(300 * MB)
	// Each is told why, and nothing of them is kept.
	for (const answer of answers) {
		expect(answer.location).toBe('/admin/products/new')
		expect(answer.flash).toBe(TOO_LARGE_SIGNED_OUT)
	}
	expect(holds()).toEqual([])
	expect(unfinished()).toEqual([])
})

test("photos kept go to disk as they arrive: the seller's two 50 MB shares and two strangers' 20 MB shares at once add less than 96 MB to the server's memory", async () => {
	test.setTimeout(120_000)
	const device = await sellersSignedOutBrowser()
	const full = await paddedPhoto(2, LIMITS.maxImageBytes - 4096)
	const sellers = shareBody([full, full, full, full, full])
	const half = await paddedPhoto(3, LIMITS.maxImageBytes - 4096)
	const strangers = shareBody([half, half])
	const before = resetPeak()
	const shares = Promise.all([
		postShare(shop(), sellers, { cookie: device, localAddress: '127.0.0.2' }),
		postShare(shop(), sellers, { cookie: device, localAddress: '127.0.0.2' }),
		postShare(shop(), strangers, { localAddress: '127.0.0.3' }),
		postShare(shop(), strangers, { localAddress: '127.0.0.4' }),
	])
	const health = await keepAskingHealth(shares)
	const answers = await shares
	const growth = memoryOf(shop().process.pid!).peak - before
	test.info().annotations.push({
		type: 'memory',
		description: `peak grew by ${(growth / MB).toFixed(0)} MB for ${((2 * sellers.length + 2 * strangers.length) / MB).toFixed(0)} MB received`,
	})
	expect(answers.map((answer) => answer.location)).toEqual([ADD_SHARED, ADD_SHARED, ADD_SHARED, ADD_SHARED])
	expect(
		holds()
			.map((sizes) => sizes.length)
			.sort(),
	).toEqual([2, 2, 5, 5])
	expect(
		holds()
			.flat()
			.every((bytes) => bytes === full.length),
	).toBe(true)
	expect(health.every((status) => status === 200)).toBe(true)
	expect(growth).toBeLessThan(96 * MB)
})

test("at most two strangers' shares are received at once in the whole shop; the next is told at once and the two are held", async () => {
	const body = shareBody([await paddedPhoto(4, 200_000)])
	const head = `POST /admin/shared-photos HTTP/1.1\r\nHost: 127.0.0.1:${shop().port}\r\nContent-Type: multipart/form-data; boundary=${SHARE_BOUNDARY}\r\nContent-Length: ${body.length}\r\nSec-Fetch-Site: none\r\nConnection: close\r\n\r\n`
	// Two strangers start sending and pause halfway.
	const slow = await Promise.all(['127.0.0.5', '127.0.0.6'].map((localAddress) => openSocket(shop().port, { localAddress })))
	for (const { socket } of slow) socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, body.length / 2)]))
	// Both have reached the share target (each stranger's share is counted as it arrives).
	const counted = async () =>
		(await shop().db().selectFrom('auth_failures').select('throttle_key').execute()).filter((row) =>
			[strangerKey('127.0.0.5'), strangerKey('127.0.0.6')].includes(row.throttle_key),
		).length
	await expect.poll(counted).toBe(2)

	const third = await postShare(shop(), body, { localAddress: '127.0.0.7' })
	expect(third.location).toBe('/admin/products/new')
	expect(third.flash).toBe(FULL)

	for (const { socket } of slow) socket.write(body.subarray(body.length / 2))
	for (const { closed, received } of slow) {
		await closed
		const answer = parseAnswer(received())
		expect(answer.status).toBe(303)
		expect(answer.headers['location']).toBe(ADD_SHARED)
	}
	expect(holds()).toHaveLength(2)
	// Their places are free again.
	expect((await postShare(shop(), body, { localAddress: '127.0.0.8' })).location).toBe(ADD_SHARED)
})

test('a stranger who stops sending gives up his place at the body deadline, and leaves nothing behind', async () => {
	test.setTimeout(90_000)
	const body = shareBody([await paddedPhoto(7, 200_000)])
	const head = `POST /admin/shared-photos HTTP/1.1\r\nHost: 127.0.0.1:${shop().port}\r\nContent-Type: multipart/form-data; boundary=${SHARE_BOUNDARY}\r\nContent-Length: ${body.length}\r\nSec-Fetch-Site: none\r\n\r\n`
	const stalled = await Promise.all(['127.0.0.31', '127.0.0.32'].map((localAddress) => openSocket(shop().port, { localAddress })))
	for (const { socket } of stalled) socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, body.length / 2)]))
	await expect.poll(async () => (await postShare(shop(), body, { localAddress: '127.0.0.33' })).flash).toBe(FULL)
	// The shop gives up on them (20 s for a body without a session; their connections close a second after
	// the answer, and with them their reading) and their places are free.
	await Promise.all(stalled.map(({ closed }) => closed))
	await expect
		.poll(async () => (await postShare(shop(), body, { localAddress: '127.0.0.34' })).location, { intervals: [1000, 2000, 4000] })
		.toBe(ADD_SHARED)
	expect(holds()).toHaveLength(1)
	expect(unfinished()).toEqual([])
})

test("a stranger's share must say its size and stay within 25 MB; the seller's signed-out browser may share more, even from an address strangers used up", async () => {
	// Chunked: no size to check before reading.
	const body = shareBody([await paddedPhoto(5, 100_000)])
	const chunked = await openSocket(shop().port, { localAddress: '127.0.0.9' })
	chunked.socket.write(
		`POST /admin/shared-photos HTTP/1.1\r\nHost: 127.0.0.1:${shop().port}\r\nContent-Type: multipart/form-data; boundary=${SHARE_BOUNDARY}\r\nTransfer-Encoding: chunked\r\nSec-Fetch-Site: none\r\nConnection: close\r\n\r\n${body.length.toString(16)}\r\n`,
	)
	chunked.socket.write(Buffer.concat([body, Buffer.from('\r\n0\r\n\r\n')]))
	await chunked.closed
	expect(parseAnswer(chunked.received()).status).toBe(411)

	const photo = await paddedPhoto(6, LIMITS.maxImageBytes - 4096)
	const thirtyMegabytes = shareBody([photo, photo, photo])
	const refused = await postShare(shop(), thirtyMegabytes, { localAddress: '127.0.0.10' })
	expect(refused.location).toBe('/admin/products/new')
	expect(refused.flash).toBe(TOO_LARGE_SIGNED_OUT)
	expect(holds()).toEqual([])
	expect(unfinished()).toEqual([])

	// Strangers use up the shares of an address; the seller's browser there is counted on its own.
	const notAPhoto = shareBody([Buffer.from('GIF89a\0\0\0\0\0\0\0\0')])
	for (let i = 0; i < SERVER_LIMITS.throttleAttempts; i++)
		expect((await postShare(shop(), notAPhoto, { localAddress: '127.0.0.11' })).location).toBe('/admin/products/new')
	expect((await postShare(shop(), notAPhoto, { localAddress: '127.0.0.11' })).status).toBe(429)
	const device = await sellersSignedOutBrowser()
	const held = await postShare(shop(), thirtyMegabytes, { cookie: device, localAddress: '127.0.0.11' })
	expect(held.location).toBe(ADD_SHARED)
	expect(holds()).toEqual([[photo.length, photo.length, photo.length]])
})
