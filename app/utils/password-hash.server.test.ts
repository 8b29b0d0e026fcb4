import bcrypt from 'bcryptjs'
import { describe, expect, test } from 'vitest'

import { BCRYPT_COST, hashCost, hashPassword, needsRehash, verifyPasswordHash } from './password-hash.server'

// Cost 4 keeps these fast; the format and the pre-hash are the same at cost 12.
const TELUGU_64 = 'పోచంపల్లి పట్టు చీర నేసిన చేతులకు నమస్కారం మా ఊరి మగ్గం పాట ఇది'.padEnd(64, 'ా').slice(0, 64)

describe('password hashes', () => {
	test('a hash made by passlib (bcrypt_sha256 v2, the reference implementation) verifies', async () => {
		const fromPasslib = '$bcrypt-sha256$v=2,t=2b,r=4$pK1L7ClfoFcv8b0zYXWUAe$xYdtShA0RsjYHCEyMiFxsyd95q0zff.'
		expect(await verifyPasswordHash('పోచంపల్లి పట్టు చీరలు నేతన్న చేతి పని', fromPasslib)).toBe(true)
		expect(await verifyPasswordHash('పోచంపల్లి పట్టు చీరలు నేతన్న చేతి పన', fromPasslib)).toBe(false)
	})

	test("64 characters of Telugu: every byte counts, also past bcrypt's 72", async () => {
		expect([...TELUGU_64]).toHaveLength(64)
		expect(Buffer.byteLength(TELUGU_64)).toBeGreaterThan(150)
		const hash = await hashPassword(TELUGU_64, 4)
		expect(hash).toMatch(/^\$bcrypt-sha256\$v=2,t=2b,r=4\$[./A-Za-z0-9]{22}\$[./A-Za-z0-9]{31}$/)
		expect(await verifyPasswordHash(TELUGU_64, hash)).toBe(true)
		// Same first 72 bytes, another last character: plain bcrypt would accept this one.
		const lastChanged = `${TELUGU_64.slice(0, -1)}క`
		expect(await verifyPasswordHash(lastChanged, hash)).toBe(false)
		expect(await bcrypt.compare(lastChanged, await bcrypt.hash(TELUGU_64, 4))).toBe(true)
	})

	test('the same text in another Unicode form (composed or not) is the same password', async () => {
		const composed = 'café-silk-saree'
		const decomposed = composed.normalize('NFD')
		expect(decomposed).not.toBe(composed)
		expect(await verifyPasswordHash(decomposed, await hashPassword(composed, 4))).toBe(true)
	})

	test('hashes from before (plain bcrypt) keep working, never past 72 bytes, and ask to be rewritten', async () => {
		const legacy = await bcrypt.hash('a'.repeat(72), 4)
		expect(await verifyPasswordHash('a'.repeat(72), legacy)).toBe(true)
		expect(await verifyPasswordHash('a'.repeat(73), legacy)).toBe(false)
		expect(await verifyPasswordHash('b'.repeat(72), legacy)).toBe(false)
		expect(needsRehash(legacy)).toBe(true)
		expect(hashCost(legacy)).toBe(4)
	})

	test("today's cost is 12; lower costs are rewritten", async () => {
		expect(BCRYPT_COST).toBeGreaterThanOrEqual(12)
		const cheap = await hashPassword('silk-and-zari', 4)
		expect(needsRehash(cheap)).toBe(true)
		expect(hashCost(cheap)).toBe(4)
		expect(needsRehash(cheap.replace('r=4$', `r=${BCRYPT_COST}$`))).toBe(false)
	})

	test('no hash, or something that is not a hash, never matches', async () => {
		expect(await verifyPasswordHash('anything', null)).toBe(false)
		expect(await verifyPasswordHash('anything', 'not-a-hash')).toBe(false)
		expect(await verifyPasswordHash('', '')).toBe(false)
	})
})
