import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, type Page, test } from '@playwright/test'
import { createS3FileStorage } from '@remix-run/file-storage-s3'

import { signInAs } from '../helpers/auth'
import { duplicateProduct, publishProduct } from '../helpers/publish-product'
import { createS3Bucket, type S3Bucket } from '../helpers/s3-bucket'
import { type Shop, startShop } from '../helpers/shop'
import { makeImageFiles } from './admin-catalogue-fixtures'

// Media copied to an S3-compatible bucket (s3rver on loopback; docs/decisions/0021-media-in-a-bucket.md).

const ROOT = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

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
function onDisk(shop: Pick<Shop, 'uploadsDir'>, dir: string) {
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

/** Files under `dir` whose names start with a dot (the shop's own bookkeeping, such as the bucket's markers). */
function dotFiles(dir: string): string[] {
	return fs
		.readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((entry) => path.basename(entry).startsWith('.'))
		.sort()
}

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

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

/** Empties the trash through its confirmation page, as the seller does. */
async function emptyTrash(page: Page, shop: { url: string }) {
	await page.goto(`${shop.url}/admin/trash`)
	await page.getByRole('link', { name: 'Empty trash' }).click()
	await page.getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trash (0)')
}

test('photos are copied to the bucket, brought back from it when this disk lost them, and leave it when their saree goes for good', async ({
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

		// The saree is deleted: its photos stay in the trash's keeping (disk and bucket) for a restore...
		await page.goto(`${shop.url}/admin/products/${productId}/delete`)
		await page.getByRole('button', { name: 'Delete' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Product deleted successfully!' })).toBeVisible()
		for (const dir of dirs) {
			expect(await inBucket(dir)).not.toEqual([])
			expect(onDisk(shop, dir)).not.toEqual([])
		}
		// ...and leave the disk and the bucket once the trash is emptied.
		await emptyTrash(page, shop)
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

test('a duplicated saree’s photos reach the bucket and are served from MEDIA_PUBLIC_URL', async ({ browser }) => {
	test.setTimeout(150_000)
	const publicUrl = `${bucket.endpoint}/${bucket.bucket}`
	const files = await makeImageFiles()
	const shop = await startShop({ env: { ...bucket.env, MEDIA_PUBLIC_URL: publicUrl } })
	try {
		const context = await browser.newContext()
		const page = await context.newPage()
		await signInAs(context, shop)
		await publishProduct(page, shop, { name: 'Twin Ikkat', code: 'DU-1', photos: [files.wide, files.square] })
		const source = await productImageDirs(shop, 'DU-1')
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		for (const dir of source.dirs) expect(await inBucket(dir)).toEqual(onDisk(shop, dir))

		await duplicateProduct(page, shop, { id: source.productId, code: 'DU-2', photos: 2 })
		const copy = await productImageDirs(shop, 'DU-2')
		expect(copy.dirs).toHaveLength(2)
		for (const dir of copy.dirs) {
			expect(source.dirs).not.toContain(dir)
			await expect.poll(() => inBucket(dir), { timeout: 15_000 }).toEqual(onDisk(shop, dir))
			expect(onDisk(shop, dir).length).toBeGreaterThan(4)
		}
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')

		// Visitors are sent to the bucket for the copy's photos, and find them there.
		for (const dir of copy.dirs) {
			const file = `${dir}/360.webp`
			const res = await fetch(`${shop.url}/media/${file}`, { redirect: 'manual' })
			expect(res.status).toBe(302)
			expect(res.headers.get('location')).toBe(`${publicUrl}/${file}`)
			const direct = await fetch(res.headers.get('location')!)
			expect(direct.status).toBe(200)
			expect(sha(await direct.arrayBuffer())).toBe(sha(fs.readFileSync(path.join(shop.uploadsDir, file))))
		}
		await context.close()
	} finally {
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})

test('photos restored from a backup after their saree was deleted go back to the bucket: the start compares folders with the bucket, not with markers', async ({
	browser,
}) => {
	test.setTimeout(180_000)
	const files = await makeImageFiles()
	const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'))
	const shop = await startShop({ env: bucket.env })
	let restored: Shop | undefined
	try {
		const context = await browser.newContext()
		const page = await context.newPage()
		await signInAs(context, shop)
		await publishProduct(page, shop, { name: 'Backed-up Ikkat', code: 'BB-1', photos: [files.wide] })
		const { productId, dirs } = await productImageDirs(shop, 'BB-1')
		const [dir] = dirs
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		expect(await inBucket(dir!)).toEqual(onDisk(shop, dir!))

		// What an operator keeps: `npm run backup` (which leaves the shop's bookkeeping out) and a plain copy of
		// UPLOADS_DIR, as rsync makes, which carries each folder's record of what the bucket held then.
		await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', backups], {
			cwd: ROOT,
			env: { ...process.env, DATABASE_PATH: shop.dbPath, UPLOADS_DIR: shop.uploadsDir, NODE_ENV: 'development' },
		})
		const [name] = fs.readdirSync(backups)
		const backup = path.join(backups, name!)
		expect(onDisk({ uploadsDir: path.join(backup, 'uploads') }, dir!)).toEqual(onDisk(shop, dir!))
		expect(dotFiles(path.join(backup, 'uploads'))).toEqual([])
		const plainCopy = path.join(backups, 'uploads-copy')
		fs.cpSync(shop.uploadsDir, plainCopy, { recursive: true })
		expect(dotFiles(plainCopy)).not.toEqual([])

		// The saree is deleted and the trash emptied: its photo leaves the bucket.
		await page.goto(`${shop.url}/admin/products/${productId}/delete`)
		await page.getByRole('button', { name: 'Delete' }).click()
		await expect(flash(page, 'Product deleted successfully!')).toBeVisible()
		await emptyTrash(page, shop)
		await expect.poll(() => inBucket(dir!), { timeout: 15_000 }).toEqual([])
		await context.close()
		expect(await shop.stop()).toBe(0)

		// Restored as the README says: the backup's database, and the uploads from the plain copy.
		for (const suffix of ['', '-wal', '-shm']) fs.rmSync(shop.dbPath + suffix, { force: true })
		fs.copyFileSync(path.join(backup, 'shop.db'), shop.dbPath)
		fs.rmSync(shop.uploadsDir, { recursive: true, force: true })
		fs.cpSync(plainCopy, shop.uploadsDir, { recursive: true })
		restored = await startShop({ dir: shop.dir, env: bucket.env })
		await expect.poll(() => healthz(restored!), { timeout: 20_000 }).toBe('ok\nmedia bucket: ok (every media file is in the bucket)\n')
		expect(await inBucket(dir!)).toEqual(onDisk(restored, dir!))
		const object = await storage().get(`${dir}/360.jpg`)
		expect(sha(await object!.arrayBuffer())).toBe(sha(fs.readFileSync(path.join(restored.uploadsDir, dir!, '360.jpg'))))
	} finally {
		await restored?.stop()
		await shop.stop()
		fs.rmSync(shop.dir, { recursive: true, force: true })
		fs.rmSync(backups, { recursive: true, force: true })
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})

test('at start, bucket folders no row names go once an hour old, a shop on another database keeps them, and media lost everywhere is reported', async ({
	browser,
}) => {
	test.setTimeout(180_000)
	const files = await makeImageFiles()
	const shop = await startShop({ env: bucket.env })
	const shops: Shop[] = [shop]
	try {
		const context = await browser.newContext()
		const page = await context.newPage()
		await signInAs(context, shop)
		await publishProduct(page, shop, { name: 'Kept Ikkat', code: 'OR-1', photos: [files.wide, files.square] })
		await context.close()
		const { dirs } = await productImageDirs(shop, 'OR-1')
		await expect.poll(() => healthz(shop), { timeout: 15_000 }).toContain('media bucket: ok')
		expect(await shop.stop()).toBe(0)

		// Left by crashes between writing a folder and committing its row, two hours ago and just now; and
		// an object that is not the shop's.
		const bytes = fs.readFileSync(path.join(shop.uploadsDir, dirs[0]!, '360.jpg'))
		const old = `images/${crypto.randomBytes(16).toString('hex')}`
		const fresh = `images/${crypto.randomBytes(16).toString('hex')}`
		const twoHoursAgo = Date.now() - 2 * 3600_000
		await storage().set(`${old}/360.jpg`, new File([bytes], '360.jpg', { type: 'image/jpeg', lastModified: twoHoursAgo }))
		await storage().set(`${fresh}/360.jpg`, new File([bytes], '360.jpg', { type: 'image/jpeg' }))
		await storage().set('notes/keep.txt', new File(['not the shop’s'], 'keep.txt', { type: 'text/plain' }))

		// A shop started on another, empty database cannot tell orphans from a wrong DATABASE_PATH: it keeps them all.
		const other = await startShop({ env: bucket.env })
		shops.push(other)
		await expect.poll(() => healthz(other), { timeout: 20_000 }).toContain('media bucket: ok')
		expect(other.logs.join('')).toContain(
			`Kept 4 media folder(s) in the bucket ${bucket.endpoint}/${bucket.bucket} that no database row names`,
		)
		expect(await inBucket(old)).toEqual(['360.jpg'])
		expect(await other.stop()).toBe(0)

		// One of the saree's photos is lost, from this disk and from the bucket.
		const lost = dirs[1]!
		fs.rmSync(path.join(shop.uploadsDir, lost), { recursive: true, force: true })
		for (const name of await inBucket(lost)) await storage().remove(`${lost}/${name}`)

		const again = await startShop({ dir: shop.dir, env: bucket.env })
		shops.push(again)
		await expect
			.poll(() => healthz(again), { timeout: 20_000 })
			.toBe('ok\nmedia bucket: 1 media file(s) the database names are missing here and in the bucket (listed in the server log)\n')
		const logs = again.logs.join('')
		expect(logs).toContain(`1 of 2 media files the database names are not reachable:\n  ${lost}\n`)
		expect(logs).toContain(`Removed 1 media folder(s) that no database row names from the bucket`)
		expect(await inBucket(old)).toEqual([])
		expect(await inBucket(fresh)).toEqual(['360.jpg'])
		expect(await storage().has('notes/keep.txt')).toBe(true)
		expect(await inBucket(dirs[0]!)).toEqual(onDisk(again, dirs[0]!))
	} finally {
		for (const s of shops) {
			await s.stop()
			fs.rmSync(s.dir, { recursive: true, force: true })
		}
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})
