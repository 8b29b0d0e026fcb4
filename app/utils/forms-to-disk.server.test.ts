import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'

import { asPosted } from '../../tests/helpers/request-args'
import { type IncomingFile, readBodyToDisk } from './forms.server'
import { captureSecurityLog } from './security-log.server'

// readBodyToDisk: a multipart body whose files are written to disk as they arrive (the share target).

const BOUNDARY = 'to-disk-test'
const MB = 1024 * 1024

let dir = ''
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-to-disk-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

type Part = { name: string; filename?: string; content: Buffer | string }

function partHead({ name, filename }: Part) {
	const file = filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: image/jpeg`
	return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`)
}

function body(parts: Part[], { closed = true } = {}) {
	return Buffer.concat([
		...parts.flatMap((part) => [partHead(part), Buffer.from(part.content), Buffer.from('\r\n')]),
		Buffer.from(closed ? `--${BOUNDARY}--\r\n` : ''),
	])
}

const post = (content: BodyInit) =>
	new Request('http://shop.test/admin/shared-photos', {
		method: 'POST',
		body: content,
		headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
		duplex: 'half',
	} as RequestInit)

/** Every file of the `photos` field to its own numbered file in the test's folder; other files are dropped. */
function photosToDisk(prefix = '') {
	const asked: IncomingFile[] = []
	return {
		asked,
		pathFor: (file: IncomingFile) => {
			asked.push(file)
			return file.field === 'photos' ? path.join(dir, `${prefix}${asked.length}`) : null
		},
	}
}

// A form with one text field beside its files.
const limits = { maxBytes: 30 * MB, maxFiles: 3, maxFileBytes: 10 * MB, form: { schema: z.object({ title: z.string().max(100) }) } }

describe('readBodyToDisk', () => {
	test('writes each file where it is told, keeps the text fields, and leaves out empty file inputs and dropped files', async () => {
		const photo = Buffer.alloc(3 * MB, 1)
		const { asked, pathFor } = photosToDisk()
		const read = await readBodyToDisk(
			asPosted(
				post(
					body([
						{ name: 'title', content: 'Ikat मेरी' },
						{ name: 'photos', filename: 'a.jpg', content: photo },
						{ name: 'other', filename: 'b.txt', content: 'not kept' },
						// A file input left empty: a part with no file name and no bytes.
						{ name: 'photos', filename: '', content: '' },
						// Browsers send a quote in a file name as %22.
						{ name: 'photos', filename: 'c %22quoted%22.jpg', content: 'small' },
					]),
				),
			),
			limits,
			pathFor,
		)
		expect(read.ok).toBe(true)
		expect(read.formData.get('title')).toBe('Ikat मेरी')
		expect(asked.map((file) => file.name)).toEqual(['a.jpg', 'b.txt', 'c "quoted".jpg'])
		expect(read.files).toEqual([
			{ field: 'photos', name: 'a.jpg', path: path.join(dir, '1'), bytes: photo.length },
			{ field: 'photos', name: 'c "quoted".jpg', path: path.join(dir, '3'), bytes: 5 },
		])
		expect(fs.readFileSync(path.join(dir, '1')).equals(photo)).toBe(true)
		expect(fs.readdirSync(dir).sort()).toEqual(['1', '3'])
	})

	test('a file is on disk while the rest of the body is still on its way', async () => {
		const piece = Buffer.alloc(64 * 1024, 2)
		const { pathFor } = photosToDisk()
		let onDiskWhileSending = 0
		async function* slowly() {
			yield partHead({ name: 'photos', filename: 'a.jpg', content: '' })
			for (let i = 0; i < 64; i++) yield piece
			// 4 MB sent, the part not yet ended: the reader has written (almost) all of it already.
			await new Promise((r) => setTimeout(r, 50))
			onDiskWhileSending = fs.statSync(path.join(dir, '1')).size
			yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
		}
		const pieces = slowly()
		const stream = new ReadableStream<Uint8Array>({
			async pull(controller) {
				const next = await pieces.next()
				if (next.done) controller.close()
				else controller.enqueue(next.value)
			},
		})
		const read = await readBodyToDisk(asPosted(post(stream)), limits, pathFor)
		expect(read.ok).toBe(true)
		expect(onDiskWhileSending).toBeGreaterThan(64 * piece.length - 1024)
		expect(read.files[0]!.bytes).toBe(64 * piece.length)
	})

	test('limits: a file one too many is refused before any of it is written, one too large is named, and neither is listed', async () => {
		const tooMany = photosToDisk()
		const four = [1, 2, 3, 4].map((n) => ({ name: 'photos', filename: `${n}.jpg`, content: `photo ${n}` }))
		const many = await readBodyToDisk(asPosted(post(body(four))), limits, tooMany.pathFor)
		expect(many).toMatchObject({ ok: false, problem: { kind: 'too-many-files' } })
		expect(many.files.map((file) => file.name)).toEqual(['1.jpg', '2.jpg', '3.jpg'])
		expect(fs.readdirSync(dir).sort()).toEqual(['1', '2', '3'])

		const large = photosToDisk('large-')
		const parts = [
			{ name: 'photos', filename: 'small.jpg', content: 'ok' },
			{ name: 'photos', filename: 'huge.jpg', content: Buffer.alloc(10 * MB + 1) },
		]
		const tooLarge = await readBodyToDisk(asPosted(post(body(parts))), limits, large.pathFor)
		expect(tooLarge).toMatchObject({ ok: false, problem: { kind: 'too-large', file: { field: 'photos', name: 'huge.jpg' } } })
		expect(tooLarge.files.map((file) => file.name)).toEqual(['small.jpg'])

		const total = await readBodyToDisk(
			asPosted(post(body(parts))),
			{ ...limits, maxBytes: MB, maxFileBytes: 20 * MB },
			photosToDisk('total-').pathFor,
		)
		expect(total).toMatchObject({ ok: false, problem: { kind: 'too-large', file: { name: 'huge.jpg' } } })

		// Text is not a way around the limits: all text fields together stay within an ordinary form's.
		const text = await readBodyToDisk(
			asPosted(post(body([{ name: 'title', content: 'x'.repeat(1024 * 1024 + 1) }]))),
			limits,
			photosToDisk().pathFor,
		)
		expect(text).toMatchObject({ ok: false, problem: { kind: 'too-large', file: null } })
	})

	test('a body cut off, or not multipart at all, is unreadable; field names the gate refuses are refused', async () => {
		const cut = await readBodyToDisk(
			asPosted(post(body([{ name: 'photos', filename: 'a.jpg', content: 'half' }], { closed: false }))),
			limits,
			photosToDisk().pathFor,
		)
		expect(cut).toMatchObject({ ok: false, problem: { kind: 'unreadable' } })
		const notMultipart = await readBodyToDisk(asPosted(post('--nothing here')), limits, photosToDisk().pathFor)
		expect(notMultipart).toMatchObject({ ok: false, problem: { kind: 'unreadable' } })

		const lines: string[] = []
		const restore = captureSecurityLog((line) => lines.push(line))
		try {
			const refused = await readBodyToDisk(
				asPosted(post(body([{ name: 'items[99999999].code', content: 'x' }]))),
				limits,
				photosToDisk().pathFor,
			)
			expect(refused).toMatchObject({ ok: false, problem: { kind: 'refused', reason: 'field-name' } })
		} finally {
			restore()
		}
		expect(lines.some((line) => line.includes('form-refused'))).toBe(true)
	})

	test("a file that cannot be written is the caller's error, not the sender's", async () => {
		const read = readBodyToDisk(asPosted(post(body([{ name: 'photos', filename: 'a.jpg', content: 'x' }]))), limits, () =>
			path.join(dir, 'missing-folder', 'a'),
		)
		await expect(read).rejects.toMatchObject({ code: 'ENOENT' })
	})
})
