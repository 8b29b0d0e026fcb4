import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, test } from 'vitest'

import { findHold, heldFiles, HOLD_MINUTES, holdSharedPhotos, releaseHold } from './shared-photos.server'

let root = ''
beforeEach(() => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-photos-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const file = (size: number, name = 'IMG.jpg') => ({ field: 'photos', name, bytes: new Uint8Array(size).fill(7) })
const T0 = Date.UTC(2026, 10, 1)

describe('holding shared photos', () => {
	test('a hold keeps its photos, names and notes under a random token, and gives back only the ticked ones', async () => {
		const token = await holdSharedPhotos([file(10, 'a.jpg'), file(20, 'b.jpg')], ['note'], { root, now: T0 })
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
		await holdSharedPhotos([file(10)], [], { root, now: T0 })
		for (const token of ['../../etc', '', 'A'.repeat(32), 42, null, `${'a'.repeat(31)}/`])
			expect(await findHold(token, root, T0)).toBeNull()
	})

	test(`a hold expires after ${HOLD_MINUTES} minutes and its files go`, async () => {
		const token = (await holdSharedPhotos([file(10)], [], { root, now: T0 }))!
		expect(await findHold(token, root, T0 + (HOLD_MINUTES * 60_000 - 1))).not.toBeNull()
		expect(await findHold(token, root, T0 + HOLD_MINUTES * 60_000 + 1)).toBeNull()
		expect(fs.readdirSync(path.join(root, '.tmp', 'shared'))).toEqual([])
	})

	test('the holding area stays under its size: the oldest holds go first, and a share larger than all of it is refused', async () => {
		const first = (await holdSharedPhotos([file(40)], [], { root, now: T0, totalBytes: 100 }))!
		const second = (await holdSharedPhotos([file(40)], [], { root, now: T0 + 1, totalBytes: 100 }))!
		const third = (await holdSharedPhotos([file(40)], [], { root, now: T0 + 2, totalBytes: 100 }))!
		expect(await findHold(first, root, T0 + 3)).toBeNull()
		expect(await findHold(second, root, T0 + 3)).not.toBeNull()
		expect(await findHold(third, root, T0 + 3)).not.toBeNull()
		expect(await holdSharedPhotos([file(101)], [], { root, now: T0 + 4, totalBytes: 100 })).toBeNull()
		await releaseHold(second, root)
		expect(await findHold(second, root, T0 + 5)).toBeNull()
	})

	test("strangers' shares together stay under their own smaller budget and never push out the seller's", async () => {
		const sizes = { root, totalBytes: 100, strangerBytes: 50 }
		const seller = (await holdSharedPhotos([file(40)], [], { ...sizes, bySeller: true, now: T0 }))!
		const strangerA = (await holdSharedPhotos([file(30)], [], { ...sizes, now: T0 + 1 }))!
		// A second stranger's share pushes out the first stranger's, not the seller's.
		const strangerB = (await holdSharedPhotos([file(30)], [], { ...sizes, now: T0 + 2 }))!
		expect(await findHold(seller, root, T0 + 3)).toMatchObject({ bySeller: true })
		expect(await findHold(strangerA, root, T0 + 3)).toBeNull()
		expect(await findHold(strangerB, root, T0 + 3)).toMatchObject({ bySeller: false })
		// Larger than the strangers' budget: refused, nothing pushed out.
		expect(await holdSharedPhotos([file(51)], [], { ...sizes, now: T0 + 4 })).toBeNull()
		expect(await findHold(strangerB, root, T0 + 5)).not.toBeNull()
		// A stranger's share that would need the seller's room is refused rather than taking it.
		const sellerTwo = (await holdSharedPhotos([file(30)], [], { ...sizes, bySeller: true, now: T0 + 6 }))!
		expect(await holdSharedPhotos([file(40)], [], { ...sizes, now: T0 + 7 })).toBeNull()
		expect(await findHold(seller, root, T0 + 8)).not.toBeNull()
		expect(await findHold(sellerTwo, root, T0 + 8)).not.toBeNull()
		expect(await findHold(strangerB, root, T0 + 8)).not.toBeNull()
	})
})
