import fs from 'node:fs'

import { expect, test } from '@playwright/test'

import { adminSessionCookie } from '../helpers/auth'
import { rawRequest } from '../helpers/raw-http'
import { type Shop, startShop } from '../helpers/shop'

// `npm run dev` is the same Express app as `npm start`, with Vite as middleware: the same headers,
// checks, canonical addresses and page cache, and the page still hydrates under its CSP (hot reload
// included) with one module graph in the server process.

let dev: Shop

test.beforeAll(async () => {
	test.setTimeout(120_000)
	// Vite compiles on first use: slower to start than the build.
	dev = await startShop({ entry: 'server/dev.ts', env: { NODE_ENV: 'development' }, startTimeoutMs: 100_000 })
})

test.afterAll(async () => {
	if (!dev) return
	await dev.stop()
	fs.rmSync(dev.dir, { recursive: true, force: true })
})

test('pages carry the same security headers and per-request CSP nonce as in production', async () => {
	test.setTimeout(90_000)
	// A shareable page names its scripts' hashes instead (security-same-bytes.spec.ts).
	expect((await fetch(`${dev.url}/`)).headers.get('content-security-policy')).toMatch(/script-src ('sha256-[^']+' )+'strict-dynamic'/)
	const page = await fetch(`${dev.url}/shortlist`)
	expect(page.status).toBe(200)
	for (const [name, value] of [
		['x-content-type-options', 'nosniff'],
		['x-frame-options', 'DENY'],
		['referrer-policy', 'strict-origin-when-cross-origin'],
		['cross-origin-opener-policy', 'same-origin'],
	]) {
		expect(page.headers.get(name!), name).toBe(value)
	}
	const csp = page.headers.get('content-security-policy') ?? ''
	const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
	expect(nonce).toBeTruthy()
	expect(await page.text()).toContain(`nonce="${nonce}"`)
	// Only the shop's own origin may read anything (Vite's development CORS is off).
	expect(
		(await fetch(`${dev.url}/`, { headers: { Origin: 'http://localhost:5173' } })).headers.get('access-control-allow-origin'),
	).toBeNull()

	const cookie = `__session=${await adminSessionCookie(dev)}`
	const admin = await fetch(`${dev.url}/admin`, { headers: { Cookie: cookie } })
	expect(admin.status).toBe(200)
	expect(admin.headers.get('cache-control')).toContain('no-store')
})

test('the same checks: canonical addresses, methods, Host, cookie-authenticated writes', async () => {
	const moved = await fetch(`${dev.url}/Admin/Orders/`, { redirect: 'manual' })
	expect(moved.status).toBe(308)
	expect(moved.headers.get('location')).toBe('/admin/orders')
	expect((await rawRequest(dev.port, `TRACE / HTTP/1.1\r\nHost: 127.0.0.1:${dev.port}\r\nConnection: close\r\n\r\n`)).status).toBe(405)
	expect((await rawRequest(dev.port, 'GET / HTTP/1.0\r\n\r\n')).status).toBe(400)
	const forged = await fetch(`${dev.url}/admin/settings`, {
		method: 'POST',
		headers: { Cookie: 'a=b' },
		body: new URLSearchParams({ shopName: 'x' }),
	})
	expect(forged.status).toBe(403)
	await expect.poll(() => dev.logs.join('')).toMatch(/^127\.0\.0\.1 GET \/Admin\/Orders\/ 308 /m)
})

test('public pages are kept by the page cache until what they show changes', async () => {
	const title = async () => /<h1 id="hero-title"[^>]*>([^<]*)</.exec(await (await fetch(`${dev.url}/`)).text())?.[1]
	await dev.db().updateTable('hero_settings').set({ title: 'Dev Hero One' }).execute()
	expect(await title()).toBe('Dev Hero One')
	// Changed without counting as a change: the kept page is served.
	await dev
		.db()
		.transaction()
		.execute(async (trx) => {
			await trx.updateTable('hero_settings').set({ title: 'Dev Hero Hidden' }).execute()
			await trx
				.updateTable('content_version')
				.set((eb) => ({ version: eb('version', '-', 1) }))
				.execute()
		})
	expect(await title()).toBe('Dev Hero One')
	await dev.db().updateTable('hero_settings').set({ title: 'Dev Hero Two' }).execute()
	expect(await title()).toBe('Dev Hero Two')
})

test('a page hydrates in the browser under its CSP, with hot reloading connected', async ({ page }) => {
	test.setTimeout(120_000)
	const violations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
	})
	const hmr = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 90_000 })
	await page.goto(`${dev.url}/auth`)
	await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 90_000 })
	await hmr
	// A public page starts its scripts after the first paint (hydrate-later), in development too.
	await page.goto(`${dev.url}/about`)
	await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
	expect(violations).toEqual([])
})
