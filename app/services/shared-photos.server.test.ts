import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'

import { pngOfSize } from '../../tests/helpers/huge-image'
import { message } from '../../tests/helpers/i18n'
import { asPosted } from '../../tests/helpers/request-args'
import {
	admitShare,
	findHold,
	heldFiles,
	HOLD_MINUTES,
	HOLD_TOTAL_BYTES,
	holdSharedPhotos,
	readSharedPhotos,
	type ReceivedShare,
	releaseHold,
	STRANGER_SHARE_BYTES,
} from './shared-photos.server'
import { makeTempDir } from './storage.server'

let root = ''
beforeEach(() => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-photos-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** A share as readSharedPhotos leaves it: photos of these sizes in a temp folder of the uploads folder. */
async function share(photos: Array<number | [number, string]>, notes: string[] = []): Promise<ReceivedShare> {
	const dir = await makeTempDir(root)
	const written = photos.map((photo, i) => {
		const [bytes, name] = typeof photo === 'number' ? [photo, 'IMG.jpg'] : photo
		const file = path.join(dir, `upload-${i}`)
		fs.writeFileSync(file, new Uint8Array(bytes).fill(7))
		return { name, path: file, bytes }
	})
	return { dir, photos: written, notes }
}
const T0 = Date.UTC(2026, 10, 1)

describe('holding shared photos', () => {
	test('a hold keeps its photos, names and notes under a random token, and gives back only the ticked ones', async () => {
		const token = await holdSharedPhotos(
			await share(
				[
					[10, 'a.jpg'],
					[20, 'b.jpg'],
				],
				['note'],
			),
			{ root, now: T0 },
		)
		expect(token).toMatch(/^[a-f0-9]{32}$/)
		const hold = await findHold(token, root, T0)
		expect(hold).toMatchObject({
			photos: [
				{ index: 0, name: 'a.jpg', bytes: 10 },
				{ index: 1, name: 'b.jpg', bytes: 20 },
			],
			notes: ['note'],
		})
		const files = await heldFiles(hold!, ['1', '7', '../0'], root)
		expect(files.map((f) => [f.name, f.bytes.byteLength])).toEqual([['b.jpg', 20]])
	})

	test('tokens that are not ours, or try to leave the holding folder, name nothing', async () => {
		await holdSharedPhotos(await share([10]), { root, now: T0 })
		for (const token of ['../../etc', '', 'A'.repeat(32), 42, null, `${'a'.repeat(31)}/`])
			expect(await findHold(token, root, T0)).toBeNull()
	})

	test(`a hold expires after ${HOLD_MINUTES} minutes and its files go`, async () => {
		const token = (await holdSharedPhotos(await share([10]), { root, now: T0 }))!
		expect(await findHold(token, root, T0 + (HOLD_MINUTES * 60_000 - 1))).not.toBeNull()
		expect(await findHold(token, root, T0 + HOLD_MINUTES * 60_000 + 1)).toBeNull()
		expect(fs.readdirSync(path.join(root, '.tmp', 'shared'))).toEqual([])
	})

	test('the holding area stays under its size: the oldest holds go first, and a share larger than all of it is refused', async () => {
		const first = (await holdSharedPhotos(await share([40]), { root, now: T0, totalBytes: 100 }))!
		const second = (await holdSharedPhotos(await share([40]), { root, now: T0 + 1, totalBytes: 100 }))!
		const third = (await holdSharedPhotos(await share([40]), { root, now: T0 + 2, totalBytes: 100 }))!
		expect(await findHold(first, root, T0 + 3)).toBeNull()
		expect(await findHold(second, root, T0 + 3)).not.toBeNull()
		expect(await findHold(third, root, T0 + 3)).not.toBeNull()
		expect(await holdSharedPhotos(await share([101]), { root, now: T0 + 4, totalBytes: 100 })).toBeNull()
		await releaseHold(second, root)
		expect(await findHold(second, root, T0 + 5)).toBeNull()
	})

	test("strangers' shares together stay under their own smaller budget and never push out the seller's", async () => {
		const sizes = { root, totalBytes: 100, strangerBytes: 50 }
		const seller = (await holdSharedPhotos(await share([40]), { ...sizes, bySeller: true, now: T0 }))!
		const strangerA = (await holdSharedPhotos(await share([30]), { ...sizes, now: T0 + 1 }))!
		// A second stranger's share pushes out the first stranger's, not the seller's.
		const strangerB = (await holdSharedPhotos(await share([30]), { ...sizes, now: T0 + 2 }))!
		expect(await findHold(seller, root, T0 + 3)).toMatchObject({ bySeller: true })
		expect(await findHold(strangerA, root, T0 + 3)).toBeNull()
		expect(await findHold(strangerB, root, T0 + 3)).toMatchObject({ bySeller: false })
		// Larger than the strangers' budget: refused, nothing pushed out.
		expect(await holdSharedPhotos(await share([51]), { ...sizes, now: T0 + 4 })).toBeNull()
		expect(await findHold(strangerB, root, T0 + 5)).not.toBeNull()
		// A stranger's share that would need the seller's room is refused rather than taking it.
		const sellerTwo = (await holdSharedPhotos(await share([30]), { ...sizes, bySeller: true, now: T0 + 6 }))!
		expect(await holdSharedPhotos(await share([40]), { ...sizes, now: T0 + 7 })).toBeNull()
		expect(await findHold(seller, root, T0 + 8)).not.toBeNull()
		expect(await findHold(sellerTwo, root, T0 + 8)).not.toBeNull()
		expect(await findHold(strangerB, root, T0 + 8)).not.toBeNull()
	})
})

describe('admitting a share before reading it', () => {
	const share = (length?: number) =>
		new Request('http://shop.test/admin/shared-photos', {
			method: 'POST',
			headers: length === undefined ? {} : { 'Content-Length': String(length) },
		})

	test("a stranger's share must announce its size, within the strangers' limit, and two are read at a time", () => {
		expect(admitShare(share(), 'stranger')).toEqual({ ok: false, reason: 'length-required' })
		expect(admitShare(share(STRANGER_SHARE_BYTES + 1), 'stranger')).toEqual({ ok: false, reason: 'too-large' })
		const first = admitShare(share(STRANGER_SHARE_BYTES), 'stranger')
		const second = admitShare(share(1000), 'stranger')
		expect([first.ok, second.ok]).toEqual([true, true])
		expect(admitShare(share(1000), 'stranger')).toEqual({ ok: false, reason: 'busy' })
		// The seller's own shares do not wait for strangers'.
		const sellers = admitShare(share(40 * 1024 * 1024), 'sellers-browser')
		expect(sellers.ok).toBe(true)
		if (first.ok) {
			first.release()
			first.release()
		}
		const third = admitShare(share(1000), 'stranger')
		expect(third.ok).toBe(true)
		for (const admitted of [second, sellers, third]) if (admitted.ok) admitted.release()
	})

	test('all shares being read together stay within the room of the holding area', () => {
		// Without a size (or announcing more) the seller's share counts as the most a share may carry.
		const admitted = [share(), share(HOLD_TOTAL_BYTES), share()].map((request) => admitShare(request, 'seller'))
		expect(admitted.map((a) => a.ok)).toEqual([true, true, false])
		expect(admitted[2]).toEqual({ ok: false, reason: 'busy' })
		for (const a of admitted) if (a.ok) a.release()
		const again = admitShare(share(), 'seller')
		expect(again.ok).toBe(true)
		if (again.ok) again.release()
	})
})

describe('reading a share', () => {
	const BOUNDARY = 'share-test'
	const post = (parts: Array<{ name: string; filename: string; content: Uint8Array | string }>) =>
		new Request('http://shop.test/admin/shared-photos', {
			method: 'POST',
			headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
			body: Buffer.concat([
				...parts.flatMap((part) => [
					Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n\r\n`),
					Buffer.from(part.content),
					Buffer.from('\r\n'),
				]),
				Buffer.from(`--${BOUNDARY}--\r\n`),
			]),
		})
	const tree = () => fs.readdirSync(root, { recursive: true }).map(String).sort()

	test('keeps the photos sharp can read, in a temp folder of their own, and names the rest', async () => {
		const jpeg = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#a33' } })
			.jpeg()
			.toBuffer()
		const { share, notes } = await readSharedPhotos(
			asPosted(
				post([
					{ name: 'photos', filename: 'real.jpg', content: jpeg },
					{ name: 'photos', filename: 'fake.jpg', content: Buffer.concat([jpeg.subarray(0, 16), Buffer.alloc(100)]) },
					{ name: 'other', filename: 'other.jpg', content: jpeg },
				]),
			),
			'stranger',
			root,
		)
		expect(notes.map(message)).toEqual(['File fake.jpg is not a supported image format.'])
		expect(share!.photos.map((photo) => [photo.name, photo.bytes])).toEqual([['real.jpg', jpeg.length]])
		// The refused file is gone; the field no share sheet sends was never written.
		expect(fs.readdirSync(share!.dir)).toEqual([path.basename(share!.photos[0]!.path)])
	})

	test('a photo of more than 60 megapixels is named by its size, not as an unknown format', async () => {
		const { share, notes } = await readSharedPhotos(
			asPosted(post([{ name: 'photos', filename: 'huge.png', content: pngOfSize(8000, 8000) }])),
			'stranger',
			root,
		)
		expect(share).toBeNull()
		expect(notes.map(message)).toEqual([
			'File huge.png is 8000 × 8000 pixels. Photos may have at most 60 megapixels: please send a smaller copy.',
		])
	})

	test('a share without a photo writes nothing at all', async () => {
		const refused = await readSharedPhotos(
			asPosted(post([{ name: 'photos', filename: 'notes.jpg', content: 'not a photo' }])),
			'stranger',
			root,
		)
		expect({ ...refused, notes: refused.notes.map(message) }).toEqual({
			share: null,
			notes: ['File notes.jpg is not a supported image format.'],
		})
		expect(await readSharedPhotos(asPosted(post([])), 'stranger', root)).toEqual({ share: null, notes: [] })
		expect(tree()).toEqual(['.tmp'])
		fs.rmSync(path.join(root, '.tmp'), { recursive: true })
		expect(
			(await readSharedPhotos(asPosted(post([{ name: 'other', filename: 'a.jpg', content: 'x' }])), 'stranger', root)).share,
		).toBeNull()
		expect(tree()).toEqual([])
	})
})
