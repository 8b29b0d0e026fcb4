import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { signInAs } from '../helpers/auth'
import { seedProduct, setHero } from '../helpers/seed'
import { ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { clearThrottle, securityLog } from './auth-helpers'
import { adminClient, type Client } from './reliability-support'

// Settings → Backup → "Download backup": a fresh consistent backup of the running shop, streamed as a
// .tar.gz, for the admin only, after the admin's password is typed again (a POST), one at a time; its
// staging folder goes away when the download ends or is abandoned. The shop gets its own TMPDIR so the
// test can see that folder come and go.

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

/** Asks for a backup as the Settings form does. */
function postBackup(admin: Client, password: string, init: RequestInit = {}) {
	return fetch(`${shop().url}/admin/backup`, {
		method: 'POST',
		headers: admin.headers({ 'Content-Type': 'application/x-www-form-urlencoded' }),
		body: new URLSearchParams({ password }).toString(),
		redirect: 'manual',
		...init,
	})
}

test.beforeEach(async () => {
	await clearThrottle(shop())
})

/** Backup staging folders in the shop's TMPDIR (tsx keeps its cache there too). */
const staged = () => fs.readdirSync(tmp).filter((entry) => entry.startsWith('shop-download-'))

async function waitForEmptyTmp() {
	await expect.poll(staged, { timeout: 15_000 }).toEqual([])
}

test('the admin downloads a consistent backup as a .tar.gz that holds the whole shop', async () => {
	test.setTimeout(90_000)
	const admin = await adminClient(shop())
	const logged = shop().logs.length
	const res = await postBackup(admin, ADMIN_PASSWORD)
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
			// No session or reset secret travels in a backup; the admin's password hash does (a restored shop can be signed into).
			for (const table of ['sessions', 'password_reset_tokens', 'auth_failures']) {
				expect(copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0)
			}
			expect(copy.prepare('SELECT password_hash FROM admin').pluck().get()).toMatch(/^\$/)
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
	expect(securityLog(shop(), logged).map((l) => [l.event, l.outcome])).toContainEqual(['backup-download', 'success'])
})

test('a wrong or missing password gets no backup, only the message, and nothing is staged', async () => {
	const admin = await adminClient(shop())
	const logged = shop().logs.length
	for (const [password, message] of [
		['not-my-password', 'The password is incorrect.'],
		['', 'Please enter your password.'],
	] as const) {
		const res = await postBackup(admin, password)
		expect(res.status).toBe(400)
		expect(res.headers.get('content-type')).toContain('text/html')
		expect(res.headers.get('content-disposition')).toBeNull()
		expect(await res.text()).toContain(message)
	}
	expect(staged()).toEqual([])
	expect(securityLog(shop(), logged).map((l) => [l.event, l.outcome])).toContainEqual(['backup-download', 'failure'])
	// A GET only shows the form: a link or an image elsewhere cannot start a backup.
	const get = await fetch(`${shop().url}/admin/backup`, { headers: admin.headers() })
	expect(get.status).toBe(200)
	expect(get.headers.get('content-type')).toContain('text/html')
	expect(staged()).toEqual([])
})

test('guessing the password here is throttled like a sign-in', async () => {
	const admin = await adminClient(shop())
	for (let i = 0; i < 5; i++) expect((await postBackup(admin, `guess-${i}`)).status).toBe(400)
	const blocked = await postBackup(admin, ADMIN_PASSWORD)
	expect(blocked.status).toBe(429)
	expect(await blocked.text()).toContain('Too many attempts. Try again in 15 minutes.')
	expect(staged()).toEqual([])
})

test('one backup at a time: a second one while the first streams gets a clear answer', async () => {
	test.setTimeout(60_000)
	const admin = await adminClient(shop())
	const controller = new AbortController()
	const first = await postBackup(admin, ADMIN_PASSWORD, { signal: controller.signal })
	expect(first.status).toBe(200)
	const reader = first.body!.getReader()
	await reader.read()
	const second = await postBackup(admin, ADMIN_PASSWORD)
	expect(second.status).toBe(409)
	expect(await second.text()).toContain('A backup is already being made. Try again when it has finished downloading.')
	expect(staged()).toHaveLength(1)
	controller.abort()
	await reader.cancel().catch(() => undefined)
	await waitForEmptyTmp()
	// Once the first is over, the next one runs.
	const third = await postBackup(admin, ADMIN_PASSWORD)
	expect(third.status).toBe(200)
	await third.body!.cancel()
	await waitForEmptyTmp()
})

test('a download the browser abandons stops, and its staging folder is removed', async () => {
	test.setTimeout(60_000)
	const admin = await adminClient(shop())
	const controller = new AbortController()
	const res = await postBackup(admin, ADMIN_PASSWORD, { signal: controller.signal })
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
	const res = await fetch(`${shop().url}/admin/backup`, {
		method: 'POST',
		headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ password: ADMIN_PASSWORD }).toString(),
		redirect: 'manual',
	})
	expect([302, 303]).toContain(res.status)
	expect(res.headers.get('location')).toMatch(/^\/auth/)
	expect(res.headers.get('content-type') ?? '').not.toContain('gzip')
	expect(res.headers.get('content-disposition')).toBeNull()
	const body = Buffer.from(await res.arrayBuffer())
	expect(body.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false)
	expect(staged()).toEqual([])
})

for (const javaScriptEnabled of [true, false]) {
	test(`Settings offers "Download backup" behind the password (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
		browser,
	}) => {
		test.setTimeout(60_000)
		const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true })
		try {
			await signInAs(context, shop())
			const page = await context.newPage()
			await page.goto(`${shop().url}/admin/settings`)
			const section = page.getByRole('region', { name: 'Backup' })
			await expect(section).toBeVisible()
			await section.getByLabel('Your password').fill('not-my-password')
			await section.getByRole('button', { name: 'Download backup' }).click()
			// The answer is the backup page with the message under the field, which is empty again.
			const form = page.locator('form[action="/admin/backup"]')
			await expect(form.getByText('The password is incorrect.')).toBeVisible()
			await expect(form.getByLabel('Your password')).toHaveValue('')
			await expect(form.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true')

			await form.getByLabel('Your password').fill(ADMIN_PASSWORD)
			const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download backup' }).click()])
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
