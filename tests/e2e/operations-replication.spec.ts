import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { restoreFromReplica } from '../../server/replication'
import { signInAs } from '../helpers/auth'
import { duplicateProduct, publishProduct } from '../helpers/publish-product'
import { createS3Bucket } from '../helpers/s3-bucket'
import { createSftpReplica, descendants, type SftpReplica } from '../helpers/sftp-replica'
import { type Shop, startShop } from '../helpers/shop'
import { makeImageFiles } from './admin-catalogue-fixtures'

// Litestream beside the shop, replicating to a real SFTP server on loopback (the sftp replica type;
// s3:// takes the same code path in production, see the README).

const ROOT = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

let replica: SftpReplica
test.beforeEach(async () => {
	replica = await createSftpReplica()
	await replica.start()
})
const cleanUps: Array<() => Promise<void>> = []
test.afterEach(async () => {
	await replica.remove()
	for (const cleanUp of cleanUps.splice(0)) await cleanUp()
})

async function healthz(shop: Shop) {
	const res = await fetch(`${shop.url}/healthz`)
	return { status: res.status, text: await res.text() }
}

/** Litestream processes themselves (its guard is a shell whose arguments name it too). */
function litestreamPids(shop: Shop) {
	return descendants(shop.process.pid!).filter(isLitestream)
}

function isLitestream(pid: number) {
	try {
		return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'litestream'
	} catch {
		return false
	}
}

/** Whether a process is still running (an exited one waiting to be reaped counts as gone). */
function running(pid: number) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
		return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
	} catch {
		return false
	}
}

/**
 * Files under `dir` holding `text` (small files only: configuration, not databases or media). Other
 * tests' shops run beside this one, so a folder or file may go while it is read: that one holds nothing.
 */
function filesHolding(dir: string, text: string): string[] {
	const found: string[] = []
	for (const entry of ifStillThere(() => fs.readdirSync(dir, { withFileTypes: true })) ?? []) {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) found.push(...filesHolding(full, text))
		else if (entry.isFile() && ifStillThere(() => fs.statSync(full).size < 1_000_000 && fs.readFileSync(full).includes(text)))
			found.push(full)
	}
	return found
}

function ifStillThere<T>(read: () => T): T | undefined {
	try {
		return read()
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
		throw error
	}
}

function generations() {
	const dir = path.join(replica.dir, 'generations')
	return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

/** A write of the test's own (a product row), for Litestream to carry. */
async function write(shop: Shop, code: string) {
	const now = new Date().toISOString()
	await shop
		.db()
		.insertInto('products')
		.values({
			name: code,
			code,
			original_price_paise: 100,
			sale_price_paise: 100,
			status: 'draft',
			category: 'Pochampally Ikkat',
			created_at: now,
			updated_at: now,
		})
		.execute()
}

test('Litestream runs beside the shop, reports an unreachable replica, catches up, and stops with it', async () => {
	test.setTimeout(120_000)
	const shop = await startShop({ env: replica.env })
	try {
		await expect.poll(generations, { timeout: 15_000 }).toHaveLength(1)
		expect(litestreamPids(shop)).toHaveLength(1)
		await expect.poll(async () => (await healthz(shop)).text, { timeout: 10_000 }).toMatch(/^ok\nreplication: ok/)
		expect(shop.logs.join('')).toContain(`Replicating ${shop.dbPath} to sftp://`)

		// The replica's machine goes away: the shop keeps serving and writing, and says so.
		await replica.stop()
		await write(shop, 'AWAY-1')
		// Litestream waits on the dead connection; the stall limit (15 s) restarts it, and it reports the refusal.
		await expect
			.poll(async () => (await healthz(shop)).text, { timeout: 40_000 })
			.toMatch(/^ok\nreplication: failing since \S+ \(the cause is in the server log\)/)
		expect((await healthz(shop)).status).toBe(200)
		await expect.poll(() => shop.logs.join(''), { timeout: 10_000 }).toMatch(/Replication failing: .*connection refused/)
		expect((await fetch(`${shop.url}/`)).status).toBe(200)

		// It comes back: Litestream catches up on its own.
		await replica.start()
		await write(shop, 'BACK-1')
		await expect.poll(async () => (await healthz(shop)).text, { timeout: 30_000 }).toMatch(/^ok\nreplication: ok/)
		expect(shop.logs.join('')).toContain('Replication recovered: the replica has caught up')
	} finally {
		const pids = litestreamPids(shop)
		expect(await shop.stop()).toBe(0)
		for (const pid of pids) expect(fs.existsSync(`/proc/${pid}`)).toBe(false)
		fs.rmSync(shop.dir, { recursive: true, force: true })
	}
})

test('Litestream lives and dies with its shop: gone within 2 s of a SIGKILL, its configuration in no file, stale configuration cleared at start', async () => {
	test.setTimeout(120_000)
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
	const dbPath = path.join(dir, 'shop.db')
	// An sftp address with a password (the test's SSH server takes the key and never asks for it).
	const secret = `pw-${crypto.randomBytes(8).toString('hex')}`
	const env = { ...replica.env, REPLICA_URL: replica.env.REPLICA_URL!.replace(/^sftp:\/\/([^@]+)@/, `sftp://$1:${secret}@`) }
	// What earlier versions left in the temporary folder when a shop crashed: its configuration, with the
	// password, and another shop's, which is not this shop's to remove.
	const stale = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-litestream-'))
	fs.writeFileSync(path.join(stale, 'litestream.yml'), JSON.stringify({ dbs: [{ path: dbPath, replicas: [{ url: env.REPLICA_URL }] }] }))
	const another = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-litestream-'))
	fs.writeFileSync(path.join(another, 'litestream.yml'), JSON.stringify({ dbs: [{ path: path.join(another, 'other.db'), replicas: [] }] }))
	cleanUps.push(async () => {
		for (const folder of [stale, another, dir]) fs.rmSync(folder, { recursive: true, force: true })
	})

	const shop = await startShop({ dir, env })
	cleanUps.unshift(async () => void (await shop.stop()))
	await expect.poll(generations, { timeout: 15_000 }).toHaveLength(1)
	expect(litestreamPids(shop)).toHaveLength(1)
	expect(fs.existsSync(stale)).toBe(false)
	expect(fs.existsSync(another)).toBe(true)
	const ours = fs
		.readdirSync(os.tmpdir())
		.filter((name) => name.startsWith('shop-'))
		.map((name) => path.join(os.tmpdir(), name))
		.filter((folder) => ifStillThere(() => fs.statSync(folder).isDirectory()))
	expect(ours.flatMap((folder) => filesHolding(folder, secret))).toEqual([])
	expect(shop.logs.join('')).not.toContain(secret)

	// The shop is killed outright: Litestream (and the guard it runs under) end with it.
	const pids = descendants(shop.process.pid!)
	await shop.stop('SIGKILL')
	const killedAt = Date.now()
	await expect.poll(() => pids.filter(running), { timeout: 15_000, intervals: [50] }).toEqual([])
	const goneMs = Date.now() - killedAt
	test.info().annotations.push({ type: 'Litestream after SIGKILL', description: `gone ${goneMs} ms after its shop` })
	expect(goneMs).toBeLessThan(2_000)

	// Started again, the shop runs one Litestream, which replicates and stops with it.
	const again = await startShop({ dir, env })
	cleanUps.unshift(async () => void (await again.stop()))
	await expect.poll(async () => (await healthz(again)).text, { timeout: 15_000 }).toMatch(/^ok\nreplication: ok/)
	const restarted = litestreamPids(again)
	expect(restarted).toHaveLength(1)
	expect(await again.stop()).toBe(0)
	expect(restarted.filter(running)).toEqual([])
})

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** What the seller would miss: products, their photos' rows, orders and their items. */
function snapshot(dbPath: string) {
	const db = new Database(dbPath, { readonly: true })
	try {
		const all = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all()
		return { products: all('products'), product_images: all('product_images'), orders: all('orders'), order_items: all('order_items') }
	} finally {
		db.close()
	}
}

async function restoreCli(env: Record<string, string>, args: string[] = []) {
	try {
		const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], {
			cwd: ROOT,
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
		})
		return { code: 0, output: stdout + stderr }
	} catch (error) {
		const e = error as { code: number; stdout: string; stderr: string }
		return { code: e.code, output: e.stdout + e.stderr }
	}
}

/** Every media file under an uploads folder (its key → its bytes' SHA-256), leaving out our own dot-files. */
function mediaFiles(uploadsDir: string) {
	const found: Record<string, string> = {}
	for (const kind of ['images', 'videos']) {
		const kindDir = path.join(uploadsDir, kind)
		for (const id of fs.existsSync(kindDir) ? fs.readdirSync(kindDir) : []) {
			for (const name of fs.readdirSync(path.join(kindDir, id)).filter((n) => !n.startsWith('.'))) {
				found[`${kind}/${id}/${name}`] = crypto
					.createHash('sha256')
					.update(fs.readFileSync(path.join(kindDir, id, name)))
					.digest('hex')
			}
		}
	}
	return found
}

test('the machine is lost: npm run restore, and a start on an empty volume, bring back every acknowledged write and photo', async ({
	browser,
}) => {
	test.setTimeout(360_000)
	const files = await makeImageFiles()
	// Photos go to an S3-compatible bucket beside the database's replica.
	const bucket = await createS3Bucket()
	cleanUps.push(() => bucket.remove())
	await bucket.start()
	const env = { ...replica.env, ...bucket.env }
	const shop = await startShop({ env })
	cleanUps.unshift(async () => void (await shop.stop('SIGKILL')))
	const context = await browser.newContext()
	const page = await context.newPage()
	await signInAs(context, shop)

	await publishProduct(page, shop, { name: 'Replicated Ikkat', code: 'RP-1', photos: [files.wide, files.square] })
	// A second saree duplicated from it, with copies of both photos.
	const source = await shop.db().selectFrom('products').select('id').where('code', '=', 'RP-1').executeTakeFirstOrThrow()
	await duplicateProduct(page, shop, { id: source.id, code: 'RP-2', photos: 2 })

	await page.goto(`${shop.url}/admin/orders/new`)
	await page.getByLabel('Customer Name').fill('Meena Rao')
	await page.getByLabel('Phone', { exact: true }).fill('98480 12345')
	await page.getByLabel('Delivery Address').fill('4 Lake Road, Warangal 506001')
	await page.getByLabel('Product Code (item 1)').fill('RP-1')
	await page.getByLabel('Quantity (item 1)').fill('1')
	await page.getByRole('button', { name: 'Create Order' }).click()
	await expect(flash(page, 'Order Created')).toBeVisible()
	const acknowledgedAt = Date.now()
	await context.close()
	const before = snapshot(shop.dbPath)
	expect(before.orders).toHaveLength(1)
	expect(before.product_images).toHaveLength(4)
	await expect.poll(async () => (await healthz(shop)).text, { timeout: 20_000 }).toContain('media bucket: ok')
	const photos = mediaFiles(shop.uploadsDir)
	expect(Object.keys(photos).length).toBeGreaterThanOrEqual(4 * 6)

	// The loss window: how long after the seller saw "Order Created" the order is in the replica.
	const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-probe-'))
	const probeEnv = {
		DATABASE_PATH: shop.dbPath,
		REPLICA_URL: replica.env.REPLICA_URL!,
		REPLICA_SSH_KEY_PATH: replica.env.REPLICA_SSH_KEY_PATH!,
		REPLICA_SYNC_INTERVAL_SECONDS: 1,
	}
	let windowMs = 0
	for (let attempt = 0; ; attempt++) {
		const out = path.join(probe, `probe-${attempt}.db`)
		if ((await restoreFromReplica(probeEnv, out, { log: () => {}, error: () => {} })) && snapshot(out).orders.length === 1) {
			windowMs = Date.now() - acknowledgedAt
			break
		}
		expect(Date.now() - acknowledgedAt).toBeLessThan(30_000)
	}
	fs.rmSync(probe, { recursive: true, force: true })
	test.info().annotations.push({ type: 'loss window', description: `order in the replica ${windowMs} ms after it was acknowledged` })
	console.log(`Loss window: the order was in the replica ${windowMs} ms after it was acknowledged`)

	// The machine is lost: no graceful stop (its Litestream ends with it), and its disk is gone.
	await shop.stop('SIGKILL')
	fs.rmSync(shop.dir, { recursive: true, force: true })

	// A new machine: npm run restore.
	const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restored-'))
	const freshEnv = { ...replica.env, DATABASE_PATH: path.join(fresh, 'shop.db'), UPLOADS_DIR: path.join(fresh, 'uploads') }
	// Without the media bucket's settings the photos are not to be had: the restore names each one.
	const restored = await restoreCli(freshEnv)
	expect(restored.output).toContain(`Database restored to ${freshEnv.DATABASE_PATH}`)
	expect(snapshot(freshEnv.DATABASE_PATH)).toEqual(before)
	expect(restored.code).toBe(1)
	expect(restored.output).toContain('4 of 4 media files the database names are not reachable')
	for (const image of before.product_images as Array<{ image_key: string }>) expect(restored.output).toContain(image.image_key)

	// A second restore refuses to overwrite the database without --force.
	const again = await restoreCli(freshEnv)
	expect(again.code).toBe(1)
	expect(again.output).toContain('already exists. Stop the shop, then run npm run restore -- --force')
	// With them, every photo comes back from the bucket, byte for byte, and the database it replaced is
	// kept beside it.
	const forced = await restoreCli({ ...bucket.env, ...freshEnv }, ['--force'])
	expect(forced.output).toContain(`Database restored to ${freshEnv.DATABASE_PATH}`)
	expect(forced.output).toContain(`Brought 4 media folder(s) back from the bucket`)
	expect(forced.output).toContain('All 4 media files the database names are reachable')
	expect(forced.code).toBe(0)
	expect(snapshot(freshEnv.DATABASE_PATH)).toEqual(before)
	expect(mediaFiles(freshEnv.UPLOADS_DIR)).toEqual(photos)
	const replaced = () => fs.readdirSync(fresh).filter((name) => /^shop\.db\.replaced-\d{8}-\d{6}$/.test(name))
	expect(replaced()).toHaveLength(1)
	expect(forced.output).toContain(`The database it replaces is kept as ${path.join(fresh, replaced()[0]!)}`)
	expect(snapshot(path.join(fresh, replaced()[0]!))).toEqual(before)

	// The restored shop serves the order and the photos.
	const back = await startShop({ dir: fresh, env })
	try {
		const ctx = await browser.newContext()
		await signInAs(ctx, back)
		const orders = await ctx.newPage()
		await orders.goto(`${back.url}/admin/orders`)
		await expect(orders.getByRole('heading', { name: 'Meena Rao' })).toBeVisible()
		await ctx.close()
		for (const key of Object.keys(photos)) expect((await fetch(`${back.url}/media/${key}`)).status).toBe(200)
		await expect.poll(async () => (await healthz(back)).text, { timeout: 15_000 }).toMatch(/^ok\nreplication: ok.*\nmedia bucket: ok/)
		// While it runs, a forced restore refuses to touch its database.
		const busy = await restoreCli({ ...bucket.env, ...freshEnv }, ['--force'])
		expect(busy.code).toBe(1)
		expect(busy.output).toContain(`${freshEnv.DATABASE_PATH} is in use: stop the shop`)
		expect(replaced()).toHaveLength(1)
		expect(snapshot(freshEnv.DATABASE_PATH).orders).toEqual(before.orders)
	} finally {
		expect(await back.stop()).toBe(0)
		fs.rmSync(fresh, { recursive: true, force: true })
	}

	// The container on an empty volume: the start restores the database before serving, and the photos
	// come back from the bucket (each on its first request, all of them soon after the start).
	const volume = await startShop({ env })
	try {
		expect(volume.logs.join('')).toContain('restoring it from the replica')
		expect(volume.logs.join('')).toContain('Database restored from the replica')
		const after = snapshot(volume.dbPath)
		expect(after.orders).toEqual(before.orders)
		expect(after.products).toEqual(before.products)
		const [first] = Object.keys(photos)
		expect((await fetch(`${volume.url}/media/${first}`)).status).toBe(200)
		await expect.poll(() => mediaFiles(volume.uploadsDir), { timeout: 20_000 }).toEqual(photos)
	} finally {
		await volume.stop()
		fs.rmSync(volume.dir, { recursive: true, force: true })
	}

	// An empty volume started without the media bucket's settings says which photos it lacks, as loudly as
	// npm run restore does.
	const bare = await startShop({ env: replica.env })
	try {
		const keys = (before.product_images as Array<{ image_key: string }>).map((image) => image.image_key)
		await expect.poll(() => bare.logs.join(''), { timeout: 10_000 }).toContain('4 of 4 media files the database names are not reachable:')
		for (const key of keys) expect(bare.logs.join('')).toContain(`  ${key}\n`)
		expect((await healthz(bare)).text).toContain(
			'\nmedia: 4 media file(s) the database names are missing from UPLOADS_DIR (listed in the server log)\n',
		)
	} finally {
		await bare.stop()
		fs.rmSync(bare.dir, { recursive: true, force: true })
		fs.rmSync(files.dir, { recursive: true, force: true })
	}
})
