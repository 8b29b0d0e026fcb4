import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'
import { createAdmin } from '~/models/admin.server'
import { resetEnvCache } from '~/utils/env.server'
import { routerContextOf } from '~/utils/request-context.server'

import { endSession, readRequestFacts, requireAdmin, safeRedirectPath, startSession } from './session.server'

describe('safeRedirectPath', () => {
	test.each([
		['/admin/products?x=1', '/admin/products?x=1'],
		['/admin/orders/12/edit', '/admin/orders/12/edit'],
		['/admin', '/admin'],
	])('keeps the same-site path %s', (target, expected) => {
		expect(safeRedirectPath(target)).toBe(expected)
	})

	test.each([
		['//evil.example'],
		['//evil.example/admin'],
		['/\\evil.example'],
		['/\\/evil.example'],
		['https://evil.example'],
		['http:evil.example'],
		['javascript:alert(1)'],
		['evil.example'],
		['/admin\\..\\evil'],
		['/\t/evil.example'],
		['/\n/evil.example'],
		[''],
		[null],
		[undefined],
	])('refuses %j and falls back to /admin', (target) => {
		expect(safeRedirectPath(target as string | null | undefined)).toBe('/admin')
	})

	test('the fallback is configurable', () => {
		expect(safeRedirectPath('//evil.example', '')).toBe('')
	})

	test('what it keeps stays on our origin when a browser resolves it', () => {
		for (const target of ['/admin/products?x=1', '/%2F%2Fevil.example', '/.//evil.example']) {
			const kept = safeRedirectPath(target)
			expect(new URL(kept, 'https://shop.example').origin).toBe('https://shop.example')
		}
	})
})

describe('the request facts', () => {
	let dir: string
	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-request-facts-'))
		process.env.DATABASE_PATH = path.join(dir, 'shop.db')
		resetEnvCache()
		await migrateToLatest()
		await createAdmin('admin@example.com', 'not-a-real-hash')
	})
	afterAll(() => {
		closeDb()
		fs.rmSync(dir, { recursive: true, force: true })
	})

	/** A browser's Cookie header carrying a new session of the admin. */
	async function signedInCookie() {
		const setCookie = await startSession(readRequestFacts('203.0.113.9', null), { id: 1, email: 'admin@example.com', locale: 'en' })
		return setCookie.split(';')[0]!
	}

	test('the session and its admin are read once per request, on first use, and kept for the rest of it', async () => {
		const cookie = await signedInCookie()
		const facts = readRequestFacts('203.0.113.9', cookie)
		expect(facts.clientAddress).toBe('203.0.113.9')
		expect(await facts.admin()).toEqual({ id: 1, email: 'admin@example.com', locale: 'en' })
		// Later layers of the same request do not look again: they get what the first one read.
		await getDb().deleteFrom('sessions').execute()
		expect(await facts.admin()).toEqual({ id: 1, email: 'admin@example.com', locale: 'en' })
		const context = routerContextOf(facts)
		expect(await requireAdmin({ request: new Request('http://shop/admin'), context })).toEqual({
			id: 1,
			email: 'admin@example.com',
			locale: 'en',
		})
		// The next request reads the session anew, and finds it gone.
		expect(await readRequestFacts('203.0.113.9', cookie).admin()).toBeNull()
	})

	test('a request that ends its session sees no admin afterwards', async () => {
		const facts = readRequestFacts('203.0.113.9', await signedInCookie())
		expect(await facts.admin()).not.toBeNull()
		const ended = await endSession(facts)
		expect(ended.hadSession).toBe(true)
		expect(await facts.admin()).toBeNull()
		expect(await facts.sessionId()).toBeNull()
		await expect(
			requireAdmin({ request: new Request('http://shop/admin/products'), context: routerContextOf(facts) }),
		).rejects.toBeInstanceOf(Response)
	})

	test('a tampered cookie is no session', async () => {
		const cookie = await signedInCookie()
		const facts = readRequestFacts('203.0.113.9', `${cookie.slice(0, -2)}xx`)
		expect(await facts.sessionId()).toBeNull()
		expect(await facts.admin()).toBeNull()
	})
})
