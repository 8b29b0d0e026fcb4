import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { makeZip, type ZipEntryInput } from '../../tests/helpers/zip'
import { isSafeZipName, listZipFiles, readZipFiles } from './zip-reader.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-reader-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const LIMITS = { maxEntries: 100, maxEntryBytes: 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 }
let n = 0
function zipFile(entries: ZipEntryInput[]) {
	const file = path.join(dir, `${++n}.zip`)
	fs.writeFileSync(file, makeZip(entries))
	return file
}

describe('zip reader', () => {
	it('lists the files with their sizes, folders left out, and reads the ones asked for', async () => {
		const file = zipFile([
			{ name: 'photos/', bytes: new Uint8Array(), store: true },
			{ name: 'photos/KPI-101.jpg', bytes: Buffer.from('first') },
			{ name: 'KPI-101-2.jpg', bytes: Buffer.from('second photo') },
		])
		expect(await listZipFiles(file, LIMITS)).toEqual({
			ok: true,
			files: [
				{ name: 'photos/KPI-101.jpg', size: 5 },
				{ name: 'KPI-101-2.jpg', size: 12 },
			],
		})
		const read: string[] = []
		await readZipFiles(file, new Set(['KPI-101-2.jpg']), LIMITS.maxEntryBytes, async (name, bytes) => {
			read.push(`${name}=${Buffer.from(bytes).toString()}`)
		})
		expect(read).toEqual(['KPI-101-2.jpg=second photo'])
	})

	it('reads a stored entry as well as a deflated one (zip tools store photos they cannot shrink)', async () => {
		const file = zipFile([
			{ name: 'KPI-7.jpg', bytes: Buffer.from('stored photo'), store: true },
			{ name: 'KPI-7-2.jpg', bytes: Buffer.from('deflated photo') },
		])
		const read: string[] = []
		await readZipFiles(file, new Set(['KPI-7.jpg', 'KPI-7-2.jpg']), LIMITS.maxEntryBytes, async (name, bytes) => {
			read.push(`${name}=${Buffer.from(bytes).toString()}`)
		})
		expect(read).toEqual(['KPI-7.jpg=stored photo', 'KPI-7-2.jpg=deflated photo'])
	})

	it.each(['../evil.jpg', 'a/../../evil.jpg', '/etc/passwd', 'C:/x.jpg', 'a\\..\\b.jpg'])('refuses the name %j', async (name) => {
		expect(isSafeZipName(name)).toBe(false)
		const listing = await listZipFiles(zipFile([{ name, bytes: Buffer.from('x') }]), LIMITS)
		expect(listing).toEqual({ ok: false, problem: { kind: 'unsafe-name', name } })
	})

	it('refuses 10 000 tiny files from the count in the directory, before listing one', async () => {
		const entries = Array.from({ length: 10_000 }, (_, i) => ({ name: `${i}.jpg`, bytes: Buffer.from('x'), store: true }))
		expect(await listZipFiles(zipFile(entries), LIMITS)).toEqual({ ok: false, problem: { kind: 'too-many-entries', entries: 10_000 } })
	})

	it('refuses an entry that says it is larger than the limit without inflating it', async () => {
		const file = zipFile([{ name: 'big.jpg', bytes: Buffer.alloc(2 * 1024 * 1024) }])
		expect(await listZipFiles(file, LIMITS)).toEqual({ ok: false, problem: { kind: 'too-large', name: 'big.jpg', size: 2 * 1024 * 1024 } })
	})

	it('stops a bomb: an entry that claims 1 KB and inflates to 50 MB fails after 1 KB', async () => {
		const file = zipFile([{ name: 'bomb.jpg', bytes: Buffer.alloc(50 * 1024 * 1024), claimedSize: 1024 }])
		expect(await listZipFiles(file, LIMITS)).toEqual({ ok: true, files: [{ name: 'bomb.jpg', size: 1024 }] })
		const before = process.memoryUsage().rss
		await expect(readZipFiles(file, new Set(['bomb.jpg']), LIMITS.maxEntryBytes, async () => {})).rejects.toThrow()
		expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024)
	})

	it('refuses the total beyond its limit, and a file that is not a ZIP', async () => {
		const five = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.jpg`, bytes: Buffer.alloc(1000 * 1024) }))
		expect(await listZipFiles(zipFile(five), LIMITS)).toMatchObject({ ok: false, problem: { kind: 'too-large-total' } })
		const text = path.join(dir, 'text.zip')
		fs.writeFileSync(text, 'not a zip at all')
		expect(await listZipFiles(text, LIMITS)).toEqual({ ok: false, problem: { kind: 'unreadable' } })
	})
})
