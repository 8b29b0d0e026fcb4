import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'

import { expect, test } from '@playwright/test'
import { createCookie } from 'react-router'

import { adminSessionCookie } from '../helpers/auth'
import { fillPattern, pageRoutes } from '../helpers/route-map'
import { ADMIN_EMAIL, SESSION_SECRET, useShop } from '../helpers/shop'
import { databaseFingerprint, raw } from './auth-helpers'

// Every admin URL in the route map, asked for in every way React Router (or an attacker) can ask:
// the page, its `.data` twin, with `_routes` narrowed to the child alone, and POSTs to both, without a
// session and with forged or dead cookies. None may answer with admin data or write anything.

const shop = useShop()

// Markers only an admin page could show: a draft saree, a draft post, a customer's order.
const MARKERS = ['Secret Draft Saree ZQX', 'SECRET-ZQX-01', 'Unpublished Post ZQX', 'Customer Zqx Sharma', 'zqx.customer@example.com']

const ids = { product: 0, blog: 0, order: 0 }

const fill = (pattern: string) => fillPattern(pattern, ids)

/** The requests an admin route can receive: document, single-fetch data (both URL shapes), narrowed data. */
function requestsFor(route: { pattern: string; routeId: string; index: boolean }) {
	const url = fill(route.pattern)
	const index = route.index ? '?index' : ''
	const gets = [url, `${url}/`, `${url}.data`, `${url}/_.data`, `${url}.data?_routes=${encodeURIComponent(route.routeId)}`]
	const posts = [
		`${url}${index}`,
		`${url}.data${index}`,
		`${url}.data${index ? `${index}&` : '?'}_routes=${encodeURIComponent(route.routeId)}`,
	]
	return { gets, posts }
}

/** Reads where a response sends the browser: a Location header, or a single-fetch redirect in a `.data` body. */
function redirectTarget(response: Response, body: string) {
	const location = response.headers.get('location')
	if (location) return location
	// Single fetch answers a redirect with 202 and a turbo-stream body that is nothing but the redirect
	// (loaders: under a SingleFetchRedirect key; actions: the bare object).
	if (response.status === 202 && response.headers.get('x-remix-response') === 'yes') {
		return /^\[(?:\["SingleFetchRedirect",\d+\],)?\{[^\]]*?\},"redirect","([^"]*)","status",30[1-8],/.exec(body)?.[1] ?? null
	}
	return null
}

/**
 * The installed admin's share target takes posts before sign-in (photos shared from the phone are held
 * for the sign-in, admin-phone-share-target.spec.ts): a post there is sent on to Add Product, which the
 * guard then holds behind /auth. Nothing here carries a `photos` file, so nothing is held either.
 */
const TAKES_POSTS_BEFORE_SIGN_IN = '/admin/shared-photos'

/** A data request for a route without a page (the event stream, the share target) is answered 404 before any route code runs. */
const noDataHere = (response: Response, body: string) => response.status === 404 && body === 'Not found'

async function expectSentToAddProduct(response: Response, what: string) {
	const body = await response.text()
	for (const marker of [...MARKERS, ADMIN_EMAIL]) expect(body, `${what} leaks "${marker}"`).not.toContain(marker)
	// Not a share (400), or strangers' shares throttled per address (429).
	if (response.status === 400 || response.status === 429 || noDataHere(response, body)) return
	const target = redirectTarget(response, body)
	expect(target && new URL(target, shop().url).pathname, `${what} redirects elsewhere`).toBe('/admin/products/new')
}

async function expectRefused(response: Response, what: string) {
	const body = await response.text()
	for (const marker of [...MARKERS, ADMIN_EMAIL]) expect(body, `${what} leaks "${marker}"`).not.toContain(marker)
	const setCookies = response.headers.getSetCookie()
	for (const c of setCookies) {
		if (c.startsWith('__session=')) expect(c, `${what} sets a session`).toMatch(/^__session=;/)
	}
	if ([401, 403].includes(response.status) || noDataHere(response, body)) return
	const target = redirectTarget(response, body)
	expect(target, `${what} answered ${response.status} without a redirect to /auth`).not.toBeNull()
	expect(new URL(target!, shop().url).pathname, `${what} redirects elsewhere`).toBe('/auth')
	expect(response.headers.get('cache-control') ?? '', `${what} may be cached`).toContain('no-store')
}

/**
 * Asks for `url` and follows the shop's redirects to the canonical spelling of the same address
 * (`/admin/orders/` → `/admin/orders`, `/admin/orders/_.data` → `/admin/orders.data`), as a browser
 * would, so the answer checked is the one the guard gives.
 */
async function ask(url: string, init: Parameters<typeof raw>[2] = {}) {
	let response = await raw(shop(), url, init)
	for (let hops = 0; response.status === 308 && hops < 2; hops++) {
		const location = response.headers.get('location')!
		const same = (address: string) => address.replace(/\?.*$/, '').replace(/\/|_?\.data/g, '')
		expect(same(location), `${url} is redirected to another address`).toBe(same(url))
		expect(new URL(location, shop().url).search).toBe(new URL(url, shop().url).search)
		await response.body?.cancel()
		response = await raw(shop(), location, init)
	}
	return response
}

async function signedCookie(value: string, secret = SESSION_SECRET) {
	const header = await createCookie('__session', { secrets: [secret], path: '/' }).serialize(value)
	return header.split(';')[0]!
}

test.describe('the admin area without a valid session', () => {
	test.beforeAll(async () => {
		const db = shop().db()
		const now = new Date().toISOString()
		ids.product = Number(
			(
				await db
					.insertInto('products')
					.values({
						name: MARKERS[0]!,
						code: MARKERS[1]!,
						category: 'Pochampally Ikkat',
						status: 'draft',
						original_price_paise: 1_500_000,
						sale_price_paise: 1_200_000,
						created_at: now,
						updated_at: now,
					})
					.returning('id')
					.executeTakeFirstOrThrow()
			).id,
		)
		ids.blog = Number(
			(
				await db
					.insertInto('blogs')
					.values({ title: MARKERS[2]!, slug: 'unpublished-zqx', content: 'Draft body', status: 'draft', created_at: now, updated_at: now })
					.returning('id')
					.executeTakeFirstOrThrow()
			).id,
		)
		ids.order = Number(
			(
				await db
					.insertInto('orders')
					.values({
						customer_name: MARKERS[3]!,
						customer_email: MARKERS[4]!,
						order_date: now,
						status: 'pending',
						total_paise: 1_200_000,
						created_at: now,
						updated_at: now,
					})
					.returning('id')
					.executeTakeFirstOrThrow()
			).id,
		)
	})

	test('the route map has the admin screens we expect to guard', () => {
		const patterns = pageRoutes('admin').map((r) => r.pattern)
		for (const p of [
			'/admin',
			'/admin/events',
			'/admin/products',
			'/admin/products/:id/delete',
			'/admin/edit-product/:id',
			'/admin/blogs/edit/:id',
			'/admin/orders/:id/edit',
			'/admin/settings/password',
		]) {
			expect(patterns).toContain(p)
		}
	})

	test('every admin URL, page and data, GET and POST, refuses every kind of bad cookie and writes nothing', async () => {
		test.setTimeout(150_000)
		const db = shop().db()

		// A real session, to forge from.
		const good = `__session=${await adminSessionCookie(shop())}`
		const [, value] = good.split('=')
		const decoded = decodeURIComponent(value!)
		const dot = decoded.lastIndexOf('.')
		const payload = decoded.slice(0, dot)
		const signature = decoded.slice(dot + 1)
		const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1)

		// A validly signed session that expired yesterday.
		const expiredId = randomBytes(32).toString('base64url')
		const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString()
		await db
			.insertInto('sessions')
			.values({
				id_hash: createHash('sha256').update(expiredId).digest('hex'),
				admin_id: 1,
				created_at: yesterday,
				last_seen_at: yesterday,
				expires_at: yesterday,
			})
			.execute()

		const cookies: Record<string, string | undefined> = {
			'no cookie': undefined,
			'a modified signature': `__session=${encodeURIComponent(`${payload}.${flip(signature)}`)}`,
			'a modified id under the old signature': `__session=${encodeURIComponent(`${flip(payload)}.${signature}`)}`,
			'an unsigned id': `__session=${encodeURIComponent(Buffer.from(JSON.stringify(randomBytes(32).toString('base64url'))).toString('base64'))}`,
			'a validly signed id with no session row': await signedCookie(randomBytes(32).toString('base64url')),
			'a cookie signed with another secret': await signedCookie(randomBytes(32).toString('base64url'), 'another-secret-0123456789abcdef'),
			'an expired session': await signedCookie(expiredId),
		}

		const before = await databaseFingerprint(db, { except: ['sessions'] })
		const sessionsBefore = (await db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash)
		const uploadsBefore = fs.existsSync(shop().uploadsDir) ? fs.readdirSync(shop().uploadsDir, { recursive: true }).sort() : []

		const admin = pageRoutes('admin')
		expect(admin.length).toBeGreaterThanOrEqual(19)
		const fields = {
			intent: 'delete',
			name: 'Hacked',
			code: 'HACK-1',
			title: 'Hacked',
			content: 'x',
			status: 'active',
			customerName: 'x',
			currentPassword: 'x',
			newPassword: 'hacked-password',
			confirmPassword: 'hacked-password',
		}
		// Encoded up front and sent in one piece: the guard answers before reading a body, and the
		// server then closes the connection, which a client still streaming its body sees as EPIPE.
		const form = new FormData()
		for (const [k, v] of Object.entries(fields)) form.set(k, v)
		form.set('images', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'x.gif')
		const encoded = new Response(form)
		const multipartType = encoded.headers.get('content-type')!
		const multipartBody = Buffer.from(await encoded.arrayBuffer())
		const multipart = { body: multipartBody, headers: { 'Content-Type': multipartType } }
		// Every URL shape with no cookie and with a well-signed dead id; the other forgeries on the main shapes.
		const checks: (() => Promise<void>)[] = []
		for (const route of admin) {
			const { gets, posts } = requestsFor(route)
			for (const [name, cookie] of Object.entries(cookies)) {
				const full = name === 'no cookie' || name === 'a validly signed id with no session row'
				for (const url of full ? gets : gets.filter((u) => u === gets[0] || u === gets[2])) {
					checks.push(async () => expectRefused(await ask(url, { cookie }), `GET ${url} with ${name}`))
				}
				const expectPostAnswer = route.pattern === TAKES_POSTS_BEFORE_SIGN_IN ? expectSentToAddProduct : expectRefused
				for (const url of full ? posts : posts.slice(1, 2)) {
					checks.push(async () =>
						expectPostAnswer(await ask(url, { method: 'POST', cookie, body: new URLSearchParams(fields) }), `POST ${url} with ${name}`),
					)
					if (name === 'no cookie') {
						checks.push(async () =>
							expectPostAnswer(await ask(url, { method: 'POST', cookie, ...multipart }), `multipart POST ${url} with ${name}`),
						)
					}
				}
			}
		}
		// A few at a time: enough to overlap the waiting, not enough to starve a small machine.
		let next = 0
		await Promise.all(
			Array.from({ length: 4 }, async () => {
				while (next < checks.length) await checks[next++]!()
			}),
		)
		const checked = checks.length
		expect(checked).toBeGreaterThan(500)

		// Nothing is written but the strangers' share throttle counting the posts to the share target (one
		// address, one key: sha256 of "shared-photos:ip:127.0.0.1"), at most its limit of 5.
		const { auth_failures: failuresBefore, ...restBefore } = before
		const { auth_failures: failuresAfter, ...restAfter } = await databaseFingerprint(db, { except: ['sessions'] })
		expect(restAfter).toEqual(restBefore)
		const added = failuresAfter!.filter((row) => !failuresBefore!.includes(row)).map((row) => JSON.parse(row).throttle_key)
		expect(added.length).toBeLessThanOrEqual(5)
		expect(new Set(added)).toEqual(new Set(added.length ? [createHash('sha256').update('shared-photos:ip:127.0.0.1').digest('hex')] : []))
		// Only the expired row went (cleaned up when it was presented); nothing was added.
		const sessionsAfter = (await db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash)
		expect(sessionsAfter.sort()).toEqual(sessionsBefore.filter((h) => h !== createHash('sha256').update(expiredId).digest('hex')).sort())
		const uploadsAfter = fs.existsSync(shop().uploadsDir) ? fs.readdirSync(shop().uploadsDir, { recursive: true }).sort() : []
		expect(uploadsAfter).toEqual(uploadsBefore)
	})

	test('a signed-in admin gets every admin page and data answer with Cache-Control: no-store', async () => {
		const cookie = `__session=${await adminSessionCookie(shop())}`
		for (const route of pageRoutes('admin')) {
			const url = fill(route.pattern)
			for (const target of [url, `${url}.data`]) {
				const response = await raw(shop(), target, { cookie })
				await response.body?.cancel()
				expect(response.status, `GET ${target}`).not.toBe(302)
				expect(response.headers.get('cache-control') ?? '', `GET ${target}`).toContain('no-store')
			}
		}
	})

	test('/auth answers are not cached either', async () => {
		for (const target of ['/auth', '/auth.data', '/auth?reset=true&token=x', '/auth?mode=reset-email']) {
			const response = await raw(shop(), target)
			await response.body?.cancel()
			expect(response.headers.get('cache-control') ?? '', target).toContain('no-store')
		}
	})

	test('a browser sent to a protected page lands on /auth and the admin URL leaves no history entry', async ({ page }) => {
		await page.goto(`${shop().url}/`)
		await page.goto(`${shop().url}/admin/orders?status=pending`)
		await expect(page).toHaveURL(`${shop().url}/auth?redirectTo=${encodeURIComponent('/admin/orders?status=pending')}`)
		await page.goBack()
		await expect(page).toHaveURL(`${shop().url}/`)
	})
})
