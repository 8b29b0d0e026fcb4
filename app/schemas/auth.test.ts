import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { AUTH_MESSAGES, byteLength, checkNewPassword, newPasswordSchema, signInSchema, tooManyAttemptsMessage } from './auth'

function form(entries: Record<string, string>) {
	const fd = new FormData()
	for (const [k, v] of Object.entries(entries)) fd.set(k, v)
	return fd
}

describe('new password rules', () => {
	test('the original messages, in the original order', () => {
		expect(checkNewPassword('', '')?.message).toBe('Please fill in all password fields.')
		expect(checkNewPassword('abcdef', '')?.message).toBe('Please fill in all password fields.')
		expect(checkNewPassword('abc', 'abd')?.message).toBe('Passwords do not match.')
		expect(checkNewPassword('abc', 'abc')?.message).toBe('Password must be at least 6 characters long.')
		expect(checkNewPassword('abcdef', 'abcdef')).toBeNull()
	})

	test('more than 72 bytes is refused, counted in UTF-8 bytes', () => {
		expect(checkNewPassword('a'.repeat(72), 'a'.repeat(72))).toBeNull()
		expect(checkNewPassword('a'.repeat(73), 'a'.repeat(73))?.message).toBe(AUTH_MESSAGES.tooLong)
		const emoji = '🪡'.repeat(19) // 76 bytes, 19 characters
		expect(byteLength(emoji)).toBe(76)
		expect(checkNewPassword(emoji, emoji)?.message).toBe(AUTH_MESSAGES.tooLong)
	})

	test('the form schema puts each message under its field', () => {
		const empty = parseWithZod(form({ intent: 'set-password', token: 'x' }), { schema: newPasswordSchema })
		expect(empty.status).toBe('error')
		expect(empty.reply().error).toEqual({ password: ['Please fill in all password fields.'] })
		const mismatch = parseWithZod(form({ intent: 'set-password', password: 'abcdefg', confirmPassword: 'abcdefh' }), { schema: newPasswordSchema })
		expect(mismatch.reply().error).toEqual({ confirmPassword: ['Passwords do not match.'] })
	})
})

describe('sign-in form', () => {
	test('refuses an over-long password before anything is compared', () => {
		const result = parseWithZod(form({ intent: 'sign-in', email: 'admin@example.com', password: 'x'.repeat(73) }), { schema: signInSchema })
		expect(result.reply().error).toEqual({ password: [AUTH_MESSAGES.tooLong] })
	})
})

test('throttle message', () => {
	expect(tooManyAttemptsMessage(15)).toBe('Too many attempts. Try again in 15 minutes.')
	expect(tooManyAttemptsMessage(0.2)).toBe('Too many attempts. Try again in 1 minute.')
	expect(tooManyAttemptsMessage(9.01)).toBe('Too many attempts. Try again in 10 minutes.')
})
