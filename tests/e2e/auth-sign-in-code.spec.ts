import { expect, type Page, test } from '@playwright/test'

import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { clearThrottle, form, mailSubject, mailText, raw, securityLog, setCookie, shownText, useMailbox } from './auth-helpers'

// With mail set up, strangers guessing at the admin's account make a browser that has not signed in
// before enter a code mailed to the admin as well as the password. The answer to the password is the
// same whether it was right or wrong (the code is mailed only when it was right), so guessing tells a
// stranger nothing; the seller, who reads the mail, is never kept out. TRUST_PROXY=1 so the strangers
// can come from many addresses through X-Forwarded-For; the browser's own requests come from 127.0.0.1.

const shopEnv: Record<string, string> = { TRUST_PROXY: '1' }
const mailbox = useMailbox(shopEnv)
const shop = useShop({ env: shopEnv })

const CODE_ASKED = 'Someone else has been trying passwords on this account'

test.beforeEach(async () => {
	await clearThrottle(shop())
	await shop().db().deleteFrom('sign_in_codes').execute()
})

const signIn = (password: string, init: { from?: string; email?: string; cookie?: string } = {}) =>
	raw(shop(), '/auth', {
		method: 'POST',
		cookie: init.cookie,
		headers: init.from ? { 'X-Forwarded-For': init.from } : undefined,
		body: form({ intent: 'sign-in', email: init.email ?? ADMIN_EMAIL, password }),
	})

const enterCode = (challenge: string, code: string) =>
	raw(shop(), '/auth', { method: 'POST', body: form({ intent: 'sign-in-code', challenge, code }) })

/**
 * Wrong passwords for `email` from `count` strangers, each from an address of its own: refused (401)
 * until the account has five failures, then answered with the code form (200) like any other browser.
 */
async function strangersGuess(count: number, email = ADMIN_EMAIL) {
	for (let i = 0; i < count; i++) {
		const response = await signIn(`stranger-guess-${i}`, { from: `203.0.113.${i + 10}`, email })
		expect(response.status).toBe(i < 5 ? 401 : 200)
	}
}

/** The challenge the code form carries (its hidden field), from an HTML answer. */
function challengeIn(html: string) {
	const match = /name="challenge" value="([\w-]{43})"/.exec(html)
	if (!match) throw new Error('No code form in the answer')
	return match[1]!
}

/** The code of the n-th mail (1-based), read from its subject, after checking the body says the same. */
async function mailedCode(n: number) {
	const mail = await mailbox().waitFor(n)
	expect(mail.to).toEqual([ADMIN_EMAIL])
	const code = /^(\d{6}) is your .* sign-in code$/.exec(mailSubject(mail.raw))?.[1]
	expect(code, mailSubject(mail.raw)).toBeTruthy()
	expect(mailText(mail.raw)).toContain(code!)
	return code!
}

async function fillSignIn(page: Page, password = ADMIN_PASSWORD) {
	await page.goto(`${shop().url}/auth`)
	await page.getByLabel('Email').fill(ADMIN_EMAIL)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign In' }).click()
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test("the seller signs in from a new browser right after 40 strangers' failures, with the code mailed to her", async ({
			page,
			context,
		}) => {
			// Forty real password checks, one after the other: minutes on a busy machine.
			test.setTimeout(360_000)
			await strangersGuess(40)
			const mails = mailbox().messages.length

			await fillSignIn(page)
			await expect(page.getByRole('heading', { name: 'Enter the code from the email' })).toBeVisible()
			await expect(page.getByRole('status').filter({ hasText: CODE_ASKED })).toBeVisible()
			const code = await mailedCode(mails + 1)

			// A mistyped code: its message under the field, the form still there.
			await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByText('That code is not right. Check the latest email and try again.')).toBeVisible()

			await page.getByLabel('Code').fill(`${code.slice(0, 3)} ${code.slice(3)}`)
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin`)
			await expect(page.getByText('Signed in successfully!')).toBeVisible()
			expect((await context.cookies()).some((c) => c.name === '__device')).toBe(true)
		})

		test('a code form sent empty or with letters says what the code is, next to its field', async ({ page }) => {
			await strangersGuess(5)
			await fillSignIn(page, 'a-wrong-password')
			await expect(page.getByRole('heading', { name: 'Enter the code from the email' })).toBeVisible()
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByText('Please enter the code from the email.')).toBeVisible()
			await page.getByLabel('Code').fill('12ab56')
			await page.getByRole('button', { name: 'Sign In' }).click()
			await expect(page.getByText('The code is the 6 digits in the email.')).toBeVisible()
		})
	})
}

test('no code is asked before strangers reach the limit, and a browser that signed in before is never asked', async () => {
	test.setTimeout(120_000)
	await strangersGuess(4)
	const first = await signIn(ADMIN_PASSWORD, { from: '198.51.100.1' })
	expect(first.status).toBe(302)
	const device = setCookie(first, '__device')!.split(';')[0]!

	await strangersGuess(10)
	const mails = mailbox().messages.length
	const known = await signIn(ADMIN_PASSWORD, { from: '198.51.100.2', cookie: device })
	expect(known.status).toBe(302)
	expect(known.headers.get('location')).toBe('/admin')
	expect(mailbox().messages.length).toBe(mails)
})

test('a wrong password gets the same answer as the right one, counts the same, and mails nothing', async () => {
	test.setTimeout(120_000)
	await strangersGuess(5)
	const failures = async () =>
		Number(
			(
				await shop()
					.db()
					.selectFrom('auth_failures')
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirstOrThrow()
			).n,
		)
	const answerOf = async (password: string, from: string) => {
		const before = await failures()
		const response = await signIn(password, { from })
		const html = await response.text()
		const challenge = challengeIn(html)
		return {
			status: response.status,
			cookies: response.headers.getSetCookie().map((c) => c.split('=')[0]),
			// Every page has a random script nonce of its own.
			page: html.replaceAll(challenge, 'CHALLENGE').replace(/nonce="[^"]*"/g, 'nonce="N"'),
			counted: (await failures()) - before,
			challenge,
		}
	}
	const mails = mailbox().messages.length
	const wrong = await answerOf('not-the-password', '198.51.100.10')
	await new Promise((r) => setTimeout(r, 1_000))
	expect(mailbox().messages.length, 'a wrong password mails nothing').toBe(mails)
	const right = await answerOf(ADMIN_PASSWORD, '198.51.100.11')
	await mailbox().waitFor(mails + 1)

	expect(right.status).toBe(200)
	expect(right.page).toContain(CODE_ASKED)
	expect({ ...wrong, challenge: '' }).toEqual({ ...right, challenge: '' })

	// Codes into either challenge answer alike, try after try, until both are used up.
	const answers = async (challenge: string) => {
		const out: string[] = []
		for (let i = 0; i < 6; i++) {
			const response = await enterCode(challenge, '000000')
			const html = await shownText(response)
			out.push(
				`${response.status} ${html.includes('That code is not right.') ? 'wrong' : html.includes('This code no longer works') ? 'gone' : 'other'}`,
			)
		}
		return out
	}
	const wrongTries = await answers(wrong.challenge)
	expect(wrongTries).toEqual(['400 wrong', '400 wrong', '400 wrong', '400 wrong', '400 gone', '400 gone'])
	// (The real code is not 000000 one time in a million: then this test fails, and passes when run again.)
	expect(await answers(right.challenge)).toEqual(wrongTries)
})

test("an address that is not the admin's, guessed at by strangers, answers the same way and mails nothing", async () => {
	test.setTimeout(120_000)
	await strangersGuess(5, 'someone@example.com')
	const mails = mailbox().messages.length
	const response = await signIn('whatever-password', { from: '198.51.100.20', email: 'someone@example.com' })
	expect(response.status).toBe(200)
	const html = await response.text()
	expect(html).toContain(CODE_ASKED)
	challengeIn(html)
	await new Promise((r) => setTimeout(r, 1_000))
	expect(mailbox().messages.length).toBe(mails)
})

test('a code works once and for ten minutes, a newer one voids it, and no code reaches the log', async () => {
	test.setTimeout(120_000)
	const from = shop().logs.length
	await strangersGuess(5)
	const mails = mailbox().messages.length
	const first = challengeIn(await (await signIn(ADMIN_PASSWORD, { from: '198.51.100.30' })).text())
	const firstCode = await mailedCode(mails + 1)
	const second = challengeIn(await (await signIn(ADMIN_PASSWORD, { from: '198.51.100.31' })).text())
	const secondCode = await mailedCode(mails + 2)

	expect(await shownText(await enterCode(first, firstCode))).toContain('This code no longer works')
	const signedIn = await enterCode(second, secondCode)
	expect(signedIn.status).toBe(302)
	expect(signedIn.headers.get('location')).toBe('/admin')
	expect(setCookie(signedIn, '__session')).toMatch(/^__session=[^;]+/)
	expect(setCookie(signedIn, '__device')).toMatch(/^__device=[^;]+/)
	expect((await raw(shop(), '/admin', { cookie: setCookie(signedIn, '__session')!.split(';')[0] })).status).toBe(200)
	// Used: once only.
	expect(await shownText(await enterCode(second, secondCode))).toContain('This code no longer works')

	// Ten minutes on, a code no longer works (its expiry is moved into the past).
	const third = challengeIn(await (await signIn(ADMIN_PASSWORD, { from: '198.51.100.32' })).text())
	const thirdCode = await mailedCode(mails + 3)
	await shop()
		.db()
		.updateTable('sign_in_codes')
		.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
		.execute()
	const expired = await enterCode(third, thirdCode)
	expect(expired.status).toBe(400)
	expect(await shownText(expired)).toContain('This code no longer works')

	const log = shop().logs.slice(from).join('')
	for (const code of [firstCode, secondCode, thirdCode]) expect(log).not.toContain(code)
	expect(securityLog(shop(), from).filter((l) => l.detail === 'code mailed')).toHaveLength(3)
	expect(
		securityLog(shop(), from)
			.filter((l) => l.event === 'sign-in' && l.outcome === 'success')
			.map((l) => l.detail),
	).toEqual(['new browser, mailed code'])
	// Nothing of a code is stored in clear.
	const rows = await shop().db().selectFrom('sign_in_codes').selectAll().execute()
	for (const row of rows) expect(JSON.stringify(row)).not.toContain(thirdCode)
})
