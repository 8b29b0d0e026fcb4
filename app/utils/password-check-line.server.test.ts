import bcrypt from 'bcryptjs'
import { describe, expect, test } from 'vitest'

import { SERVER_LIMITS } from '~/constants.server'

import { joinLine, lineHasRoom } from './password-check-line.server'
import { BCRYPT_COST, hashPassword, typicalCheckMs, verifyPasswordHash } from './password-hash.server'
import { bcryptCompare } from './password-worker.server'

// Cost 4 keeps the order tests fast; the line and the worker do not look at the cost.

describe('the line of strangers’ sign-in checks', () => {
	test('one check at a time and four waiting: the next is refused at once, and a place that leaves makes room', async () => {
		const places = Array.from({ length: SERVER_LIMITS.signInWaiting + 1 }, () => joinLine())
		expect(places.every(Boolean)).toBe(true)
		expect(lineHasRoom()).toBe(false)
		expect(joinLine()).toBeNull()
		places.at(-1)!.leave()
		places.at(-1)!.leave() // twice is harmless
		expect(lineHasRoom()).toBe(true)
		const again = joinLine()
		expect(again).not.toBeNull()
		for (const place of [...places, again]) place!.leave()
		expect(lineHasRoom()).toBe(true)
	})

	test('checks run in the order they joined, and one that leaves before its turn lets the next one go', async () => {
		const hash = await hashPassword('silk-and-zari', 4)
		const done: string[] = []
		const [a, b, c] = [joinLine()!, joinLine()!, joinLine()!]
		b.leave()
		await Promise.all([
			c.check('silk-and-zari', hash).then((ok) => done.push(`c:${ok}`)),
			a.check('wrong-password', hash).then((ok) => done.push(`a:${ok}`)),
		])
		expect(done).toEqual(['a:false', 'c:true'])
		expect(lineHasRoom()).toBe(true)
	})
})

describe('the password worker', () => {
	test('checks of browsers the shop knows go ahead of strangers’ checks that wait', async () => {
		const hash = bcrypt.hashSync('x', 8)
		const done: string[] = []
		const strangers = [1, 2, 3].map((n) => bcryptCompare('x', hash, 'after').then(() => done.push(`stranger ${n}`)))
		const known = bcryptCompare('x', hash, 'first').then(() => done.push('known'))
		await Promise.all([...strangers, known])
		// The first stranger's check was already running; the known browser's went next.
		expect(done).toEqual(['stranger 1', 'known', 'stranger 2', 'stranger 3'])
	})

	test('a check against no hash runs no bcrypt, yet takes about as long as a real one', async () => {
		const real = await hashPassword('silk-and-zari')
		expect(await verifyPasswordHash('silk-and-zari', real)).toBe(true)
		expect(typicalCheckMs()).toBeGreaterThan(0)

		const cpu = process.cpuUsage() // every thread of the process, the worker's included
		const started = performance.now()
		for (let i = 0; i < 3; i++) expect(await verifyPasswordHash('silk-and-zari', null, 'after')).toBe(false)
		const wall = (performance.now() - started) / 3
		const used = process.cpuUsage(cpu)
		const cpuMs = (used.user + used.system) / 1000

		const realCpu = process.cpuUsage()
		await verifyPasswordHash('wrong-password', real)
		const realUsed = process.cpuUsage(realCpu)
		const realCpuMs = (realUsed.user + realUsed.system) / 1000

		expect(cpuMs, `three checks without a hash used ${cpuMs} ms of CPU, one real check ${realCpuMs} ms`).toBeLessThan(realCpuMs / 2)
		// It waited as long as one of the recent real checks: at least half the typical one.
		expect(wall).toBeGreaterThan(typicalCheckMs() / 2)
		expect(BCRYPT_COST).toBe(12)
	})
})
