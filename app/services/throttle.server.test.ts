import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'
import { addressBucket, networkBucket } from '~/utils/client-ip.server'
import { resetEnvCache } from '~/utils/env.server'

import { message } from '../../tests/helpers/i18n'
import { attemptSucceeded, beginAttempt, cancelAttempt, throttleKeys } from './throttle.server'

let dir: string
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-throttle-'))
	process.env.DATABASE_PATH = path.join(dir, 'shop.db')
	resetEnvCache()
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})
beforeEach(async () => {
	await getDb().deleteFrom('auth_failures').execute()
})

const MINUTE = 60_000
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE)
const admin = { email: 'admin@example.com', clientAddress: '203.0.113.7' }

describe('sign-in throttle', () => {
	test('five failures in 15 minutes, then refused with the minutes left', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++) expect((await beginAttempt('sign-in', admin, at(start, i))).limited).toBe(false)
		const sixth = await beginAttempt('sign-in', admin, at(start, 5))
		expect(sixth.limited).toBe(true)
		// The first failure (minute 0) leaves the window at minute 15: 10 minutes from minute 5.
		if (sixth.limited) {
			expect(sixth.retryAfterSeconds).toBe(600)
			expect(message(sixth.message)).toBe('Too many attempts. Try again in 10 minutes.')
		}
		// A refused attempt is not counted, so the window really ends.
		const later = await beginAttempt('sign-in', admin, at(start, 15))
		expect(later.limited).toBe(false)
	})

	test("strangers' failures on an account from many addresses never refuse it: they mark it as under attack", async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 40; i++) {
			const attempt = await beginAttempt('sign-in', { email: 'ADMIN@example.com', clientAddress: `198.51.100.${i}` }, start)
			expect(attempt.limited).toBe(false)
			expect(!attempt.limited && attempt.accountUnderAttack).toBe(i >= 5)
		}
		const seller = await beginAttempt('sign-in', { email: 'admin@example.com', clientAddress: '192.0.2.1' }, start)
		expect(seller.limited).toBe(false)
		expect(!seller.limited && seller.accountUnderAttack).toBe(true)
	})

	test('one address guessing many accounts is refused, whatever the account; another address is not', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++) await beginAttempt('sign-in', { email: `guess${i}@example.com`, clientAddress: '192.0.2.9' }, start)
		const same = await beginAttempt('sign-in', { email: 'admin@example.com', clientAddress: '192.0.2.9' }, start)
		expect(same.limited && same.by).toEqual(['address'])
		const other = await beginAttempt('sign-in', { email: 'admin@example.com', clientAddress: '192.0.2.10' }, start)
		expect(other.limited).toBe(false)
		expect(!other.limited && other.accountUnderAttack).toBe(false)
	})

	test('a success forgets the email’s failures', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 4; i++) await beginAttempt('sign-in', admin, start)
		const good = await beginAttempt('sign-in', admin, start)
		expect(good.limited).toBe(false)
		if (!good.limited) await attemptSucceeded(good)
		expect((await beginAttempt('sign-in', { ...admin, clientAddress: '192.0.2.50' }, start)).limited).toBe(false)
	})

	test('parallel attempts are all counted: no more than five get through', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		const results = await Promise.all(Array.from({ length: 12 }, () => beginAttempt('sign-in', admin, start)))
		expect(results.filter((r) => !r.limited)).toHaveLength(5)
	})

	test('reset requests have their own count', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++) await beginAttempt('sign-in', admin, start)
		expect((await beginAttempt('reset', admin, start)).limited).toBe(false)
	})

	test('reset requests are refused per account too: each one may send a mail', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++)
			expect((await beginAttempt('reset', { ...admin, clientAddress: `198.51.100.${i}` }, start)).limited).toBe(false)
		const sixth = await beginAttempt('reset', { ...admin, clientAddress: '198.51.100.99' }, start)
		expect(sixth.limited && sixth.by).toEqual(['account'])
	})

	test('a cancelled attempt is taken back from every count', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 10; i++) {
			const attempt = await beginAttempt('sign-in', admin, start)
			if (attempt.limited) throw new Error('a cancelled attempt was counted')
			await cancelAttempt(attempt)
		}
		const next = await beginAttempt('sign-in', admin, start)
		expect(!next.limited && next.accountUnderAttack).toBe(false)
	})

	test('keys hold neither the email nor the address', () => {
		const keys = throttleKeys('sign-in', admin)
		const text = keys.map((k) => k.key).join()
		expect(text).not.toContain('admin')
		expect(text).not.toContain('203.0.113.7')
		expect(throttleKeys('sign-in', { ...admin, email: ' Admin@Example.com ' })).toEqual(keys)
		expect(throttleKeys('sign-in', { ...admin, deviceId: 'abcdefghijklmnopqrstuv' })[0]!.key).not.toContain('abcdefghijklmnopqrstuv')
	})
})

describe('a browser that signed in before (device cookie)', () => {
	const seller = { ...admin, clientAddress: '198.51.100.20', deviceId: 'sellers-phone-device-1' }

	test("strangers' failures never refuse the seller's browser, not even from the strangers' own address", async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++) await beginAttempt('sign-in', { email: admin.email, clientAddress: '192.0.2.0' }, start)
		const stranger = await beginAttempt('sign-in', { email: admin.email, clientAddress: '192.0.2.0' }, start)
		expect(stranger.limited && stranger.by).toEqual(['address'])
		// Same address as the stranger (a shared mobile network): not refused, and counted on its own.
		const own = await beginAttempt('sign-in', { ...seller, clientAddress: '192.0.2.0' }, start)
		expect(own.limited).toBe(false)
		expect(!own.limited && own.accountUnderAttack).toBe(false)
	})

	test('is throttled on its own: its own five failures lock it, and nobody else', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++) expect((await beginAttempt('sign-in', seller, start)).limited).toBe(false)
		const sixth = await beginAttempt('sign-in', seller, start)
		expect(sixth.limited && sixth.by).toEqual(['device'])
		expect((await beginAttempt('sign-in', { ...seller, deviceId: 'sellers-laptop-device' }, start)).limited).toBe(false)
		expect((await beginAttempt('sign-in', admin, start)).limited).toBe(false)
	})

	test("its success forgets its own failures but not a stranger's against the account", async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++) await beginAttempt('sign-in', { email: admin.email, clientAddress: `192.0.2.${i}` }, start)
		for (let i = 0; i < 4; i++) await beginAttempt('sign-in', seller, start)
		const good = await beginAttempt('sign-in', seller, start)
		if (good.limited) throw new Error('the seller was locked out')
		await attemptSucceeded(good)
		for (let i = 0; i < 5; i++) expect((await beginAttempt('sign-in', seller, start)).limited).toBe(false)
		const stranger = await beginAttempt('sign-in', { email: admin.email, clientAddress: '192.0.2.77' }, start)
		expect(!stranger.limited && stranger.accountUnderAttack).toBe(true)
	})
})

describe('client addresses', () => {
	test('IPv6 clients are counted per /64, IPv4 per address', () => {
		expect(addressBucket('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64')
		expect(addressBucket('2001:DB8:ABCD:0012::9')).toBe('2001:db8:abcd:12::/64')
		expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64')
		expect(addressBucket('::1')).toBe('0:0:0:0::/64')
		expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
		expect(addressBucket('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64')
		expect(addressBucket('203.0.113.7')).toBe('203.0.113.7')
		expect(addressBucket('unknown')).toBe('unknown')
	})

	test('IPv6 clients are counted per /48 as well; IPv4 ones have no /48', () => {
		expect(networkBucket('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48')
		expect(networkBucket('2001:db8::1')).toBe('2001:db8:0::/48')
		expect(networkBucket('203.0.113.7')).toBeNull()
		expect(throttleKeys('sign-in', { ...admin, clientAddress: '2001:db8:1:2::1' }).map((k) => k.kind)).toEqual([
			'account',
			'address',
			'network',
		])
		expect(throttleKeys('sign-in', admin).map((k) => k.kind)).toEqual(['account', 'address'])
	})

	test('twenty failures from twenty /64s of one /48 stop the whole /48, and only it', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 20; i++) {
			const attempt = await beginAttempt(
				'sign-in',
				{ email: `guess${i}@example.com`, clientAddress: `2001:db8:1:${i.toString(16)}::1` },
				start,
			)
			expect(attempt.limited).toBe(false)
		}
		const sameNet = await beginAttempt('sign-in', { email: 'other@example.com', clientAddress: '2001:db8:1:ff::1' }, start)
		expect(sameNet.limited && sameNet.by).toEqual(['network'])
		expect((await beginAttempt('sign-in', { email: 'other@example.com', clientAddress: '2001:db8:2:ff::1' }, start)).limited).toBe(false)
	})

	test('five failures from one /64 stop every address in it, and only it', async () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 5; i++)
			await beginAttempt('sign-in', { email: `guess${i}@example.com`, clientAddress: `2001:db8:1:2::${i + 1}` }, start)
		const sameNet = await beginAttempt('sign-in', { email: 'other@example.com', clientAddress: '2001:db8:1:2:ffff:ffff:ffff:fffe' }, start)
		expect(sameNet.limited && sameNet.by).toEqual(['address'])
		expect((await beginAttempt('sign-in', { email: 'other@example.com', clientAddress: '2001:db8:1:3::1' }, start)).limited).toBe(false)
	})
})
