import { createHash, randomBytes } from 'node:crypto'

import { expect, test } from '@playwright/test'

import { adminSessionCookie } from '../helpers/auth'
import { ADMIN_PASSWORD, useShop } from '../helpers/shop'
import { clearThrottle, form, raw, runPasswordCli } from './auth-helpers'

// The live dashboard's event stream (/admin/events) lives no longer than its session: sign-out, a
// password change, a reset, the password command and expiry all end it within seconds, with an
// `end` event that tells the page not to reconnect. A session holds at most 3 streams; a fourth
// replaces the oldest.

const shop = useShop()

test.beforeEach(async () => {
	await clearThrottle(shop())
})

type Stream = {
	next: (text: string, timeoutMs?: number) => Promise<string>
	ended: (timeoutMs?: number) => Promise<string>
	close: () => void
}

/** Opens the stream as the dashboard's EventSource does and waits for its first event. */
async function openStream(cookie: string): Promise<Stream> {
	const controller = new AbortController()
	const response = await fetch(`${shop().url}/admin/events`, {
		headers: { Cookie: cookie, Accept: 'text/event-stream' },
		signal: controller.signal,
	})
	expect(response.status).toBe(200)
	const reader = response.body!.getReader()
	const decoder = new TextDecoder()
	let seen = ''
	let done = false
	const pump = async (until: () => boolean, timeoutMs: number) => {
		const deadline = setTimeout(() => controller.abort(), timeoutMs)
		try {
			while (!until() && !done) {
				const chunk = await reader.read()
				if (chunk.done) done = true
				else seen += decoder.decode(chunk.value)
			}
		} catch {
			// Aborted by the deadline: the caller's expectation reports it.
		} finally {
			clearTimeout(deadline)
		}
		return seen
	}
	const stream: Stream = {
		next: (text, timeoutMs = 10_000) => pump(() => seen.includes(text), timeoutMs),
		ended: async (timeoutMs = 10_000) => {
			await pump(() => false, timeoutMs)
			if (!done) throw new Error(`The stream was still open after ${timeoutMs} ms:\n${seen}`)
			return seen
		},
		close: () => controller.abort(),
	}
	await stream.next('event: ready')
	return stream
}

const session = async () => `__session=${await adminSessionCookie(shop())}`

/** Saves the shop settings as `cookie`'s admin: every live stream gets a `change` event. */
async function saveSettings(cookie: string) {
	const saved = await raw(shop(), '/admin/settings', {
		method: 'POST',
		cookie,
		body: form({ shopName: 'Pochampally Silk House', whatsappNumber: '919000000000' }),
	})
	expect(saved.status).toBe(302)
}

test("signing out ends that session's stream at once, and only that one", async () => {
	const mine = await session()
	const other = await session()
	const stream = await openStream(mine)
	const otherStream = await openStream(other)
	expect((await raw(shop(), '/auth/sign-out', { method: 'POST', cookie: mine })).status).toBe(302)
	expect(await stream.ended()).toContain('event: end\ndata: {"reason":"signed-out"}')
	// A reconnect is refused, so the browser's EventSource stops for good.
	expect((await fetch(`${shop().url}/admin/events`, { headers: { Cookie: mine, Accept: 'text/event-stream' } })).status).toBe(401)
	// The other device's stream is still live.
	await saveSettings(other)
	const seen = await otherStream.next('event: change')
	expect(seen).toContain('"kind":"settings"')
	expect(seen).not.toContain('event: end')
	otherStream.close()
})

test("a password change ends the other devices' streams; the device that made it keeps its own", async () => {
	const changer = await session()
	const other = await session()
	const changerStream = await openStream(changer)
	const otherStream = await openStream(other)
	const response = await raw(shop(), '/admin/settings/password', {
		method: 'POST',
		cookie: changer,
		body: form({ currentPassword: ADMIN_PASSWORD, newPassword: 'woven-by-hand-77', confirmPassword: 'woven-by-hand-77' }),
	})
	expect(response.status).toBe(302)
	expect(await otherStream.ended()).toContain('"reason":"signed-out"')
	// Still open: a change made now reaches it.
	await saveSettings(changer)
	expect(await changerStream.next('event: change')).toContain('"kind":"settings"')
	changerStream.close()
	await runPasswordCli(shop(), `${ADMIN_PASSWORD}\n`)
})

test('a reset, the password command (another process) and expiry end streams too', async () => {
	// A reset link, as the mail would carry it (this shop has no mail server).
	const token = randomBytes(32).toString('base64url')
	const now = new Date()
	await shop()
		.db()
		.insertInto('password_reset_tokens')
		.values({
			token_hash: createHash('sha256').update(token).digest('hex'),
			admin_id: 1,
			created_at: now.toISOString(),
			expires_at: new Date(now.getTime() + 600_000).toISOString(),
			used_at: null,
		})
		.execute()
	const beforeReset = await openStream(await session())
	const reset = await raw(shop(), '/auth', {
		method: 'POST',
		body: form({ intent: 'set-password', token, password: 'reset-by-link-88', confirmPassword: 'reset-by-link-88' }),
	})
	expect(reset.status).toBe(302)
	expect(await beforeReset.ended()).toContain('"reason":"signed-out"')

	const beforeCli = await openStream(await session())
	expect((await runPasswordCli(shop(), `${ADMIN_PASSWORD}\n`)).code).toBe(0)
	expect(await beforeCli.ended()).toContain('"reason":"signed-out"')

	const expiring = await session()
	const beforeExpiry = await openStream(expiring)
	await shop()
		.db()
		.updateTable('sessions')
		.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
		.execute()
	expect(await beforeExpiry.ended()).toContain('"reason":"signed-out"')
})

test('a session holds at most 3 streams: a fourth replaces the oldest', async () => {
	const cookie = await session()
	const streams = [await openStream(cookie), await openStream(cookie), await openStream(cookie)]
	const fourth = await openStream(cookie)
	expect(await streams[0]!.ended()).toContain('event: end\ndata: {"reason":"replaced"}')
	await saveSettings(cookie)
	for (const stream of [streams[1]!, streams[2]!, fourth]) {
		const seen = await stream.next('event: change')
		expect(seen).toContain('"kind":"settings"')
		expect(seen).not.toContain('event: end')
		stream.close()
	}
})
