import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'

import { message } from '../../tests/helpers/i18n'
import { AUTH_MESSAGES, checkNewPassword, newPasswordSchema, signInSchema, tooManyAttemptsMessage } from './auth'

function form(entries: Record<string, string>) {
	const fd = new FormData()
	for (const [k, v] of Object.entries(entries)) fd.set(k, v)
	return fd
}

describe('new password rules', () => {
	test('the original messages, in the original order', () => {
		expect(message(checkNewPassword('', '')?.message ?? '')).toBe('Please fill in all password fields.')
		expect(message(checkNewPassword('abcdef', '')?.message ?? '')).toBe('Please fill in all password fields.')
		expect(message(checkNewPassword('abc', 'abd')?.message ?? '')).toBe('Passwords do not match.')
		expect(message(checkNewPassword('abcdefg', 'abcdefg')?.message ?? '')).toBe('Password must be at least 8 characters long.')
		expect(checkNewPassword('abcdefgh', 'abcdefgh')).toBeNull()
	})

	test('lengths count characters as people do: 8 Telugu letters are enough, 64 are welcome', () => {
		const eight = 'పట్టుచీరలు'.slice(0, 8)
		expect([...eight]).toHaveLength(8)
		expect(checkNewPassword(eight, eight)).toBeNull()
		const emoji = '🪡'.repeat(7) // 7 characters, 14 UTF-16 units
		expect(checkNewPassword(emoji, emoji)?.message).toBe(AUTH_MESSAGES.tooShort)
		const long = 'నేత'.repeat(22).slice(0, 64)
		expect(checkNewPassword(long, long)).toBeNull()
	})

	test('more than 256 characters is refused (the ceiling only bounds the work)', () => {
		expect(checkNewPassword('a'.repeat(256), 'a'.repeat(256))).toBeNull()
		expect(message(checkNewPassword('a'.repeat(257), 'a'.repeat(257))?.message ?? '')).toBe(
			'Password is too long: use at most 256 characters.',
		)
	})

	test('the form schema puts each message under its field', () => {
		const empty = parseWithZod(form({ intent: 'set-password', token: 'x' }), { schema: newPasswordSchema })
		expect(empty.status).toBe('error')
		expect(empty.reply().error?.password?.map(message)).toEqual(['Please fill in all password fields.'])
		const mismatch = parseWithZod(form({ intent: 'set-password', password: 'abcdefgh', confirmPassword: 'abcdefgi' }), {
			schema: newPasswordSchema,
		})
		expect(mismatch.reply().error?.confirmPassword?.map(message)).toEqual(['Passwords do not match.'])
	})
})

describe('sign-in form', () => {
	test('refuses an over-long password before anything is compared', () => {
		const result = parseWithZod(form({ intent: 'sign-in', email: 'admin@example.com', password: 'x'.repeat(257) }), {
			schema: signInSchema,
		})
		expect(result.reply().error).toEqual({ password: [AUTH_MESSAGES.tooLong] })
	})
})

test('throttle message', () => {
	expect(message(tooManyAttemptsMessage(15))).toBe('Too many attempts. Try again in 15 minutes.')
	expect(message(tooManyAttemptsMessage(0.2))).toBe('Too many attempts. Try again in 1 minute.')
	expect(message(tooManyAttemptsMessage(9.01))).toBe('Too many attempts. Try again in 10 minutes.')
})
