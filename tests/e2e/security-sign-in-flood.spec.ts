import crypto from 'node:crypto'
import fs from 'node:fs'

import { expect, test } from '@playwright/test'

import { ADMIN_EMAIL, ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { clearThrottle, form, raw, setCookie } from './auth-helpers'

// Floods of sign-in attempts from many addresses: bcrypt runs on a thread of its own, strangers'
// checks wait in a short line (one checked, four waiting, the rest told to come back: 503 with
// Retry-After, before anything is counted or hashed), an address that is not the admin's runs no
// bcrypt yet takes as long and fills the line alike, and a browser that signed in before goes ahead
// of the line. TRUST_PROXY=1: every attempt comes from an address of its own (X-Forwarded-For).

const shop = useShop({ env: { TRUST_PROXY: '1' } })

const BUSY = 'Many sign-ins are being checked right now. Please try again in a few seconds.'
const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
const randomEmail = () => `${crypto.randomBytes(6).toString('hex')}@example.com`
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

test.beforeEach(async () => {
	await clearThrottle(shop())
})

type Attempt = { email?: string; password?: string; from?: string; cookie?: string; signal?: AbortSignal }

const signIn = ({ email = ADMIN_EMAIL, password = ADMIN_PASSWORD, from, cookie, signal }: Attempt = {}) =>
	raw(shop(), '/auth', {
		method: 'POST',
		cookie,
		signal,
		headers: from ? { 'X-Forwarded-For': from } : undefined,
		body: form({ intent: 'sign-in', email, password }),
	})

type Answer = { status: number; retryAfter: string | null; busy: boolean; at: number; from: string }

/**
 * `count` attempts at once, each from its own address; their answers, with when each arrived.
 * `answered` counts them as they come in.
 */
function burst(count: number, attempt: () => Attempt, signal?: AbortSignal, answered = { count: 0 }): Promise<Answer[]> {
	return Promise.all(
		Array.from({ length: count }, async () => {
			const from = randomAddress()
			try {
				const response = await signIn({ ...attempt(), from, signal })
				const body = await response.text()
				return {
					status: response.status,
					retryAfter: response.headers.get('retry-after'),
					busy: body.includes(BUSY),
					at: performance.now(),
					from,
				}
			} catch {
				return { status: 0, retryAfter: null, busy: false, at: performance.now(), from }
			} finally {
				answered.count++
			}
		}),
	)
}

/** CPU time the shop's process has used so far (ms), all its threads (the password worker's too). */
function cpuMs(pid: number) {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
	return (Number(fields[11]) + Number(fields[12])) * 10
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function sellersDeviceCookie() {
	const before = loggedSignIns().length
	const first = await signIn()
	expect(first.status).toBe(302)
	// Its line is in the log before anything else is measured from it.
	await expect.poll(() => loggedSignIns().length).toBe(before + 1)
	return setCookie(first, '__device')!.split(';')[0]!
}

/** The server's time (ms, from its request log) of every sign-in from the test's own address so far. */
function loggedSignIns() {
	// The strangers' attempts carry X-Forwarded-For; only the seller's come from 127.0.0.1.
	const lines = shop()
		.logs.join('')
		.matchAll(/^127\.0\.0\.1 POST \/auth 302 ([\d.]+)ms$/gm)
	return [...lines].map((m) => Number(m[1]))
}

/**
 * Five sign-ins of the seller's browser, one after the other: how long the server took over each (from
 * its request log, so the test's own busy process does not count), and their median. A refused or
 * lost sign-in counts as forever.
 */
async function sellersSignIn(device: string) {
	const before = loggedSignIns().length
	let signedIn = 0
	for (let i = 0; i < 5; i++) {
		const response = await signIn({ cookie: device, signal: AbortSignal.timeout(30_000) }).catch(() => null)
		if (response?.status === 302) signedIn++
	}
	if (signedIn < 5) return { median: Number.POSITIVE_INFINITY, times: [] }
	await expect.poll(() => loggedSignIns().length).toBe(before + 5)
	const times = loggedSignIns().slice(before)
	return { median: median(times), times }
}

test("200 concurrent sign-ins with random emails: /healthz stays under 250 ms and the seller's own sign-in under 2 s", async () => {
	test.setTimeout(180_000)
	const device = await sellersDeviceCookie()
	// Her sign-in is one bcrypt of her own (about 0.3 to 0.7 s on an idle machine of two cores, measured
	// by the server); on a machine shared with other work it takes longer, so the bound is 2 s or three
	// times what it takes her just before the flood, whichever is more. Behind 200 strangers' checks it
	// took minutes.
	const quiet = await sellersSignIn(device)
	const bound = Math.max(2_000, 3 * quiet.median)

	const stop = new AbortController()
	const answered = { count: 0 }
	const flood = burst(200, () => ({ email: randomEmail(), password: 'a-guess-of-theirs' }), stop.signal, answered)

	const probes: number[] = []
	let probing = true
	const prober = (async () => {
		while (probing) {
			const started = performance.now()
			const res = await fetch(`${shop().url}/healthz`, { headers: { 'X-Forwarded-For': '192.0.2.10' } })
			await res.arrayBuffer()
			expect(res.status).toBe(200)
			probes.push(performance.now() - started)
			await wait(100)
		}
	})()

	// She signs in while strangers' checks still wait in line. (Not while the 200 posts are still being
	// read: answering them, like 200 page views at once, takes the server a moment whatever they are,
	// and it shows as one slow /healthz probe; strangers' checks used to keep her waiting long after.)
	const deadline = Date.now() + 20_000
	while (answered.count < 190 && Date.now() < deadline) await wait(50)
	const seller = await sellersSignIn(device)
	const answers = await Promise.race([flood, wait(60_000).then(() => null)])
	probing = false
	stop.abort()
	await prober

	const summary = `seller before ${quiet.times.map((ms) => ms.toFixed(0)).join(', ')} ms, during ${seller.times.map((ms) => ms.toFixed(0)).join(', ')} ms; /healthz ${probes.length} probes, median ${median(probes).toFixed(0)} ms, slowest ${Math.max(...probes).toFixed(0)} ms`
	test.info().annotations.push({ type: 'flood', description: summary })
	expect(seller.median, summary).toBeLessThan(bound)
	expect(probes.length).toBeGreaterThan(3)
	expect(median(probes), summary).toBeLessThan(250)
	expect([...probes].sort((a, b) => a - b)[Math.floor(probes.length * 0.9)]!, summary).toBeLessThan(250)

	// Every stranger had an answer soon: checked (401) or told to come back (503, with when and why).
	expect(answers, 'the flood was still being answered after a minute').not.toBeNull()
	expect(answers!.every((a) => a.status === 401 || (a.status === 503 && /^\d+$/.test(a.retryAfter ?? '') && a.busy))).toBe(true)
	expect(answers!.filter((a) => a.status === 503).length).toBeGreaterThan(150)
})

test("strangers' checks of the admin's address: only a few are made, and the seller's browser goes ahead of those waiting", async () => {
	test.setTimeout(180_000)
	const device = await sellersDeviceCookie()
	const flood = burst(60, () => ({ password: 'a-guess-of-theirs' }))
	await wait(200)
	const response = await signIn({ cookie: device })
	expect(response.status).toBe(302)
	const sellerAt = performance.now()
	const answers = await flood

	const checked = answers.filter((a) => a.status === 401)
	expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true)
	expect(checked.length, 'strangers checked').toBeGreaterThan(0)
	expect(checked.length, 'strangers checked').toBeLessThanOrEqual(10)
	// One stranger's check was running when she came; those waiting in line were answered after her.
	expect(checked.filter((a) => a.at > sellerAt).length, 'strangers answered after the seller').toBeGreaterThanOrEqual(2)
})

test('a full line is answered 503 with Retry-After before anything is counted', async () => {
	test.setTimeout(120_000)
	const answers = await burst(12, () => ({ email: randomEmail(), password: 'a-guess-of-theirs' }))
	const refused = answers.filter((a) => a.status === 503)
	expect(refused.length).toBeGreaterThanOrEqual(3)
	const keys = new Set((await shop().db().selectFrom('auth_failures').select('throttle_key').execute()).map((r) => r.throttle_key))
	const keyOf = (address: string) => crypto.createHash('sha256').update(`sign-in:ip:${address}`).digest('hex')
	for (const answer of answers) expect(keys.has(keyOf(answer.from)), `${answer.status} counted`).toBe(answer.status === 401)
})

for (const javaScriptEnabled of [true, false]) {
	test(`a full line shows its message on the form, the email kept (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
		browser,
	}) => {
		test.setTimeout(120_000)
		const context = await browser.newContext({ javaScriptEnabled })
		const page = await context.newPage()
		// Strangers keep the line full meanwhile.
		let flooding = true
		const bursts: Array<Promise<unknown>> = []
		const flood = (async () => {
			while (flooding) {
				bursts.push(burst(6, () => ({ email: randomEmail(), password: 'a-guess-of-theirs' })))
				await wait(250)
			}
		})()
		try {
			await expect(async () => {
				await page.goto(`${shop().url}/auth`)
				await page.getByLabel('Email').fill(ADMIN_EMAIL)
				await page.getByLabel('Password').fill('a-wrong-password')
				await page.getByRole('button', { name: 'Sign In' }).click()
				await expect(page.getByRole('alert').filter({ hasText: BUSY })).toBeVisible({ timeout: 10_000 })
			}).toPass({ timeout: 60_000 })
			await expect(page.getByLabel('Email')).toHaveValue(ADMIN_EMAIL)
			await expect(page.getByLabel('Password')).toHaveValue('')
		} finally {
			flooding = false
			await flood
			// Every answer in: the line is empty for the next test.
			await Promise.all(bursts)
			await context.close()
		}
	})
}

test("which address is the admin's stays unknown: another address uses no bcrypt, yet takes as long and fills the line alike", async () => {
	test.setTimeout(180_000)
	const pid = shop().process.pid!
	const measure = async (attempt: () => Attempt) => {
		const cpu = cpuMs(pid)
		const times: number[] = []
		for (let i = 0; i < 4; i++) {
			const started = performance.now()
			expect((await signIn({ ...attempt(), from: randomAddress() })).status).toBe(401)
			times.push(performance.now() - started)
		}
		return { cpu: cpuMs(pid) - cpu, wall: median(times) }
	}
	const admins = await measure(() => ({ password: 'a-guess-of-theirs' }))
	const others = await measure(() => ({ email: randomEmail(), password: 'a-guess-of-theirs' }))
	const summary = `admin's address: ${admins.cpu} ms CPU, ${admins.wall.toFixed(0)} ms each; others: ${others.cpu} ms CPU, ${others.wall.toFixed(0)} ms each`
	test.info().annotations.push({ type: 'timing', description: summary })
	expect(others.cpu, summary).toBeLessThan(admins.cpu / 2)
	// Drawn from the recent real checks, so the same on a quiet machine; generous for one whose load changes.
	expect(others.wall, summary).toBeGreaterThan(admins.wall / 3)
	expect(others.wall, summary).toBeLessThan(admins.wall * 3)

	// (A burst is over when all its answers are in: the line is empty again.)
	const admin = await burst(12, () => ({ password: 'a-guess-of-theirs' }))
	const other = await burst(12, () => ({ email: 'someone@example.com', password: 'a-guess-of-theirs' }))
	const checked = (answers: Answer[]) => answers.filter((a) => a.status === 401).length
	const line = `admin's address: ${checked(admin)} checked of 12; another: ${checked(other)} checked of 12`
	expect(admin.every((a) => a.status === 401 || a.status === 503)).toBe(true)
	expect(other.every((a) => a.status === 401 || a.status === 503)).toBe(true)
	expect(checked(admin), line).toBeLessThanOrEqual(9)
	expect(checked(other), line).toBeLessThanOrEqual(9)
	expect(Math.abs(checked(admin) - checked(other)), line).toBeLessThanOrEqual(3)
})
