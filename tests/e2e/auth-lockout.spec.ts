import { type BrowserContext, expect, test } from '@playwright/test'

import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { clearThrottle, form, raw, runPasswordCli, setCookie, shownText, signInWithForm } from './auth-helpers'

// Strangers' wrong guesses never keep the seller out: they never lock the account, only the address
// that guesses waits; a browser that signed in successfully before carries a signed device cookie and
// is throttled on its own, even behind the guessing address. IPv6 clients are counted per /64 and per
// /48. This shop has no mail set up (the mailed code for new browsers: auth-sign-in-code.spec.ts).
// TRUST_PROXY=1 so the test can speak from many addresses through X-Forwarded-For, as a proxy would;
// the browser's own requests carry none and come from 127.0.0.1.

const shop = useShop({ env: { TRUST_PROXY: '1' } })

test.beforeEach(async () => {
	await clearThrottle(shop())
})

const signIn = (password: string, init: { cookie?: string; from?: string; email?: string } = {}) =>
	raw(shop(), '/auth', {
		method: 'POST',
		cookie: init.cookie,
		headers: init.from ? { 'X-Forwarded-For': init.from } : undefined,
		body: form({ intent: 'sign-in', email: init.email ?? ADMIN_EMAIL, password }),
	})

/**
 * Five wrong passwords from a stranger's browser (no cookies) at `from` (default: the browser's own
 * 127.0.0.1, a network the seller shares with the stranger); then even the right password is refused
 * there to anyone without a device cookie.
 */
async function strangerMakesTheAddressWait(from?: string) {
	for (let i = 0; i < 5; i++) expect((await signIn(`stranger-guess-${i}`, { from })).status).toBe(401)
	const locked = await signIn(ADMIN_PASSWORD, { from })
	expect(locked.status).toBe(429)
	expect(locked.headers.get('retry-after')).toMatch(/^\d+$/)
}

/** Wrong passwords for the admin's email from `count` strangers, each from an address of its own; their answers' statuses. */
async function strangersGuessFromManyAddresses(count: number) {
	const statuses: number[] = []
	for (let i = 0; i < count; i++) statuses.push((await signIn(`stranger-guess-${i}`, { from: `203.0.113.${i + 10}` })).status)
	return statuses
}

async function deviceCookieOf(context: BrowserContext) {
	return (await context.cookies()).find((c) => c.name === '__device')
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test("five wrong passwords from a stranger on the seller's own network do not lock out the seller's browser", async ({
			page,
			context,
		}) => {
			await signInWithForm(page, shop())
			await expect(page).toHaveURL(`${shop().url}/admin`)
			const device = await deviceCookieOf(context)
			expect(device, 'a device cookie after signing in').toBeTruthy()
			expect(device!.httpOnly).toBe(true)
			// Kept for about a year.
			expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000)
			await context.clearCookies({ name: '__session' })

			await strangerMakesTheAddressWait()

			await signInWithForm(page, shop())
			await expect(page).toHaveURL(`${shop().url}/admin`)
			await expect(page.getByText('Signed in successfully!')).toBeVisible()
			// The stranger's address still waits.
			expect((await signIn(ADMIN_PASSWORD)).status).toBe(429)
		})

		test("the seller signs in from a new browser right after 40 strangers' failures on her email from 40 addresses", async ({
			page,
			context,
		}) => {
			// Forty real password checks, one after the other: minutes on a busy machine.
			test.setTimeout(360_000)
			const strangers = await strangersGuessFromManyAddresses(40)
			expect(await context.cookies()).toEqual([])
			await signInWithForm(page, shop())
			await expect(page).toHaveURL(`${shop().url}/admin`)
			await expect(page.getByText('Signed in successfully!')).toBeVisible()
			expect(await deviceCookieOf(context), 'a device cookie for the new browser').toBeTruthy()
			// Each stranger's guess was checked and refused as wrong; none of them locked anything.
			expect(new Set(strangers)).toEqual(new Set([401]))
		})
	})
}

test('the browser that signed in is throttled on its own, and its own failures lock nobody else', async () => {
	const first = await signIn(ADMIN_PASSWORD)
	expect(first.status).toBe(302)
	const device = setCookie(first, '__device')!.split(';')[0]!
	for (let i = 0; i < 5; i++) expect((await signIn(`my-typo-${i}`, { cookie: device })).status).toBe(401)
	const blocked = await signIn(ADMIN_PASSWORD, { cookie: device })
	expect(blocked.status).toBe(429)
	expect(await shownText(blocked)).toContain('Too many attempts. Try again in 15 minutes.')
	// The account is not locked by that browser's failures: another one (or a new phone) still signs in.
	expect((await signIn(ADMIN_PASSWORD, { from: '198.51.100.5' })).status).toBe(302)
})

test('a forged or altered device cookie counts for nothing', async () => {
	const first = await signIn(ADMIN_PASSWORD)
	const device = setCookie(first, '__device')!.split(';')[0]!
	await clearThrottle(shop())
	await strangerMakesTheAddressWait()
	const [name, value] = device.split('=') as [string, string]
	const decoded = decodeURIComponent(value)
	// Another id under the same signature, and a made-up unsigned one.
	const payload = JSON.parse(Buffer.from(decoded.split('.')[0]!, 'base64').toString('utf8'))
	const swapped = `${Buffer.from(JSON.stringify({ ...payload, id: 'AAAAAAAAAAAAAAAAAAAAAA' })).toString('base64')}.${decoded.split('.')[1]}`
	for (const forged of [`${name}=${encodeURIComponent(swapped)}`, `${name}=${Buffer.from(JSON.stringify(payload)).toString('base64')}`]) {
		expect((await signIn(ADMIN_PASSWORD, { cookie: forged })).status).toBe(429)
	}
	// The real one still works.
	expect((await signIn(ADMIN_PASSWORD, { cookie: device })).status).toBe(302)
})

test('IPv6 clients are counted per /64: another address in the same /64 is refused, another /64 is not', async () => {
	for (let i = 1; i <= 5; i++) {
		const r = await signIn('whatever-guess', { from: `2001:db8:1:2::${i}`, email: `guess${i}@example.com` })
		expect(r.status).toBe(401)
	}
	const sameNet = await signIn(ADMIN_PASSWORD, { from: '2001:db8:1:2:ffff:ffff:ffff:fffe' })
	expect(sameNet.status).toBe(429)
	expect(await sameNet.text()).toMatch(/Too many attempts\. Try again in \d+ minutes?\./)
	expect((await signIn(ADMIN_PASSWORD, { from: '2001:db8:1:3::1' })).status).toBe(302)
})

test('IPv6 clients are counted per /48 too: twenty /64s of one /48 make the whole /48 wait, and no other', async () => {
	test.setTimeout(120_000)
	for (let i = 1; i <= 20; i++) {
		const r = await signIn('whatever-guess', { from: `2001:db8:7:${i.toString(16)}::1`, email: `guess${i}@example.com` })
		expect(r.status).toBe(401)
	}
	const sameNet = await signIn(ADMIN_PASSWORD, { from: '2001:db8:7:ff::1' })
	expect(sameNet.status).toBe(429)
	expect(sameNet.headers.get('retry-after')).toMatch(/^\d+$/)
	expect((await signIn(ADMIN_PASSWORD, { from: '2001:db8:8:ff::1' })).status).toBe(302)
})

test('an address made to wait is let in at once after npm run admin:password on the server', async () => {
	await strangerMakesTheAddressWait('198.51.100.44')
	const cli = await runPasswordCli(shop(), `${ADMIN_PASSWORD}\n`)
	expect(cli.code, cli.stderr).toBe(0)
	expect((await signIn(ADMIN_PASSWORD, { from: '198.51.100.44' })).status).toBe(302)
})
