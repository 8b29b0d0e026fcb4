import { expect, test } from '@playwright/test'

import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { form, raw, resetLinkIn, securityLog, setCookie, useMailbox } from './auth-helpers'

// One structured line per security event, read from the server's own output: UTC time, event,
// outcome, client address; never a password, token or cookie.

const shopEnv: Record<string, string> = {}
const mailbox = useMailbox(shopEnv)
const shop = useShop({ env: shopEnv })

test('sign-in, throttling, sign-out, reset and password change each leave one line, and no secret is ever printed', async () => {
	test.setTimeout(90_000)
	const from = shop().logs.length
	const post = (path: string, fields: Record<string, string>, cookie?: string) =>
		raw(shop(), path, { method: 'POST', cookie, body: form(fields) })
	const secrets: string[] = []

	// A wrong password, then the right one.
	expect((await post('/auth', { intent: 'sign-in', email: ADMIN_EMAIL, password: 'wrong-secret-guess' })).status).toBe(401)
	secrets.push('wrong-secret-guess')
	const signedIn = await post('/auth', { intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
	expect(signedIn.status).toBe(302)
	const cookie = setCookie(signedIn, '__session')!.split(';')[0]!
	const device = setCookie(signedIn, '__device')!.split(';')[0]!
	secrets.push(cookie.split('=')[1]!, device.split('=')[1]!, decodeURIComponent(cookie.split('=')[1]!))

	// A password change (first with a wrong current password).
	expect(
		(
			await post(
				'/admin/settings/password',
				{ currentPassword: 'not-current-pw', newPassword: 'log-test-pass-1', confirmPassword: 'log-test-pass-1' },
				cookie,
			)
		).status,
	).toBe(400)
	expect(
		(
			await post(
				'/admin/settings/password',
				{ currentPassword: ADMIN_PASSWORD, newPassword: 'log-test-pass-1', confirmPassword: 'log-test-pass-1' },
				cookie,
			)
		).status,
	).toBe(302)
	secrets.push('not-current-pw', 'log-test-pass-1')

	// Sign-out.
	expect((await post('/auth/sign-out', {}, cookie)).status).toBe(302)

	// A reset: requested, mailed, completed.
	const count = mailbox().messages.length
	expect((await post('/auth', { intent: 'reset-email', email: ADMIN_EMAIL })).status).toBe(302)
	const token = new URL(resetLinkIn((await mailbox().waitFor(count + 1)).raw)).searchParams.get('token')!
	secrets.push(token)
	expect((await post('/auth', { intent: 'set-password', token, password: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD })).status).toBe(
		302,
	)
	expect(
		(await post('/auth', { intent: 'set-password', token, password: 'replayed-link-1', confirmPassword: 'replayed-link-1' })).status,
	).toBe(400)

	// Five failures in a row, then the throttle.
	await shop().db().deleteFrom('auth_failures').execute()
	for (let i = 0; i < 5; i++) await post('/auth', { intent: 'sign-in', email: ADMIN_EMAIL, password: `wrong-secret-${i}` })
	expect((await post('/auth', { intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(429)

	await expect.poll(() => securityLog(shop(), from).length).toBeGreaterThanOrEqual(14)
	const lines = securityLog(shop(), from)
	expect(lines.map((l) => `${l.event} ${l.outcome}`)).toEqual([
		'sign-in failure',
		'sign-in success',
		'password-changed failure',
		'password-changed success',
		'sign-out success',
		'reset-requested success',
		'reset-completed success',
		'reset-completed failure',
		'sign-in failure',
		'sign-in failure',
		'sign-in failure',
		'sign-in failure',
		'sign-in failure',
		'throttled refused',
	])
	for (const line of lines) {
		expect(line.type).toBe('security')
		expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
		expect(line.client).toBe('127.0.0.1')
	}
	expect(lines[0]!.detail).toBe('wrong-password')
	// Strangers' failures never lock the account itself: the address that kept guessing waits.
	expect(lines.at(-1)!.detail).toBe('sign-in per address')

	const everything = shop().logs.slice(from).join('')
	for (const secret of secrets) expect(everything, 'a secret in the log').not.toContain(secret)
	expect(everything).not.toContain(ADMIN_PASSWORD)
})
