import { createHash } from 'node:crypto'

import { expect, test } from '@playwright/test'
import bcrypt from 'bcryptjs'

import { verifyPasswordHash } from '../../app/utils/password-hash.server'
import { adminSessionCookie } from '../helpers/auth'
import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import {
	clearThrottle,
	form,
	mailSubject,
	mailText,
	raw,
	resetLinkIn,
	sessionCount,
	shownText,
	signInWithForm,
	useMailbox,
} from './auth-helpers'

// The reset mail goes through a real SMTP server on loopback. TRUST_PROXY=1 so that a forged
// X-Forwarded-Host would reach the request URL: the link must still come from APP_ORIGIN.

const shopEnv: Record<string, string> = { TRUST_PROXY: '1', MAIL_FROM: 'Pochampally Silk House <shop@example.com>' }
const mailbox = useMailbox(shopEnv)
const shop = useShop({ env: shopEnv })

const seenTokens: string[] = []
const tokenOf = (link: string) => {
	const token = new URL(link).searchParams.get('token')!
	seenTokens.push(token)
	return token
}

test.beforeEach(async () => {
	await clearThrottle(shop())
})

test.afterEach(async () => {
	// Back to the password every test starts from.
	await shop()
		.db()
		.updateTable('admin')
		.set({ password_hash: bcrypt.hashSync(ADMIN_PASSWORD, 12) })
		.execute()
})

/** Asks for a reset link over HTTP and returns the link from the mail. */
async function requestLink(headers: Record<string, string> = {}, noOrigin = false) {
	const count = mailbox().messages.length
	const response = await raw(shop(), '/auth', {
		method: 'POST',
		headers,
		noOrigin,
		body: form({ intent: 'reset-email', email: ADMIN_EMAIL }),
	})
	expect(response.status).toBe(302)
	return resetLinkIn((await mailbox().waitFor(count + 1)).raw)
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`password reset (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
		test.use({ javaScriptEnabled })

		test('the whole flow: mail, new password, every old session ended, not signed in, link used up', async ({ page }) => {
			const oldSession = `__session=${await adminSessionCookie(shop())}`
			expect((await raw(shop(), '/admin', { cookie: oldSession })).status).toBe(200)

			await page.goto(`${shop().url}/auth`)
			await page.getByRole('link', { name: 'Forgot your password?' }).click()
			await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
			await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible()
			const count = mailbox().messages.length
			await page.getByLabel('Email').fill(ADMIN_EMAIL)
			await page.getByRole('button', { name: 'Send Reset Link' }).click()

			await expect(page.getByText('Password reset email sent! Check your inbox and follow the link to reset your password.')).toBeVisible()
			// Back in sign-in mode, fields empty.
			await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
			await expect(page.getByLabel('Email')).toHaveValue('')

			const mail = await mailbox().waitFor(count + 1)
			expect(mail.to).toEqual([ADMIN_EMAIL])
			expect(mailSubject(mail.raw)).toContain('password')
			const link = resetLinkIn(mail.raw)
			expect(link.startsWith(`${shop().url}/auth?reset=true&token=`)).toBe(true)
			const token = tokenOf(link)
			expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32)
			expect(mailText(mail.raw)).toContain('30 minutes')

			// Only the token's SHA-256 is stored.
			const rows = await shop().db().selectFrom('password_reset_tokens').selectAll().execute()
			expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')])

			await page.goto(link)
			await expect(page.getByText('Password Reset', { exact: true })).toBeVisible()
			await expect(page.getByLabel('New Password')).toBeVisible()
			await expect(page.getByLabel('Confirm Password')).toBeVisible()

			const update = page.getByRole('button', { name: 'Update Password' })
			await update.click()
			await expect(page.getByText('Please fill in all password fields.')).toBeVisible()
			await page.getByLabel('New Password').fill('abcdefg')
			await page.getByLabel('Confirm Password').fill('abcdefh')
			await update.click()
			await expect(page.getByText('Passwords do not match.')).toBeVisible()
			await page.getByLabel('New Password').fill('abcdefg')
			await page.getByLabel('Confirm Password').fill('abcdefg')
			await update.click()
			await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible()
			await page.getByLabel('New Password').fill('x'.repeat(257))
			await page.getByLabel('Confirm Password').fill('x'.repeat(257))
			await update.click()
			await expect(page.getByText('Password is too long: use at most 256 characters.')).toBeVisible()
			// Only the server knows the list of common passwords; its refusal sits under the field too.
			await page.getByLabel('New Password').fill('sunshine1')
			await page.getByLabel('Confirm Password').fill('sunshine1')
			await update.click()
			await expect(page.getByText('This password is one of the most common passwords')).toBeVisible()

			await page.getByLabel('New Password').fill('silk-and-zari-2030')
			await page.getByLabel('Confirm Password').fill('silk-and-zari-2030')
			await update.click()
			await expect(page.getByText('Password updated successfully! You can now sign in with your new password.')).toBeVisible()
			await expect(page).toHaveURL(`${shop().url}/auth`)
			await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
			await expect(page.getByLabel('Email')).toHaveValue('')
			await expect(page.getByLabel('Password')).toHaveValue('')

			// Not signed in by the reset; every session (including the old one) is gone.
			expect(await sessionCount(shop())).toBe(0)
			const replay = await raw(shop(), '/admin', { cookie: oldSession })
			expect(replay.status).toBe(302)
			expect(replay.headers.get('location')).toMatch(/^\/auth/)
			await page.goto(`${shop().url}/admin`)
			await expect(page).toHaveURL(/\/auth/)

			// The link works once.
			await page.goto(link)
			await expect(page.getByText('This password reset link is invalid, has already been used or has expired.')).toBeVisible()
			await expect(page.getByLabel('New Password')).toHaveCount(0)
			await page.getByRole('link', { name: 'Request a new reset link' }).click()
			await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()

			// The old password no longer works; the new one does.
			await signInWithForm(page, shop(), ADMIN_PASSWORD)
			await expect(page.getByText('Invalid email or password.')).toBeVisible()
			await signInWithForm(page, shop(), 'silk-and-zari-2030')
			await expect(page).toHaveURL(`${shop().url}/admin`)
		})

		test("another address gets the same answer as the admin's, and no mail", async ({ page }) => {
			const count = mailbox().messages.length
			await page.goto(`${shop().url}/auth?mode=reset-email`)
			await page.getByLabel('Email').fill('someone@example.com')
			await page.getByRole('button', { name: 'Send Reset Link' }).click()
			await expect(page.getByText('Password reset email sent! Check your inbox and follow the link to reset your password.')).toBeVisible()
			await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
			expect(mailbox().messages.length).toBe(count)
		})
	})
}

test.describe('reset links over HTTP', () => {
	test('an expired link is refused and changes nothing', async () => {
		const link = await requestLink()
		const token = tokenOf(link)
		await shop()
			.db()
			.updateTable('password_reset_tokens')
			.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
			.execute()
		const page = await raw(shop(), `/auth?reset=true&token=${token}`)
		expect(page.status).toBe(400)
		expect(await shownText(page)).toContain('This password reset link is invalid, has already been used or has expired.')
		const post = await raw(shop(), '/auth?reset=true', {
			method: 'POST',
			body: form({ intent: 'set-password', token, password: 'expired-attempt', confirmPassword: 'expired-attempt' }),
		})
		expect(post.status).toBe(400)
		expect(await shownText(post)).toContain('This password reset link is invalid')
		const { password_hash } = await shop().db().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()
		expect(await verifyPasswordHash(ADMIN_PASSWORD, password_hash)).toBe(true)
	})

	test('a used link cannot be replayed, even by a direct POST', async () => {
		const token = tokenOf(await requestLink())
		const body = () => form({ intent: 'set-password', token, password: 'first-use-pass', confirmPassword: 'first-use-pass' })
		expect((await raw(shop(), '/auth', { method: 'POST', body: body() })).status).toBe(302)
		const again = await raw(shop(), '/auth', {
			method: 'POST',
			body: form({ intent: 'set-password', token, password: 'second-use', confirmPassword: 'second-use' }),
		})
		expect(again.status).toBe(400)
		const { password_hash } = await shop().db().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()
		expect(await verifyPasswordHash('first-use-pass', password_hash)).toBe(true)
	})

	test('a new request voids the older link', async () => {
		const first = tokenOf(await requestLink())
		const second = tokenOf(await requestLink())
		expect((await raw(shop(), `/auth?reset=true&token=${first}`)).status).toBe(400)
		expect((await raw(shop(), `/auth?reset=true&token=${second}`)).status).toBe(200)
	})

	test('the link comes from APP_ORIGIN, whatever Host or X-Forwarded-Host say', async () => {
		// A script, not a browser (a browser's Origin would not match the forged host and be refused).
		const link = await requestLink({ 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }, true)
		tokenOf(link)
		expect(new URL(link).origin).toBe(shop().url)
	})

	test('reset requests are throttled too: 429 after 5 in 15 minutes', async () => {
		for (let i = 0; i < 5; i++) await requestLink()
		const count = mailbox().messages.length
		// Posted where the reset form posts (its page), which shows the refusal next to the form.
		const blocked = await raw(shop(), '/auth?mode=reset-email', {
			method: 'POST',
			body: form({ intent: 'reset-email', email: ADMIN_EMAIL }),
		})
		expect(blocked.status).toBe(429)
		expect(await shownText(blocked)).toContain('Too many attempts. Try again in 15 minutes.')
		expect(mailbox().messages.length).toBe(count)
	})

	test('no token ever reaches the server log', async () => {
		// Links of this test (opened, used, and one refused) plus those of the tests before it.
		const token = tokenOf(await requestLink())
		expect((await raw(shop(), `/auth?reset=true&token=${token}`)).status).toBe(200)
		const used = await raw(shop(), `/auth?reset=true&token=${token}`, {
			method: 'POST',
			body: form({ intent: 'set-password', token, password: 'logged-nowhere', confirmPassword: 'logged-nowhere' }),
		})
		expect(used.status).toBe(302)
		expect((await raw(shop(), `/auth.data?reset=true&token=${token}`)).status).toBe(400)
		expect(seenTokens.length).toBeGreaterThanOrEqual(1)
		const log = shop().logs.join('')
		expect(log).toContain('GET /auth ')
		for (const token of seenTokens) expect(log).not.toContain(token)
	})
})
