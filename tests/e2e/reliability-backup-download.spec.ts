import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { signInAs } from '../helpers/auth'
import { seedProduct, setHero } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { adminClient } from './reliability-support'

// Settings → Backup → "Download backup": a fresh consistent backup of the running shop, streamed as a
// .tar.gz, for the admin only; its staging folder goes away when the download ends or is abandoned.
// The shop gets its own TMPDIR so the test can see that folder come and go.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-tmp-'))
const shop = useShop({ env: { TMPDIR: tmp } })

test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

let productImage: string
let bigMedia: string

test.beforeAll(async () => {
	const product = await seedProduct(shop(), { code: 'BACKUP-1', name: 'Backed-up Saree', images: 1 })
	productImage = product.images[0]!.key
	await setHero(shop(), { title: 'Title in the backup' })
	// A large incompressible photo (as a phone camera makes), so a download takes a while to stream.
	const id = crypto.randomBytes(16).toString('hex')
	bigMedia = `images/${id}`
	fs.mkdirSync(path.join(shop().uploadsDir, bigMedia), { recursive: true })
	fs.writeFileSync(path.join(shop().uploadsDir, bigMedia, '1600.jpg'), crypto.randomBytes(24 * 1024 * 1024))
	await seedProduct(shop(), { code: 'BACKUP-BIG', name: 'Large photo saree', images: 0 }).then(({ id: productId }) =>
		shop()
			.db()
			.insertInto('product_images')
			.values({ product_id: productId, position: 0, image_key: bigMedia, width: 1600, height: 2000, created_at: new Date().toISOString() })
			.execute(),
	)
})

/** Backup staging folders in the shop's TMPDIR (tsx keeps its cache there too). */
const staged = () => fs.readdirSync(tmp).filter((entry) => entry.startsWith('shop-download-'))

async function waitForEmptyTmp() {
	await expect.poll(staged, { timeout: 15_000 }).toEqual([])
}

test('the admin downloads a consistent backup as a .tar.gz that holds the whole shop', async () => {
	test.setTimeout(90_000)
	const admin = await adminClient(shop())
	const res = await fetch(`${shop().url}/admin/backup`, { headers: admin.headers() })
	expect(res.status).toBe(200)
	expect(res.headers.get('content-type')).toBe('application/gzip')
	expect(res.headers.get('cache-control')).toContain('no-store')
	const name = /attachment; filename="(shop-backup-\d{8}-\d{6})\.tar\.gz"/.exec(res.headers.get('content-disposition') ?? '')?.[1]
	expect(name).toBeTruthy()

	const out = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-download-test-'))
	try {
		const archive = path.join(out, 'backup.tar.gz')
		fs.writeFileSync(archive, Buffer.from(await res.arrayBuffer()))
		execFileSync('tar', ['-xzf', archive, '-C', out])
		const root = path.join(out, name!)
		const copy = new Database(path.join(root, 'shop.db'), { readonly: true })
		try {
			expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
			expect(copy.prepare('SELECT code FROM products ORDER BY code').pluck().all()).toEqual(['BACKUP-1', 'BACKUP-BIG'])
			expect(copy.prepare('SELECT title FROM hero_settings').pluck().get()).toBe('Title in the backup')
		} finally {
			copy.close()
		}
		// The media the database refers to, byte for byte.
		for (const key of [productImage, bigMedia]) {
			const files = fs.readdirSync(path.join(shop().uploadsDir, key))
			expect(files.length).toBeGreaterThan(0)
			for (const file of files) {
				const original = fs.readFileSync(path.join(shop().uploadsDir, key, file))
				expect(fs.readFileSync(path.join(root, 'uploads', key, file)).equals(original), `${key}/${file}`).toBe(true)
			}
		}
	} finally {
		fs.rmSync(out, { recursive: true, force: true })
	}
	await waitForEmptyTmp()
})

test('a download the browser abandons stops, and its staging folder is removed', async () => {
	test.setTimeout(60_000)
	const admin = await adminClient(shop())
	const controller = new AbortController()
	const res = await fetch(`${shop().url}/admin/backup`, { headers: admin.headers(), signal: controller.signal })
	expect(res.status).toBe(200)
	const reader = res.body!.getReader()
	await reader.read()
	// Still streaming (tar waits for us to read on): the staging folder is there until we give up.
	expect(staged()).toHaveLength(1)
	controller.abort()
	await reader.cancel().catch(() => undefined)
	await waitForEmptyTmp()
	// No tar is left running for it.
	await expect.poll(() => childCommands(shop().process.pid!), { timeout: 10_000 }).not.toContain('tar')
	// The shop carries on.
	expect((await fetch(`${shop().url}/healthz`)).status).toBe(200)
})

test('without a session the backup is not sent: the visitor is sent to sign in', async () => {
	const res = await fetch(`${shop().url}/admin/backup`, { redirect: 'manual' })
	expect([302, 303]).toContain(res.status)
	expect(res.headers.get('location')).toMatch(/^\/auth/)
	expect(res.headers.get('content-type') ?? '').not.toContain('gzip')
	expect(res.headers.get('content-disposition')).toBeNull()
	const body = Buffer.from(await res.arrayBuffer())
	expect(body.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false)
	expect(staged()).toEqual([])
})

for (const javaScriptEnabled of [true, false]) {
	test(`Settings offers "Download backup" (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
		test.setTimeout(60_000)
		const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true })
		try {
			await signInAs(context, shop())
			const page = await context.newPage()
			await page.goto(`${shop().url}/admin/settings`)
			const section = page.getByRole('region', { name: 'Backup' })
			await expect(section).toBeVisible()
			const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download backup' }).click()])
			expect(download.suggestedFilename()).toMatch(/^shop-backup-\d{8}-\d{6}\.tar\.gz$/)
			expect(await download.failure()).toBeNull()
			expect(fs.statSync((await download.path())!).size).toBeGreaterThan(1024 * 1024)
		} finally {
			await context.close()
		}
		await waitForEmptyTmp()
	})
}

/** The command names of a process's direct children (Linux /proc). */
function childCommands(pid: number) {
	const names: string[] = []
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
			const match = /^\d+ \((.*)\) \S (\d+)/.exec(stat)
			if (match && Number(match[2]) === pid) names.push(match[1]!)
		} catch {}
	}
	return names
}
