import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { productFormSchema } from '~/schemas/product'

import { pngOfSize } from '../../tests/helpers/huge-image'
import { message } from '../../tests/helpers/i18n'
import { asPosted } from '../../tests/helpers/request-args'
import { parseUploadForm, storeUploadedImages } from './uploads.server'

/** A result with its message as an English page shows it (messages are refs: translate.ts messageRef). */
function inEnglish<Result extends object>(result: Result) {
	return 'message' in result && typeof result.message === 'string' ? { ...result, message: message(result.message) } : result
}

let uploads: string
beforeAll(() => {
	uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'))
	process.env.UPLOADS_DIR = uploads
	process.env.DATABASE_PATH = path.join(uploads, 'unused.db')
})
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }))

const limits = { fileFields: ['images'], maxFiles: 3, maxFileSize: 1000, form: { schema: productFormSchema } }

/** A real multipart request, its body delivered in chunks of `chunkSize` bytes. */
async function multipart(form: FormData, chunkSize = 64 * 1024) {
	const encoded = new Request('http://shop.test/admin/add-product', { method: 'POST', body: form })
	const bytes = new Uint8Array(await encoded.arrayBuffer())
	let offset = 0
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (offset >= bytes.length) return controller.close()
			controller.enqueue(bytes.slice(offset, offset + chunkSize))
			offset += chunkSize
		},
	})
	return new Request('http://shop.test/admin/add-product', {
		method: 'POST',
		headers: { 'Content-Type': encoded.headers.get('Content-Type')! },
		body,
		duplex: 'half',
	} as RequestInit)
}

const file = (name: string, size: number, fill = 7) => new File([new Uint8Array(size).fill(fill)], name)

describe('parseUploadForm', () => {
	test('returns the text fields and the chosen files, skipping an empty file input', async () => {
		const form = new FormData()
		form.append('name', 'Red Ikkat')
		form.append('images', file('a.jpg', 500))
		form.append('images', file('b.png', 20))
		form.append('cover', file('other.jpg', 10))
		form.append('empty', new File([], ''))
		const result = await parseUploadForm(asPosted(await multipart(form)), { ...limits, maxFiles: 4 })
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.formData.get('name')).toBe('Red Ikkat')
		expect(result.files.map((f) => [f.field, f.name, f.bytes.length])).toEqual([
			['images', 'a.jpg', 500],
			['images', 'b.png', 20],
		])
	})

	for (const chunkSize of [5, 97, 64 * 1024]) {
		test(`names the oversize file and keeps the fields before it (chunks of ${chunkSize})`, async () => {
			const form = new FormData()
			form.append('name', 'Kanchi — ₹ silk')
			form.append('code', 'PS-1')
			form.append('images', file('small.jpg', 900))
			form.append('images', file('huge photo.jpg', 5000))
			form.append('after', 'lost')
			const result = await parseUploadForm(asPosted(await multipart(form, chunkSize)), limits)
			expect(inEnglish(result)).toMatchObject({
				ok: false,
				field: 'images',
				message: 'File huge photo.jpg is too large. Maximum size is 0MB.',
			})
			if (result.ok) return
			expect(result.formData.get('name')).toBe('Kanchi — ₹ silk')
			expect(result.formData.get('code')).toBe('PS-1')
		})
	}

	test('says the limit in MB', async () => {
		const form = new FormData()
		form.append('images', file('big.jpg', 3 * 1024 * 1024))
		const result = await parseUploadForm(asPosted(await multipart(form)), { ...limits, maxFileSize: 2 * 1024 * 1024 })
		expect(inEnglish(result)).toMatchObject({ ok: false, message: 'File big.jpg is too large. Maximum size is 2MB.' })
	})

	test('refuses more files than allowed', async () => {
		const form = new FormData()
		form.append('name', 'x')
		for (let i = 0; i < 4; i++) form.append('images', file(`${i}.jpg`, 10))
		const result = await parseUploadForm(asPosted(await multipart(form)), limits)
		expect(inEnglish(result)).toMatchObject({ ok: false, message: 'Maximum 3 images allowed' })
		if (!result.ok) expect(result.formData.get('name')).toBe('x')
	})

	test('the total size is capped too', async () => {
		const form = new FormData()
		form.append('images', file('one.jpg', 800))
		form.append('images', file('two.jpg', 800))
		const result = await parseUploadForm(asPosted(await multipart(form)), { ...limits, maxTotalSize: 1200 })
		expect(inEnglish(result)).toMatchObject({ ok: false, message: 'File two.jpg is too large. Maximum size is 0MB.' })
	})

	test('plain url-encoded forms parse as usual', async () => {
		const request = new Request('http://shop.test/x', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'name=A%20B&tags=x',
		})
		const result = await parseUploadForm(asPosted(request), limits)
		expect(result.ok && result.formData.get('name')).toBe('A B')
	})
})

describe('naming the file that broke a limit', () => {
	test('decodes quoted and UTF-8 file names', async () => {
		const body =
			'--XyZ\r\nContent-Disposition: form-data; name="images"; filename="s\u00e4ree %22red%22.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'
		const request = new Request('http://shop.test/admin/add-product', {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
			body: `${body}${'x'.repeat(2000)}\r\n--XyZ--\r\n`,
		})
		const result = await parseUploadForm(asPosted(request), limits)
		expect(inEnglish(result)).toMatchObject({ ok: false, message: 'File säree "red".jpg is too large. Maximum size is 0MB.' })
	})

	for (const chunkSize of [1, 7, 64 * 1024]) {
		test(`after several small parts in one chunk, and with the delimiter split across chunks (chunks of ${chunkSize})`, async () => {
			const form = new FormData()
			const fields = ['name', 'code', 'description', 'stock', 'tags']
			for (const [i, name] of fields.entries()) form.append(name, `value ${i}`)
			form.append('images', file('a.jpg', 10))
			form.append('images', file('b.jpg', 20))
			form.append('images', file('third one.jpg', 1001))
			form.append('images', file('d.jpg', 5))
			const result = await parseUploadForm(asPosted(await multipart(form, chunkSize)), { ...limits, maxFiles: 4 })
			expect(inEnglish(result)).toMatchObject({
				ok: false,
				field: 'images',
				message: 'File third one.jpg is too large. Maximum size is 0MB.',
			})
			if (!result.ok) expect([...result.formData.keys()]).toEqual(fields)
		})
	}

	test('a text field over the limit is no file: the message names none', async () => {
		const form = new FormData()
		form.append('name', 'x'.repeat(5000))
		const result = await parseUploadForm(asPosted(await multipart(form)), { ...limits, maxTotalSize: 1200 })
		expect(inEnglish(result)).toMatchObject({ ok: false, field: 'images', message: 'File upload is too large. Maximum size is 0MB.' })
	})
})

describe('storeUploadedImages', () => {
	const listStored = () => fs.readdirSync(path.join(uploads, 'images'), { withFileTypes: true }).map((d) => d.name)

	test('a text file named .jpg is refused and nothing is stored', async () => {
		const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#a00' } })
			.jpeg()
			.toBuffer()
		fs.mkdirSync(path.join(uploads, 'images'), { recursive: true })
		const before = listStored()
		const result = await storeUploadedImages([
			{ field: 'images', name: 'real.jpg', bytes: new Uint8Array(jpeg) },
			{ field: 'images', name: 'notes.jpg', bytes: new TextEncoder().encode('just some text, not a picture at all') },
		])
		expect(inEnglish(result)).toEqual({ ok: false, message: 'File notes.jpg is not a supported image format.' })
		expect(listStored()).toEqual(before)
	})

	test("an iPhone's HEIC photo is refused with how to send it instead, and nothing is stored", async () => {
		// HEVC-coded, made by libheif's heif-enc: sharp here reads its header but cannot decode it.
		const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/photo.heic'))
		await expect(sharp(heic).raw().toBuffer()).rejects.toThrow(/HEVC|decod|compression/i)
		fs.mkdirSync(path.join(uploads, 'images'), { recursive: true })
		const before = listStored()
		const result = await storeUploadedImages([{ field: 'images', name: 'IMG_0042.HEIC', bytes: new Uint8Array(heic) }])
		expect(inEnglish(result)).toEqual({
			ok: false,
			message:
				'File IMG_0042.HEIC is a HEIC photo, which the shop cannot read. Please send it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).',
		})
		expect(listStored()).toEqual(before)
	})

	test('a photo of more than 60 megapixels is refused by its size, before anything is decoded or stored', async () => {
		fs.mkdirSync(path.join(uploads, 'images'), { recursive: true })
		const before = listStored()
		const result = await storeUploadedImages([{ field: 'images', name: 'bomb.png', bytes: pngOfSize(60_000, 60_000) }])
		expect(inEnglish(result)).toEqual({
			ok: false,
			message: 'File bomb.png is 60000 × 60000 pixels. Photos may have at most 60 megapixels: please send a smaller copy.',
		})
		expect((await storeUploadedImages([{ field: 'images', name: 'big.png', bytes: pngOfSize(8000, 8000) }])).ok).toBe(false)
		expect(listStored()).toEqual(before)
	})

	test('an image that passes the magic bytes but cannot be decoded rolls back the ones stored', async () => {
		const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } })
			.png()
			.toBuffer()
		const broken = new Uint8Array(200)
		broken.set([0xff, 0xd8, 0xff, 0xe0])
		const before = listStored()
		const result = await storeUploadedImages([
			{ field: 'images', name: 'ok.png', bytes: new Uint8Array(png) },
			{ field: 'images', name: 'broken.jpg', bytes: broken },
		])
		expect(inEnglish(result)).toEqual({ ok: false, message: 'File broken.jpg is not a supported image format.' })
		expect(listStored()).toEqual(before)
	})

	test('a phone photo is turned upright and its EXIF (camera, location) is stripped', async () => {
		// 400×200 pixels stored sideways: orientation 6 means "rotate 90° clockwise to view".
		const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c83' } })
			.jpeg()
			.withMetadata({ orientation: 6 })
			.withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '17/1 23/1 0/1' } })
			.toBuffer()
		const original = await sharp(photo).metadata()
		expect(original.orientation).toBe(6)
		expect(original.exif?.toString('latin1')).toContain('PhoneCo')

		const result = await storeUploadedImages([{ field: 'images', name: 'IMG_0001.jpg', bytes: new Uint8Array(photo) }])
		expect(result.ok).toBe(true)
		if (!result.ok) return
		const [image] = result.images
		expect(image).toMatchObject({ width: 200, height: 400 })
		for (const derivative of fs.readdirSync(path.join(uploads, image!.key))) {
			const bytes = fs.readFileSync(path.join(uploads, image!.key, derivative))
			const meta = await sharp(bytes).metadata()
			expect(meta.height! > meta.width!).toBe(true)
			expect(meta.exif).toBeUndefined()
			expect(meta.orientation).toBeUndefined()
			expect(bytes.toString('latin1')).not.toContain('PhoneCo')
			expect(bytes.toString('latin1')).not.toContain('GPS')
		}
	})
})
