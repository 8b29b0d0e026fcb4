import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import bcrypt from 'bcryptjs'

import { verifyPasswordHash } from '../../app/utils/password-hash.server'
import { adminSessionCookie, signInAs } from '../helpers/auth'
import { ADMIN_EMAIL, ADMIN_PASSWORD, startShop, useShop } from '../helpers/shop'
import { skipWithout } from '../helpers/test-tools'
import { clearThrottle, form, raw, runPasswordCli, sessionCount, shownText } from './auth-helpers'

// The admin's own password change (/admin/settings/password), the `npm run admin:password` CLI,
// and what a shop without SMTP_URL does about reset links (this shop has none and runs in production).

const shop = useShop()

test.beforeEach(async () => {
	await clearThrottle(shop())
})

test.afterEach(async () => {
	await shop()
		.db()
		.updateTable('admin')
		.set({ password_hash: bcrypt.hashSync(ADMIN_PASSWORD, 12) })
		.execute()
})

async function storedPasswordIs(password: string) {
	const { password_hash } = await shop().db().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()
	return verifyPasswordHash(password, password_hash)
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`change password (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
		test.use({ javaScriptEnabled })

		test('current password required, the reset rules, then every other session ends and this one stays', async ({ page, context }) => {
			await signInAs(context, shop())
			const otherDevice = `__session=${await adminSessionCookie(shop())}`
			await page.goto(`${shop().url}/admin/settings/password`)
			await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()

			const submit = page.getByRole('button', { name: 'Change Password' })
			await submit.click()
			await expect(page.getByText('Please fill in all password fields.')).toBeVisible()

			await page.getByLabel('Current Password').fill('not-my-password')
			await page.getByLabel('New Password').fill('fresh-silk-77')
			await page.getByLabel('Confirm Password').fill('fresh-silk-77')
			await submit.click()
			await expect(page.getByText('Current password is incorrect.')).toBeVisible()
			await expect(page.getByLabel('Current Password')).toHaveValue('')

			await page.getByLabel('Current Password').fill(ADMIN_PASSWORD)
			await page.getByLabel('New Password').fill('fresh-silk-77')
			await page.getByLabel('Confirm Password').fill('fresh-silk-78')
			await submit.click()
			await expect(page.getByText('Passwords do not match.')).toBeVisible()

			await page.getByLabel('Current Password').fill(ADMIN_PASSWORD)
			await page.getByLabel('New Password').fill('short')
			await page.getByLabel('Confirm Password').fill('short')
			await submit.click()
			await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible()
			expect(await storedPasswordIs(ADMIN_PASSWORD)).toBe(true)

			await page.getByLabel('Current Password').fill(ADMIN_PASSWORD)
			await page.getByLabel('New Password').fill('fresh-silk-77')
			await page.getByLabel('Confirm Password').fill('fresh-silk-77')
			await submit.click()
			await expect(page).toHaveURL(`${shop().url}/admin/settings`)
			await expect(page.getByText('Password changed successfully.')).toBeVisible()
			expect(await storedPasswordIs('fresh-silk-77')).toBe(true)

			// This browser carries on; the other device is signed out.
			await page.goto(`${shop().url}/admin/orders`)
			await expect(page).toHaveURL(`${shop().url}/admin/orders`)
			expect(await sessionCount(shop())).toBe(1)
			expect((await raw(shop(), '/admin', { cookie: otherDevice })).headers.get('location')).toMatch(/^\/auth/)
		})
	})
}

test('the change-password action refuses a request without a session', async () => {
	const response = await raw(shop(), '/admin/settings/password', {
		method: 'POST',
		body: form({ currentPassword: ADMIN_PASSWORD, newPassword: 'takeover-123', confirmPassword: 'takeover-123' }),
	})
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toMatch(/^\/auth/)
	expect(await storedPasswordIs(ADMIN_PASSWORD)).toBe(true)
})

test('guessing the current password is throttled like sign-in', async () => {
	const cookie = `__session=${await adminSessionCookie(shop())}`
	for (let i = 0; i < 5; i++) {
		const r = await raw(shop(), '/admin/settings/password', {
			method: 'POST',
			cookie,
			body: form({ currentPassword: `guess-${i}`, newPassword: 'takeover-123', confirmPassword: 'takeover-123' }),
		})
		expect(r.status).toBe(400)
	}
	const blocked = await raw(shop(), '/admin/settings/password', {
		method: 'POST',
		cookie,
		body: form({ currentPassword: ADMIN_PASSWORD, newPassword: 'takeover-123', confirmPassword: 'takeover-123' }),
	})
	expect(blocked.status).toBe(429)
	expect(await shownText(blocked)).toContain('Too many attempts. Try again in 15 minutes.')
	expect(await storedPasswordIs(ADMIN_PASSWORD)).toBe(true)
})

test.describe('npm run admin:password', () => {
	test('sets the password from standard input and ends every session', async () => {
		const cookie = `__session=${await adminSessionCookie(shop())}`
		expect((await raw(shop(), '/admin', { cookie })).status).toBe(200)

		const result = await runPasswordCli(shop(), 'from-the-terminal-9\n')
		expect(result.stderr).toBe('')
		expect(result.code).toBe(0)
		expect(result.stdout).toContain(`Password updated for ${ADMIN_EMAIL}`)
		expect(result.stdout).not.toContain('from-the-terminal-9')

		expect(await sessionCount(shop())).toBe(0)
		expect((await raw(shop(), '/admin', { cookie })).headers.get('location')).toMatch(/^\/auth/)
		const signIn = await raw(shop(), '/auth', {
			method: 'POST',
			body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: 'from-the-terminal-9' }),
		})
		expect(signIn.status).toBe(302)
		expect(signIn.headers.get('location')).toBe('/admin')
	})

	test('refuses bad input with a clear message and a non-zero exit, changing nothing', async () => {
		test.setTimeout(120_000)
		const cookie = `__session=${await adminSessionCookie(shop())}`
		const short = await runPasswordCli(shop(), 'abc\n')
		expect(short.code).not.toBe(0)
		expect(short.stderr).toContain('Password must be at least 8 characters long.')

		const long = await runPasswordCli(shop(), `${'x'.repeat(257)}\n`)
		expect(long.code).not.toBe(0)
		expect(long.stderr).toContain('Password is too long: use at most 256 characters.')

		const common = await runPasswordCli(shop(), 'iloveyou\n')
		expect(common.code).not.toBe(0)
		expect(common.stderr).toContain('one of the most common passwords')

		const demo = await runPasswordCli(shop(), 'silk-demo-2026\n')
		expect(demo.code).not.toBe(0)
		expect(demo.stderr).toContain("This is the demo shop's published password.")

		const empty = await runPasswordCli(shop(), '')
		expect(empty.code).not.toBe(0)
		expect(empty.stderr).toContain('No password given')

		expect(await storedPasswordIs(ADMIN_PASSWORD)).toBe(true)
		expect((await raw(shop(), '/admin', { cookie })).status).toBe(200)
	})
})

test('on a terminal it asks twice with hidden input (through a pseudo-terminal)', async () => {
	skipWithout('script')
	const root = path.resolve(import.meta.dirname, '../..')
	const cookie = `__session=${await adminSessionCookie(shop())}`
	const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
		const child = spawn('script', ['-qec', `${path.join(root, 'node_modules/.bin/tsx')} scripts/admin-password.ts`, '/dev/null'], {
			cwd: root,
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? os.tmpdir(),
				NODE_ENV: 'production',
				DATABASE_PATH: shop().dbPath,
				ADMIN_EMAIL,
				TERM: 'dumb',
			},
			stdio: ['pipe', 'pipe', 'pipe'],
		})
		let output = ''
		child.stdout.on('data', (d: Buffer) => (output += d.toString()))
		// Typed ahead: the tool queues keystrokes until each prompt takes them.
		child.stdin.write('typed-on-a-tty-1\rtyped-on-a-tty-1\r')
		child.on('exit', (code) => {
			child.stdin.end()
			resolve({ code, output })
		})
	})
	expect(result.output).toContain('New password:')
	expect(result.output).toContain('Confirm new password:')
	expect(result.code).toBe(0)
	expect(await storedPasswordIs('typed-on-a-tty-1')).toBe(true)
	expect((await raw(shop(), '/admin', { cookie })).headers.get('location')).toMatch(/^\/auth/)
})

for (const javaScriptEnabled of [true, false]) {
	test(`in production without SMTP_URL the reset page says mail is not set up and names the password command (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
		browser,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled })
		const page = await context.newPage()
		await page.goto(`${shop().url}/auth`)
		await page.getByRole('link', { name: 'Forgot your password?' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Password reset by email is not set up on this shop.' })).toContainText(
			'npm run admin:password',
		)
		await expect(page.getByLabel('Email')).toHaveCount(0)
		await page.getByRole('link', { name: 'Back to sign in' }).click()
		await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
		await context.close()
	})
}

test('in production without SMTP_URL no reset link is made or logged, and the answer says nothing about accounts', async () => {
	const logged = shop().logs.length
	const answers = []
	for (const email of [ADMIN_EMAIL, 'someone-else@example.com', 'nobody@example.org']) {
		const response = await raw(shop(), '/auth', { method: 'POST', body: form({ intent: 'reset-email', email }) })
		answers.push({
			status: response.status,
			mentions: (await response.text()).includes('Password reset by email is not set up on this shop.'),
		})
	}
	expect(answers).toEqual(Array(3).fill({ status: 409, mentions: true }))
	expect(await shop().db().selectFrom('password_reset_tokens').selectAll().execute()).toEqual([])
	expect(shop().logs.slice(logged).join('')).not.toContain('reset=true')
	// A malformed address is told so under its field, like on any form.
	const malformed = await raw(shop(), '/auth', { method: 'POST', body: form({ intent: 'reset-email', email: 'not an address' }) })
	expect(malformed.status).toBe(400)
})

test('in development without SMTP_URL the reset link is printed to the server log (the documented fallback), and it works', async () => {
	const dev = await startShop({ env: { NODE_ENV: 'development' } })
	try {
		const response = await raw(dev, '/auth', { method: 'POST', body: form({ intent: 'reset-email', email: ADMIN_EMAIL }) })
		expect(response.status).toBe(302)
		await expect.poll(() => dev.logs.join('')).toContain('/auth?reset=true&token=')
		const link = /(http\S+\/auth\?reset=true&token=[\w-]+)/.exec(dev.logs.join(''))![1]!
		expect(link.startsWith(dev.url)).toBe(true)
		expect((await raw(dev, new URL(link).pathname + new URL(link).search)).status).toBe(200)
	} finally {
		await dev.stop()
		fs.rmSync(dev.dir, { recursive: true, force: true })
	}
})
