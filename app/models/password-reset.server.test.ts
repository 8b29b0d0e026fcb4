import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'

import { closeDb, getDb, migrateToLatest } from '~/db.server'
import { resetEnvCache } from '~/utils/env.server'
import { hashCost, verifyPasswordHash } from '~/utils/password-hash.server'

import {
	createPasswordResetToken,
	generateResetToken,
	getResetTokenAdminId,
	hashResetToken,
	RESET_TOKEN_TTL_MS,
	resetPasswordWithToken,
} from './password-reset.server'
import { createSession, getSessionAdmin } from './sessions.server'

let dir: string
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reset-'))
	process.env.DATABASE_PATH = path.join(dir, 'shop.db')
	resetEnvCache()
	await migrateToLatest()
})
afterAll(() => {
	closeDb()
	fs.rmSync(dir, { recursive: true, force: true })
})
beforeEach(async () => {
	const db = getDb()
	await db.deleteFrom('password_reset_tokens').execute()
	await db.deleteFrom('sessions').execute()
	const now = new Date().toISOString()
	await db
		.insertInto('admin')
		.values({
			id: 1,
			email: 'admin@example.com',
			password_hash: bcrypt.hashSync('old-password', 4),
			password_changed_at: now,
			created_at: now,
		})
		.onConflict((oc) => oc.column('id').doUpdateSet({ password_hash: bcrypt.hashSync('old-password', 4) }))
		.execute()
})

const MINUTE = 60_000

describe('reset tokens', () => {
	test('carry 32 random bytes and are stored only as their SHA-256', async () => {
		const token = generateResetToken()
		expect(Buffer.from(token, 'base64url')).toHaveLength(32)
		expect(generateResetToken()).not.toBe(token)
		expect(hashResetToken(token)).toBe(crypto.createHash('sha256').update(token).digest('hex'))

		const issued = await createPasswordResetToken(1)
		const rows = await getDb().selectFrom('password_reset_tokens').selectAll().execute()
		expect(rows).toHaveLength(1)
		expect(rows[0]!.token_hash).toBe(hashResetToken(issued))
		expect(JSON.stringify(rows)).not.toContain(issued)
	})

	test('work for 30 minutes, then never again', async () => {
		const issuedAt = new Date('2030-01-01T10:00:00Z')
		const token = await createPasswordResetToken(1, getDb(), issuedAt)
		expect(RESET_TOKEN_TTL_MS).toBe(30 * MINUTE)
		expect(await getResetTokenAdminId(token, getDb(), new Date(issuedAt.getTime() + 29 * MINUTE))).toBe(1)
		expect(await getResetTokenAdminId(token, getDb(), new Date(issuedAt.getTime() + 30 * MINUTE))).toBeNull()
		expect(await resetPasswordWithToken(token, 'brand-new-pass', getDb(), new Date(issuedAt.getTime() + 31 * MINUTE))).toBe(false)
		const admin = await getDb().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()
		expect(bcrypt.compareSync('old-password', admin.password_hash)).toBe(true)
	})

	test('are single use, and using one sets the password and ends every session', async () => {
		const sessionA = await createSession(1)
		const sessionB = await createSession(1)
		const token = await createPasswordResetToken(1)
		expect(await resetPasswordWithToken(token, 'brand-new-pass')).toBe(true)
		const admin = await getDb().selectFrom('admin').select('password_hash').executeTakeFirstOrThrow()
		expect(await verifyPasswordHash('brand-new-pass', admin.password_hash)).toBe(true)
		expect(hashCost(admin.password_hash)).toBeGreaterThanOrEqual(12)
		expect(await getSessionAdmin(sessionA)).toBeNull()
		expect(await getSessionAdmin(sessionB)).toBeNull()
		expect(await getResetTokenAdminId(token)).toBeNull()
		expect(await resetPasswordWithToken(token, 'another-pass')).toBe(false)
	})

	test('a new request voids the older links', async () => {
		const first = await createPasswordResetToken(1)
		const second = await createPasswordResetToken(1)
		expect(await getResetTokenAdminId(first)).toBeNull()
		expect(await getResetTokenAdminId(second)).toBe(1)
	})

	test('unknown and malformed tokens are refused', async () => {
		await createPasswordResetToken(1)
		expect(await getResetTokenAdminId(generateResetToken())).toBeNull()
		expect(await getResetTokenAdminId("' OR 1=1 --")).toBeNull()
		expect(await getResetTokenAdminId(undefined)).toBeNull()
		expect(await resetPasswordWithToken('short', 'brand-new-pass')).toBe(false)
	})

	test('two requests racing with one token: only one wins', async () => {
		const token = await createPasswordResetToken(1)
		const results = await Promise.all([resetPasswordWithToken(token, 'first-winner'), resetPasswordWithToken(token, 'second-winner')])
		expect(results.filter(Boolean)).toHaveLength(1)
	})
})
