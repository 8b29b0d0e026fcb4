import { expect, test } from '@playwright/test'
import { sql } from 'kysely'

import { adminSessionCookie } from '../helpers/auth'
import { fillPattern, pageRoutes } from '../helpers/route-map'
import { seedBlog, seedProduct, setHero } from '../helpers/seed'
import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'

// The public page cache meets the seller's pages. Every admin route of app/routes.ts, written every
// way an attacker (or a link in a WhatsApp message) might write it, is opened by the signed-in seller
// and then by an anonymous visitor, who must never get what the seller saw. Then: the cache keeps
// public pages, and only writes to what public pages show make it render them again.

const shop = useShop()

const CUSTOMERS = [
	{ name: 'Lakshmi Zqxreddy', phone: '+91 98490 11223', address: '14 Temple Street, Zqxpalli' },
	{ name: 'Ravi Zqxkumar', phone: '+91 90000 44556', address: '7 Market Road, Zqxnagar' },
]
const DRAFT = { name: 'Unreleased Zqx Saree', code: 'ZQX-DRAFT-1' }
/** What only an admin page shows. */
const SECRETS = [...CUSTOMERS.flatMap((c) => [c.name, c.phone, c.address]), DRAFT.name, DRAFT.code, ADMIN_EMAIL]

const ids = { product: 0, blog: 0, order: 0 }

const fill = (pattern: string) => fillPattern(pattern, ids)

/** Other spellings of an address that the router matches as the same page. */
function spellings(path: string) {
	const encodeLetter = (s: string) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)
	const title = (s: string) => s.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`)
	return [
		path.replace('/admin', '/Admin'),
		path.toUpperCase(),
		title(path),
		encodeLetter(path),
		path.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
		`${encodeLetter(path.replace('/admin', '//Admin/'))}/`,
	]
}

/** Reads at most a little of a body (the event stream never ends; a backup is large). */
async function head(response: Response, limit = 512 * 1024) {
	if (!response.body) return ''
	const reader = response.body.getReader()
	const decoder = new TextDecoder()
	let text = ''
	const deadline = setTimeout(() => void reader.cancel(), 3_000)
	try {
		while (text.length < limit) {
			const { done, value } = await reader.read()
			if (done) break
			text += decoder.decode(value, { stream: true })
		}
	} catch {
		// cancelled: enough was read
	} finally {
		clearTimeout(deadline)
		await reader.cancel().catch(() => undefined)
	}
	return text
}

test.describe('the page cache and admin pages', () => {
	test.beforeAll(async () => {
		const db = shop().db()
		const now = new Date().toISOString()
		for (const customer of CUSTOMERS) {
			const { id } = await db
				.insertInto('orders')
				.values({
					customer_name: customer.name,
					customer_phone: customer.phone,
					delivery_address: customer.address,
					order_date: now,
					status: 'pending',
					total_paise: 1_850_000,
					created_at: now,
					updated_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			ids.order = id
		}
		ids.product = (await seedProduct(shop(), { ...DRAFT, status: 'draft', images: 0 })).id
		ids.blog = (await seedBlog(shop(), { title: 'Zqx draft notes', status: 'draft' })).id
	})

	test('an anonymous visitor never gets an admin page the signed-in seller opened, however its address is written', async () => {
		test.setTimeout(240_000)
		const cookie = `__session=${await adminSessionCookie(shop())}`
		const routes = pageRoutes('admin')
		expect(routes.map((r) => r.pattern)).toEqual(
			expect.arrayContaining(['/admin', '/admin/orders', '/admin/orders/:id', '/admin/orders/:id/edit', '/admin/settings']),
		)

		let checked = 0
		for (const route of routes) {
			const path = fill(route.pattern)
			for (const spelling of [path, ...spellings(path)]) {
				for (const target of [spelling, `${spelling}.data`]) {
					// The seller, as a browser: follows redirects with the session cookie.
					const seller = await fetch(`${shop().url}${target}`, { headers: { Cookie: cookie } })
					await head(seller, 1)
					expect(seller.status, `seller ${target}`).toBeLessThan(500)

					// Then a stranger asks for the same address, twice (a kept page would show on either).
					for (let i = 0; i < 2; i++) {
						const visitor = await fetch(`${shop().url}${target}`)
						const body = await head(visitor)
						for (const secret of SECRETS) expect(body, `anonymous ${target} shows "${secret}"`).not.toContain(secret)
						const landed = new URL(visitor.url)
						if (visitor.status === 200 && !target.endsWith('.data')) expect(landed.pathname, `anonymous ${target}`).toBe('/auth')
						checked++
					}
				}
			}
		}
		expect(checked).toBeGreaterThan(routes.length * 25)
	})

	test("the seller's own pages are never marked for keeping", async () => {
		const cookie = `__session=${await adminSessionCookie(shop())}`
		for (const target of ['/Admin/orders', '/%61dmin/orders', '/admin/orders']) {
			const response = await fetch(`${shop().url}${target}`, { headers: { Cookie: cookie } })
			await response.body?.cancel()
			expect(new URL(response.url).pathname).toBe('/admin/orders')
			expect(response.headers.get('cache-control'), target).toContain('no-store')
		}
	})
})

test.describe('the page cache and public pages', () => {
	const titleOnHome = async () => /<h1 id="hero-title"[^>]*>([^<]*)</.exec(await (await fetch(`${shop().url}/`)).text())?.[1]

	test('a kept page is served until what public pages show changes; orders, sign-ins, sessions and enquiries leave it', async () => {
		const db = shop().db()
		await setHero(shop(), { title: 'Woven by hand in Pochampally' })
		expect(await titleOnHome()).toBe('Woven by hand in Pochampally')

		// A change that does not count as one (the counter put back): the kept page is still served.
		await db.transaction().execute(async (trx) => {
			await trx.updateTable('hero_settings').set({ title: 'Changed behind the cache' }).execute()
			await sql`UPDATE content_version SET version = version - 1`.execute(trx)
		})
		expect(await titleOnHome()).toBe('Woven by hand in Pochampally')

		// Writes that public pages do not show, through the real server and straight into the database.
		const now = new Date().toISOString()
		await db
			.insertInto('orders')
			.values({
				customer_name: 'Cache Test',
				customer_phone: '+91 90000 00000',
				order_date: now,
				status: 'pending',
				total_paise: 100,
				created_at: now,
				updated_at: now,
			})
			.execute()
		await db.insertInto('auth_failures').values({ throttle_key: 'cache-test', created_at: now }).execute()
		await adminSessionCookie(shop())
		const active = await seedProduct(shop(), { name: 'Cache Enquiry Saree', images: 0 })
		expect(await titleOnHome()).toBe('Changed behind the cache')
		await db.updateTable('hero_settings').set({ title: 'Woven by hand in Pochampally' }).execute()
		expect(await titleOnHome()).toBe('Woven by hand in Pochampally')
		await db.transaction().execute(async (trx) => {
			await trx.updateTable('hero_settings').set({ title: 'Changed behind the cache again' }).execute()
			await sql`UPDATE content_version SET version = version - 1`.execute(trx)
		})
		await fetch(`${shop().url}/auth`, {
			method: 'POST',
			headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'sign-in', email: ADMIN_EMAIL, password: 'not-the-password' }),
			redirect: 'manual',
		})
		await fetch(`${shop().url}/whatsapp/product/${active.id}`, { redirect: 'manual' })
		await db.insertInto('product_enquiries').values({ product_id: active.id, day: '2026-01-01', count: 3 }).execute()
		expect(await titleOnHome()).toBe('Woven by hand in Pochampally')

		// A real change, written by another process (this test's own connection), shows at once.
		await db.updateTable('hero_settings').set({ title: 'Silk from our looms' }).execute()
		expect(await titleOnHome()).toBe('Silk from our looms')
	})

	test('a data request for a shareable page runs its loaders once, and a kept page none', async () => {
		const db = shop().db()
		const hero = await db.selectFrom('hero_settings').selectAll().executeTakeFirstOrThrow()
		// Without its row the home page still renders, and each run of its loader says so in the log.
		const runs = () => shop().logs.join('').split('Failed to load hero settings').length - 1
		await db.deleteFrom('hero_settings').execute()
		try {
			const start = runs()
			let expected = start
			for (const [target, addsRuns] of [
				['/_.data', 1],
				// The page, rendered once for everyone, then served as it was kept.
				['/', 1],
				['/', 0],
				['/_.data', 1],
			] as const) {
				const response = await fetch(`${shop().url}${target}`)
				expect(response.status, target).toBe(200)
				await response.text()
				expected += addsRuns
				// Counted after each request: a second run of a loader would put every later count out too.
				await expect.poll(runs, { message: `after ${target}` }).toBe(expected)
			}
			expect(runs() - start).toBe(3)
		} finally {
			await db.insertInto('hero_settings').values(hero).execute()
		}
	})

	test('other spellings of a public address are redirected to the one the cache keeps', async () => {
		for (const [from, to] of [
			['/Collections', '/collections'],
			['/%63ollections', '/collections'],
			['//about/', '/about'],
			['/collections/?category=Pochampally%20Ikkat', '/collections?category=Pochampally%20Ikkat'],
			['/About.data', '/about.data'],
		]) {
			const response = await fetch(`${shop().url}${from}`, { redirect: 'manual' })
			expect(response.status, from).toBe(308)
			expect(response.headers.get('location'), from).toBe(to)
		}
	})

	test('a public page read with a flash message waiting is marked for no cache at all, page and data alike, and shows no admin message', async () => {
		// The seller signs in from a link that leads back to a public page: the sign-in's message waits
		// in a cookie, and the public page takes it (once) without showing it: an admin's message is
		// shown on admin and sign-in pages only (docs/decisions/0045).
		const signIn = await fetch(`${shop().url}/auth`, {
			method: 'POST',
			headers: { Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, redirectTo: '/about' }),
			redirect: 'manual',
		})
		expect(signIn.status).toBe(302)
		const cookie = signIn.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
		expect(cookie).toMatch(/flash=/)
		for (const target of ['/about', '/about.data']) {
			const answer = await fetch(`${shop().url}${target}`, { headers: { Cookie: cookie } })
			expect(await answer.text(), target).not.toContain('Signed in successfully')
			expect(answer.headers.get('cache-control') ?? '', target).toContain('no-store')
			expect(answer.headers.get('cache-control') ?? '', target).toContain('private')
		}
		// Without the message the same page stays shareable.
		const plain = await fetch(`${shop().url}/about`)
		expect(plain.headers.get('cache-control') ?? '').not.toContain('no-store')
	})
})
