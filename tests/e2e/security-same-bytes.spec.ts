import crypto from 'node:crypto'
import http from 'node:http'
import zlib from 'node:zlib'

import { expect, type Page, test } from '@playwright/test'

import { adminSessionCookie } from '../helpers/auth'
import { waitForHydration } from '../helpers/hydration'
import { seedBlog, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { shareablePages } from './storefront-support'

// A shareable page is one document for every visitor, byte for byte, so the shop compresses it once
// and a shared cache may keep it: its CSP names the hashes of exactly the inline scripts it carries
// instead of a per-request nonce. Checked here through the real server and in Chromium: the same
// bytes whoever asks, every encoding decoding to the same page, the header matching the scripts, every
// script running (the page hydrates, no violation), and a script the page did not carry refused.

const shop = useShop()

const seeded = { productId: 0, blogSlug: '' }
const SHAREABLE = shareablePages(seeded)
const LANGUAGES = ['', '/te', '/hi']

type Answer = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }

/** The answer as it travels: raw bytes, not decoded. */
function raw(path: string, headers: Record<string, string> = {}) {
	return new Promise<Answer>((resolve, reject) => {
		http
			.get(`${shop().url}${path}`, { headers }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

function decode({ headers, bytes }: Answer) {
	const encoding = headers['content-encoding']
	if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8')
	if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8')
	expect(encoding).toBeUndefined()
	return bytes.toString('utf8')
}

/** The script sources of a CSP header: its `script-src` words. */
function scriptSources(csp: string | string[] | undefined) {
	return (/(?:^|;)\s*script-src ([^;]*)/.exec(String(csp))?.[1] ?? '').trim().split(/\s+/)
}

/**
 * The hashes of the scripts a browser would run from this document: every inline script but JSON
 * data blocks, and the inert boot module the start script runs (hydrate-later).
 */
function hashesOfInlineScripts(html: string) {
	const hashes = new Set<string>()
	for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
		const attributes = match[1]!
		expect(attributes, 'no external script in a public page').not.toContain('src=')
		if (attributes.includes('application/ld+json')) continue
		hashes.add(`'sha256-${crypto.createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`)
	}
	return [...hashes].sort()
}

/** Collects what the browser reports of CSP: violation events in the page and console complaints. */
async function watchViolations(page: Page) {
	const violations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
	})
	await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			;(window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`)
		})
	})
	return violations
}

test.beforeAll(async () => {
	seeded.productId = (await seedProduct(shop(), { name: 'Same Bytes Ikat Saree', images: 2 })).id
	seeded.blogSlug = (await seedBlog(shop(), { title: 'Same Bytes Post', cover: true })).slug
})

test('two visitors with different cookies and headers get the same bytes, headers and ETag', async () => {
	const admin = `__session=${await adminSessionCookie(shop())}`
	for (const { name, path } of SHAREABLE) {
		const visitors: Array<Record<string, string>> = [
			{ 'Accept-Encoding': 'br, gzip', 'User-Agent': 'Mozilla/5.0 (Linux; Android 13) Mobile', Cookie: 'shortlist=1.2.3' },
			{ 'Accept-Encoding': 'gzip, deflate, br, zstd', 'Accept-Language': 'te-IN', Cookie: admin, 'X-Forwarded-For': '203.0.113.9' },
		]
		const [first, second] = await Promise.all(visitors.map((headers) => raw(path(), headers)))
		expect(first!.status, name).toBe(200)
		expect(first!.headers['content-encoding'], name).toBe('br')
		expect(second!.bytes.equals(first!.bytes), name).toBe(true)
		for (const header of ['content-security-policy', 'etag', 'vary', 'content-length', 'content-type'])
			expect(second!.headers[header], `${name} ${header}`).toBe(first!.headers[header])
		expect(first!.headers.etag, name).toMatch(/^"[^"]+"$/)
		expect(first!.headers.vary, name).toMatch(/accept-encoding/i)
	}
})

test('brotli, gzip and plain copies decode to the same page; a matching If-None-Match gets 304 with the same caching headers', async () => {
	for (const { name, path } of SHAREABLE) {
		await raw(path())
		const br = await raw(path(), { 'Accept-Encoding': 'br' })
		const gzip = await raw(path(), { 'Accept-Encoding': 'br;q=0, gzip' })
		const plain = await raw(path(), { 'Accept-Encoding': 'identity' })
		expect(
			[br, gzip, plain].map((a) => a.headers['content-encoding'] ?? 'identity'),
			name,
		).toEqual(['br', 'gzip', 'identity'])
		const html = decode(plain)
		expect(html, name).toContain('</html>')
		expect(decode(br), name).toBe(html)
		expect(decode(gzip), name).toBe(html)
		expect(br.bytes.length, name).toBeLessThan(plain.bytes.length / 3)
		expect(new Set([br, gzip, plain].map((a) => a.headers.etag)).size, name).toBe(3)
		const again = await raw(path(), { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! })
		expect(again.status, name).toBe(304)
		expect(again.bytes.length, name).toBe(0)
		// A shared cache copies a 304's headers onto its kept copy: they must still let it keep the page.
		for (const header of ['cache-control', 'surrogate-key', 'cache-tag'])
			expect(again.headers[header], `${name}: ${header} of the 304`).toBe(br.headers[header])
	}
})

test('the CSP of a shareable page names exactly the hashes of the scripts it carries, and no nonce', async () => {
	for (const prefix of LANGUAGES) {
		for (const { name, path } of SHAREABLE) {
			const address = path() === '/' ? prefix || '/' : `${prefix}${path()}`
			const answer = await raw(address, { 'Accept-Encoding': 'gzip' })
			expect(answer.status, address).toBe(200)
			const html = decode(answer)
			const sources = scriptSources(answer.headers['content-security-policy'])
			expect(sources, address).toContain("'strict-dynamic'")
			expect(sources.join(' '), address).not.toMatch(/nonce|unsafe-inline|unsafe-eval|https?:|\*/)
			const hashes = sources.filter((s) => s.startsWith("'sha256-")).sort()
			expect(hashes.length, `${name} ${address}`).toBeGreaterThan(2)
			expect(hashes, address).toEqual(hashesOfInlineScripts(html))
			expect(/<[^>]* nonce="/.test(html), `${address} has a nonce attribute`).toBe(false)
		}
	}
})

test('pages that are not shared keep a fresh nonce per request', async () => {
	for (const path of ['/shortlist', '/te/shortlist', '/auth']) {
		const [first, second] = [await raw(path), await raw(path)]
		const nonce = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1]
		expect(nonce(first!), path).toBeTruthy()
		expect(nonce(second!), path).not.toBe(nonce(first!))
		expect(decode(first!), path).toContain(`nonce="${nonce(first!)}"`)
	}
})

for (const prefix of LANGUAGES) {
	test(`${prefix || '/en'}: every page's scripts run under its CSP: it hydrates, with no violation reported`, async ({ page }) => {
		test.setTimeout(180_000)
		const violations = await watchViolations(page)
		for (const path of [...SHAREABLE.map((p) => p.path()), '/shortlist']) {
			const address = path === '/' ? prefix || '/' : `${prefix}${path}`
			await page.goto(shop().url + address)
			await waitForHydration(page)
			expect(violations, address).toEqual([])
		}
		// A client-side navigation between public pages works (scripts loaded by trusted ones run).
		await page.goto(`${shop().url}${prefix || '/'}`)
		await waitForHydration(page)
		await page.evaluate(() => ((window as unknown as { navigatedInPage: boolean }).navigatedInPage = true))
		await page.locator(`a[href="${prefix}/about"]`).first().click()
		await expect(page).toHaveURL(`${shop().url}${prefix}/about`)
		expect(await page.evaluate(() => (window as unknown as { navigatedInPage?: boolean }).navigatedInPage)).toBe(true)
		expect(violations).toEqual([])
	})
}

test('a script the page did not carry is refused, while the page still hydrates', async ({ page }) => {
	const violations = await watchViolations(page)
	// As if something had slipped markup into the page: the same headers, one more inline script.
	await page.route(`${shop().url}/product/${seeded.productId}`, async (route) => {
		const response = await route.fetch()
		const body = (await response.text()).replace('</main>', '<script>document.documentElement.dataset.injected = "ran"</script></main>')
		const headers = response.headers()
		// The body is handed over decoded.
		delete headers['content-encoding']
		delete headers['content-length']
		await route.fulfill({ status: response.status(), headers, body })
	})
	await page.goto(`${shop().url}/product/${seeded.productId}`)
	await waitForHydration(page)
	expect(await page.locator('html').getAttribute('data-injected')).toBeNull()
	expect(violations.some((v) => /script-src/.test(v))).toBe(true)
})
