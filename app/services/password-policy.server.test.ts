import { describe, expect, test } from 'vitest'

import { AUTH_MESSAGES } from '~/schemas/auth'

import { checkNewPasswordOnServer, COMMON_PASSWORDS_REFUSED, isCommonPassword, passwordPolicyProblem } from './password-policy.server'

describe('the server-side password rules', async () => {
	test('the 10 000 most common passwords are refused, whatever their letter case', async () => {
		expect(COMMON_PASSWORDS_REFUSED).toBe(10_000)
		for (const common of ['password', 'iloveyou', '12345678', 'qwertyuiop', 'sunshine1', 'Password1', 'PASSWORD']) {
			expect(await isCommonPassword(common), common).toBe(true)
		}
		expect(await isCommonPassword('silk-and-zari-2030')).toBe(false)
		expect(await isCommonPassword('పోచంపల్లి పట్టు')).toBe(false)
	})

	test('the checks come after the shared ones, each with its message under the password field', async () => {
		expect(await checkNewPasswordOnServer('password1', 'password2')).toEqual({ field: 'confirm', message: AUTH_MESSAGES.mismatch })
		expect(await checkNewPasswordOnServer('iloveyou', 'iloveyou')).toEqual({ field: 'password', message: AUTH_MESSAGES.tooCommon })
		expect(await checkNewPasswordOnServer('silk-demo-2026', 'silk-demo-2026')).toEqual({
			field: 'password',
			message: AUTH_MESSAGES.demoPassword,
		})
		expect(await checkNewPasswordOnServer('silk-and-zari-2030', 'silk-and-zari-2030')).toBeNull()
	})

	test("the demo's password is allowed only where the demo creates its admin", async () => {
		expect(await passwordPolicyProblem('silk-demo-2026', { allowDemo: true })).toBeNull()
		expect(await passwordPolicyProblem('silk-demo-2026')).toBe(AUTH_MESSAGES.demoPassword)
		expect(await passwordPolicyProblem('password', { allowDemo: true })).toBe(AUTH_MESSAGES.tooCommon)
	})
})
