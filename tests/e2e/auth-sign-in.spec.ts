import { expect, type Page, test } from '@playwright/test'

import { hashCost } from '../../app/utils/password-hash.server'
import { adminSessionCookie } from '../helpers/auth'
import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { clearThrottle, form, raw, sessionCount, signInWithForm } from './auth-helpers'

const shop = useShop()

test.beforeEach(async () => {
	await clearThrottle(shop())
})

async function submit(page: Page, email: string, password: string, path = '/auth') {
	await page.goto(`${shop().url}${path}`)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign In' }).click()
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`sign-in form (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
		test.use({ javaScriptEnabled })

		test('the page: labels, button, reset link, and no sign-up anywhere', async ({ page }) => {
			await page.goto(`${shop().url}/auth`)
			await expect(page.getByLabel('Email')).toBeVisible()
			await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password')
			await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
			await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible()
			await expect(page.getByText(/sign up|create an account|register/i)).toHaveCount(0)
		})

		test('the right password signs in: new session, secure cookie, /admin and the message', async ({ page, context }) => {
			const before = await sessionCount(shop())
			await signInWithForm(page, shop())
			await expect(page).toHaveURL(`${shop().url}/admin`)
			await expect(page.getByText('Signed in successfully!')).toBeVisible()
			expect(await sessionCount(shop())).toBe(before + 1)
			const cookie = (await context.cookies()).find((c) => c.name === '__session')!
			expect(cookie.httpOnly).toBe(true)
			expect(cookie.sameSite).toBe('Lax')
			expect(cookie.path).toBe('/')
			// Only a random id travels in the cookie: no email, no hash.
			expect(decodeURIComponent(cookie.value)).not.toContain('admin')

			// Signed in, /auth sends the admin on to /admin.
			await page.goto(`${shop().url}/auth`)
			await expect(page).toHaveURL(`${shop().url}/admin`)
		})

		test('a wrong password: one generic message, the email kept, the password not echoed', async ({ page }) => {
			await submit(page, ADMIN_EMAIL, 'not-the-password')
			await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible()
			await expect(page).toHaveURL(/\/auth/)
			await expect(page.getByLabel('Email')).toHaveValue(ADMIN_EMAIL)
			await expect(page.getByLabel('Password')).toHaveValue('')
			expect(await page.content()).not.toContain('not-the-password')
		})

		test("another address gets the same answer as a wrong password: which address is the admin's stays unknown", async ({ page }) => {
			await submit(page, 'someone@example.com', 'whatever-password')
			await expect(page.getByText('Invalid email or password.')).toBeVisible()
		})

		test('empty fields and an over-long password get clear messages', async ({ page }) => {
			await page.goto(`${shop().url}/auth`)
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByText('Please enter your email address.')).toBeVisible()
			await expect(page.getByText('Please enter your password.')).toBeVisible()

			await submit(page, ADMIN_EMAIL, 'é'.repeat(257))
			await expect(page.getByText('Password is too long: use at most 256 characters.')).toBeVisible()
		})

		test('after signing in the admin lands where they were going; foreign targets fall back to /admin', async ({ page }) => {
			await page.goto(`${shop().url}/admin/products?status=draft`)
			await expect(page).toHaveURL(/\/auth\?redirectTo=/)
			await page.getByLabel('Email').fill(ADMIN_EMAIL)
			await page.getByLabel('Password').fill(ADMIN_PASSWORD)
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products?status=draft`)

			await page.context().clearCookies()
			for (const evil of ['//evil.example', '/\\evil.example', 'https://evil.example']) {
				await submit(page, ADMIN_EMAIL, ADMIN_PASSWORD, `/auth?redirectTo=${encodeURIComponent(evil)}`)
				await expect(page).toHaveURL(`${shop().url}/admin`)
				await page.context().clearCookies()
			}
		})
	})
}

test.describe('sign-in over HTTP', () => {
	test('a wrong password and an admin address without an account answer alike', async () => {
		const wrong = await raw(shop(), '/auth', {
			method: 'POST',
			body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: 'wrong-password' }),
		})
		const wrongBody = await wrong.text()
		expect(wrong.status).toBe(401)
		expect(wrongBody).toContain('Invalid email or password.')

		const db = shop().db()
		const account = await db.selectFrom('admin').selectAll().executeTakeFirstOrThrow()
		await db.deleteFrom('admin').execute()
		try {
			const missing = await raw(shop(), '/auth', {
				method: 'POST',
				body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: 'wrong-password' }),
			})
			expect(missing.status).toBe(401)
			expect(await missing.text()).toContain('Invalid email or password.')
		} finally {
			await db.insertInto('admin').values(account).execute()
		}

		const other = await raw(shop(), '/auth', {
			method: 'POST',
			body: form({ intent: 'sign-in', email: 'other@example.com', password: 'wrong-password' }),
		})
		expect(other.status).toBe(401)
		expect(await other.text()).toContain('Invalid email or password.')
	})

	test('every sign-in gets a fresh session id and ends the one the browser held', async () => {
		const signIn = (cookie?: string) =>
			raw(shop(), '/auth', { method: 'POST', cookie, body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })
		const first = await signIn()
		expect(first.status).toBe(302)
		const firstCookie = first.headers
			.getSetCookie()
			.find((c) => c.startsWith('__session='))!
			.split(';')[0]!
		const second = await signIn(firstCookie)
		const secondCookie = second.headers
			.getSetCookie()
			.find((c) => c.startsWith('__session='))!
			.split(';')[0]!
		expect(secondCookie).not.toBe(firstCookie)
		expect((await raw(shop(), '/admin', { cookie: firstCookie })).headers.get('location')).toMatch(/^\/auth/)
		expect((await raw(shop(), '/admin', { cookie: secondCookie })).status).toBe(200)
	})

	test('after 5 failures in 15 minutes: 429 and the minutes to wait, even for the right password; then it works again', async () => {
		for (let i = 0; i < 5; i++) {
			const r = await raw(shop(), '/auth', {
				method: 'POST',
				body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: `guess-${i}` }),
			})
			expect(r.status).toBe(401)
		}
		const blocked = await raw(shop(), '/auth', {
			method: 'POST',
			body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
		})
		expect(blocked.status).toBe(429)
		expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
		expect(await blocked.text()).toContain('Too many attempts. Try again in 15 minutes.')
		expect(blocked.headers.getSetCookie().some((c) => /^__session=[^;]/.test(c))).toBe(false)

		// Fifteen minutes later (the failures are moved back in time), the right password works.
		const past = new Date(Date.now() - 16 * 60_000).toISOString()
		await shop().db().updateTable('auth_failures').set({ created_at: past }).execute()
		const later = await raw(shop(), '/auth', {
			method: 'POST',
			body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
		})
		expect(later.status).toBe(302)
		expect(later.headers.get('location')).toBe('/admin')
	})

	test('the throttle also counts per client address, and forged address headers do not escape it', async () => {
		for (let i = 0; i < 5; i++) {
			await raw(shop(), '/auth', {
				method: 'POST',
				body: form({ intent: 'sign-in', email: `guess${i}@example.com`, password: 'whatever' }),
			})
		}
		const forged = await raw(shop(), '/auth', {
			method: 'POST',
			headers: { 'X-Forwarded-For': '198.51.100.77', 'X-Shop-Socket-Address': '198.51.100.78', 'X-Real-IP': '198.51.100.79' },
			body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
		})
		expect(forged.status).toBe(429)
		expect(await forged.text()).toMatch(/Too many attempts\. Try again in \d+ minutes?\./)
	})

	test('an address sent as X-Shop-Client-Address changes nothing: the throttle and the security log see the real address', async () => {
		const logsBefore = shop().logs.length
		// Each guess names another address in the header the server once used to pass the address on.
		for (let i = 0; i < 5; i++) {
			const r = await raw(shop(), '/auth', {
				method: 'POST',
				headers: { 'X-Shop-Client-Address': `198.51.100.${i + 1}` },
				body: form({ intent: 'sign-in', email: `guess${i}@example.com`, password: 'whatever' }),
			})
			expect(r.status).toBe(401)
		}
		const forged = await raw(shop(), '/auth', {
			method: 'POST',
			headers: { 'X-Shop-Client-Address': '198.51.100.99' },
			body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
		})
		expect(forged.status).toBe(429)
		// The security log names the real address of every failure and of the refusal, never the forged ones.
		const logged = shop().logs.slice(logsBefore).join('')
		expect(logged).toMatch(/"event":"throttled","outcome":"refused","client":"(?:127\.0\.0\.1|::1)"/)
		expect(logged).not.toContain('198.51.100.')
	})

	test('the page shows the throttle message too', async ({ page }) => {
		for (let i = 0; i < 5; i++)
			await raw(shop(), '/auth', { method: 'POST', body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: `guess-${i}` }) })
		await submit(page, ADMIN_EMAIL, ADMIN_PASSWORD)
		await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts. Try again in 15 minutes.' })).toBeVisible()
	})

	test('passwords are stored with bcrypt at cost 12 or more', async () => {
		const { password_hash } = await shop().db().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()
		expect(hashCost(password_hash)).toBeGreaterThanOrEqual(12)
		expect(password_hash).not.toContain(ADMIN_PASSWORD)
	})
})

test.describe('sign-out', () => {
	test('a POST ends the session; the old cookie reaches nothing afterwards', async () => {
		const cookie = `__session=${await adminSessionCookie(shop())}`
		expect((await raw(shop(), '/admin', { cookie })).status).toBe(200)
		const before = await sessionCount(shop())

		// A GET does not sign out (a link or an image elsewhere must not end the session).
		const get = await raw(shop(), '/auth/sign-out', { cookie })
		expect(get.status).toBe(302)
		expect(await sessionCount(shop())).toBe(before)

		const out = await raw(shop(), '/auth/sign-out', { method: 'POST', cookie })
		expect(out.status).toBe(302)
		expect(out.headers.get('location')).toBe('/auth')
		expect(out.headers.getSetCookie().find((c) => c.startsWith('__session='))).toMatch(/^__session=;.*Max-Age=0/)
		expect(await sessionCount(shop())).toBe(before - 1)

		for (const path of ['/admin', '/admin.data', '/admin/products', '/admin/settings/password']) {
			const replay = await raw(shop(), path, { cookie })
			const body = await replay.text()
			expect([302, 202]).toContain(replay.status)
			expect(replay.headers.get('location') ?? body).toContain('/auth')
		}
	})

	test('in the browser: signed out, the admin pages send you back to /auth', async ({ page }) => {
		await signInWithForm(page, shop())
		await expect(page).toHaveURL(`${shop().url}/admin`)
		const cookie = (await page.context().cookies()).find((c) => c.name === '__session')!
		const out = await raw(shop(), '/auth/sign-out', { method: 'POST', cookie: `__session=${cookie.value}` })
		expect(out.status).toBe(302)
		await page.goto(`${shop().url}/admin/orders`)
		await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Forders/)
	})
})
