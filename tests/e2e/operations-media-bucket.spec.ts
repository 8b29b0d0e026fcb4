import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import { createS3FileStorage } from '@remix-run/file-storage-s3'

import { signInAs } from '../helpers/auth'
import { publishProduct } from '../helpers/publish-product'
import { createS3Bucket, type S3Bucket } from '../helpers/s3-bucket'
import { type Shop, startShop } from '../helpers/shop'
import { makeImageFiles } from './admin-catalogue-fixtures'

// Media copied to an S3-compatible bucket (s3rver on loopback; docs/decisions/0021-media-in-a-bucket.md).

let bucket: S3Bucket
test.beforeEach(async () => {
	bucket = await createS3Bucket()
	await bucket.start()
})
test.afterEach(async () => {
	await bucket.remove()
})

const storage = () =>
	createS3FileStorage({
		bucket: bucket.bucket,
		endpoint: bucket.endpoint,
		region: 'us-east-1',
		accessKeyId: 'S3RVER',
		secretAccessKey: 'S3RVER',
	})

/** The names of the objects under a media folder, sorted. */
async function inBucket(dir: string) {
	const { files } = await storage().list({ prefix: `${dir}/`, limit: 1000 })
	return files.map((f) => f.key.slice(dir.length + 1)).sort()
}

/** The files of a media folder on the shop's disk, sorted (our own dot-files left out). */
function onDisk(shop: Shop, dir: string) {
	const full = path.join(shop.uploadsDir, dir)
	return fs.existsSync(full)
		? fs
				.readdirSync(full)
				.filter((n) => !n.startsWith('.') && !n.startsWith('card-'))
				.sort()
		: []
}

const sha = (bytes: ArrayBuffer | Uint8Array) => crypto.createHash('sha256').update(new Uint8Array(bytes)).digest('hex')

async function healthz(shop: Shop) {
	return (await fetch(`${shop.url}/healthz`)).text()
}

async function productImageDirs(shop: Shop, code: string) {
	const rows = await shop
		.db()
		.selectFrom('product_images')
		.innerJoin('products', 'products.id', 'product_images.product_id')
		.where('products.code', '=', code)
		.select(['product_images.image_key', 'products.id'])
		.orderBy('product_images.position')
		.execute()
	return { productId: rows[0]!.id, dirs: rows.map((r) => r.image_key) }
}

test('photos are copied to the bucket, brought back from it when this disk lost them, and leave it with their saree', async ({
	browser,
}) => {
	test.setTimeout(150_000)
	const files = await makeImageFiles()
	const shop = await startShop({ env: bucket.env })
	try {
		expect(shop.logs.join('')).toContain(`Copying media to the bucket ${bucket.endpoint}/${bucket.bucket}`)
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		const context = await browser.newContext()
		const page = await context.newPage()
		await signInAs(context, shop)
		await publishProduct(page, shop, { name: 'Bucket Ikkat', code: 'BK-1', photos: [files.wide, files.square] })
		const acknowledgedAt = Date.now()
		const { productId, dirs } = await productImageDirs(shop, 'BK-1')
		expect(dirs).toHaveLength(2)

		// Every derivative of both photos is in the bucket, with the bytes the shop serves.
		await expect
			.poll(
				async () =>
					(await Promise.all(dirs.map(inBucket))).every((names, i) => names.length > 0 && names.length === onDisk(shop, dirs[i]!).length),
				{ timeout: 15_000, intervals: [50] },
			)
			.toBe(true)
		const windowMs = Date.now() - acknowledgedAt
		test
			.info()
			.annotations.push({ type: 'media loss window', description: `photos in the bucket ${windowMs} ms after the save was acknowledged` })
		console.log(`Media loss window: both photos were in the bucket ${windowMs} ms after the save was acknowledged`)
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		for (const dir of dirs) {
			expect(onDisk(shop, dir).length).toBeGreaterThan(4)
			expect(await inBucket(dir)).toEqual(onDisk(shop, dir))
		}
		const [first] = dirs
		const file = `${first}/360.jpg`
		const served = await fetch(`${shop.url}/media/${file}`)
		const object = await storage().get(file)
		expect(object?.type).toBe('image/jpeg')
		expect(sha(await served.arrayBuffer())).toBe(sha(await object!.arrayBuffer()))

		// This disk loses the folder (a new machine): the first request brings it back from the bucket,
		// and it is served exactly as before (type, caching, ranges).
		fs.rmSync(path.join(shop.uploadsDir, first!), { recursive: true, force: true })
		const back = await fetch(`${shop.url}/media/${file}`)
		expect(back.status).toBe(200)
		expect(back.headers.get('content-type')).toBe('image/jpeg')
		expect(back.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		expect(sha(await back.arrayBuffer())).toBe(sha(await object!.arrayBuffer()))
		expect(onDisk(shop, first!)).toEqual(await inBucket(first!))
		const range = await fetch(`${shop.url}/media/${file}`, { headers: { Range: 'bytes=0-9' } })
		expect(range.status).toBe(206)
		expect((await range.arrayBuffer()).byteLength).toBe(10)

		// A folder no row names is never looked for in the bucket (a stranger cannot make the shop ask it).
		const stranger = crypto.randomBytes(16).toString('hex')
		const before = (await fetch(`${bucket.endpoint}/`)).status
		expect(before).toBe(200)
		expect((await fetch(`${shop.url}/media/images/${stranger}/360.jpg`)).status).toBe(404)
		expect(fs.existsSync(path.join(shop.uploadsDir, 'images', stranger))).toBe(false)

		// The saree is deleted: its photos leave the disk and the bucket.
		await page.goto(`${shop.url}/admin/products/${productId}/delete`)
		await page.getByRole('button', { name: 'Delete' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Product deleted successfully!' })).toBeVisible()
		for (const dir of dirs) {
			await expect.poll(() => inBucket(dir), { timeout: 15_000 }).toEqual([])
			expect(onDisk(shop, dir)).toEqual([])
		}
		await context.close()
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})

test('an unreachable bucket is reported, never in the seller’s way, and caught up when it is back', async ({ browser }) => {
	test.setTimeout(150_000)
	const files = await makeImageFiles()
	const shop = await startShop({ env: bucket.env })
	try {
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		await bucket.stop()
		const context = await browser.newContext()
		const page = await context.newPage()
		await signInAs(context, shop)
		await publishProduct(page, shop, { name: 'Offline Ikkat', code: 'OF-1', photos: [files.tall] })
		const { productId, dirs } = await productImageDirs(shop, 'OF-1')
		await expect
			.poll(() => healthz(shop), { timeout: 15_000 })
			.toMatch(/^ok\nmedia bucket: failing since \S+, 1 media folder\(s\) waiting \(the cause is in the server log\)\n$/)
		expect(shop.logs.join('')).toContain('Media bucket failing:')
		// The shop serves the new saree and its photos from its own disk meanwhile.
		expect((await fetch(`${shop.url}/product/${productId}`)).status).toBe(200)
		expect((await fetch(`${shop.url}/media/${dirs[0]}/360.jpg`)).status).toBe(200)

		await bucket.start()
		await expect.poll(() => healthz(shop), { timeout: 45_000 }).toContain('media bucket: ok')
		expect(shop.logs.join('')).toContain('Media bucket recovered: every media file is in the bucket')
		expect(await inBucket(dirs[0]!)).toEqual(onDisk(shop, dirs[0]!))
		await context.close()
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})

test('with MEDIA_PUBLIC_URL, files already in the bucket are fetched from there; pages allow that address', async ({ browser }) => {
	const publicUrl = `${bucket.endpoint}/${bucket.bucket}`
	const files = await makeImageFiles()
	const shop = await startShop({ env: { ...bucket.env, MEDIA_PUBLIC_URL: `${publicUrl}/` } })
	try {
		const context = await browser.newContext()
		const page = await context.newPage()
		await signInAs(context, shop)
		await publishProduct(page, shop, { name: 'Public Ikkat', code: 'PB-1', photos: [files.wide] })
		const { productId, dirs } = await productImageDirs(shop, 'PB-1')
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		const file = `${dirs[0]}/360.webp`
		const res = await fetch(`${shop.url}/media/${file}`, { redirect: 'manual' })
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe(`${publicUrl}/${file}`)
		const direct = await fetch(res.headers.get('location')!)
		expect(direct.status).toBe(200)
		expect(direct.headers.get('content-type')).toBe('image/webp')

		// The product page's photos load through the redirect (its Content-Security-Policy names the bucket).
		const shopper = await browser.newPage()
		const response = await shopper.goto(`${shop.url}/product/${productId}`)
		expect(response!.headers()['content-security-policy']).toContain(`img-src 'self' data: blob: ${bucket.endpoint}`)
		const photo = shopper.locator('main img').first()
		await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
		await shopper.close()
		await context.close()
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})
