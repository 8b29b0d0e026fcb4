import { z } from 'zod'
import { LIMITS } from '../constants'
import { email as emailField, text } from './fields'

// Shared by the /auth forms, the change-password form, their actions and the password CLI.
// The texts are the ones the admin sees; several come word for word from the original product.

export const AUTH_MESSAGES = {
	emailRequired: 'Please enter your email address.',
	emailInvalid: 'Please enter a valid email address.',
	passwordRequired: 'Please enter your password.',
	notAdmin: 'Access restricted to admin users only',
	resetNotAdmin: 'Password reset is only available for admin users',
	invalidCredentials: 'Invalid email or password.',
	fillAll: 'Please fill in all password fields.',
	mismatch: 'Passwords do not match.',
	tooShort: `Password must be at least ${LIMITS.passwordMinLength} characters long.`,
	tooLong: `Password is too long: use at most ${LIMITS.passwordMaxBytes} bytes (letters and digits count one each, emoji and accented letters count several).`,
	currentWrong: 'Current password is incorrect.',
	signedIn: 'Signed in successfully!',
	signedOut: 'You have been signed out.',
	resetSent: 'Password reset email sent! Check your inbox and follow the link to reset your password.',
	passwordUpdated: 'Password updated successfully! You can now sign in with your new password.',
	passwordChanged: 'Password changed successfully.',
	invalidResetLink: 'This password reset link is invalid, has already been used or has expired.',
	noAdminYet: 'No admin account has been set up yet. Ask the operator to run npm run admin:password.',
	unexpected: 'An unexpected error occurred. Please try again.',
} as const

export function tooManyAttemptsMessage(minutes: number) {
	const n = Math.max(1, Math.ceil(minutes))
	return `Too many attempts. Try again in ${n} ${n === 1 ? 'minute' : 'minutes'}.`
}

/** UTF-8 length: bcrypt reads bytes, not characters. */
export function byteLength(value: string) {
	return new TextEncoder().encode(value).length
}

export function isPasswordTooLong(password: string) {
	return byteLength(password) > LIMITS.passwordMaxBytes
}

type PasswordProblem = { field: 'password' | 'confirm'; message: string }

/**
 * The rules of a new password, checked in the order the original product checked them:
 * both filled, equal, long enough; then bcrypt's 72-byte ceiling.
 */
export function checkNewPassword(password: string | undefined, confirm: string | undefined): PasswordProblem | null {
	if (!password) return { field: 'password', message: AUTH_MESSAGES.fillAll }
	if (!confirm) return { field: 'confirm', message: AUTH_MESSAGES.fillAll }
	if (password !== confirm) return { field: 'confirm', message: AUTH_MESSAGES.mismatch }
	if ([...password].length < LIMITS.passwordMinLength) return { field: 'password', message: AUTH_MESSAGES.tooShort }
	if (isPasswordTooLong(password)) return { field: 'password', message: AUTH_MESSAGES.tooLong }
	return null
}

const email = emailField({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid })

// Hard caps that end validation before any password rule runs (the rules themselves are below).
const PASSWORD_FIELD_MAX = 512
const password = () => text(PASSWORD_FIELD_MAX, AUTH_MESSAGES.tooLong, { trim: false })

export const signInSchema = z.object({
	intent: z.literal('sign-in'),
	email,
	password: text(PASSWORD_FIELD_MAX, AUTH_MESSAGES.tooLong, { required: AUTH_MESSAGES.passwordRequired, trim: false }).refine(
		(p) => !isPasswordTooLong(p),
		AUTH_MESSAGES.tooLong,
	),
	redirectTo: text(2048, AUTH_MESSAGES.unexpected, { trim: false }).optional(),
})

export const resetEmailSchema = z.object({
	intent: z.literal('reset-email'),
	email,
})

export const newPasswordSchema = z
	.object({
		intent: z.literal('set-password'),
		token: text(200, AUTH_MESSAGES.invalidResetLink, { trim: false }).optional(),
		password: password().optional(),
		confirmPassword: password().optional(),
	})
	.superRefine((value, ctx) => {
		const problem = checkNewPassword(value.password, value.confirmPassword)
		if (problem) {
			ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field === 'confirm' ? 'confirmPassword' : 'password'] })
		}
	})

export const changePasswordSchema = z
	.object({
		currentPassword: password().optional(),
		newPassword: password().optional(),
		confirmPassword: password().optional(),
	})
	.superRefine((value, ctx) => {
		if (!value.currentPassword) {
			ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.fillAll, path: ['currentPassword'] })
			return
		}
		if (isPasswordTooLong(value.currentPassword)) {
			ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.currentWrong, path: ['currentPassword'] })
			return
		}
		const problem = checkNewPassword(value.newPassword, value.confirmPassword)
		if (problem) {
			ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field === 'confirm' ? 'confirmPassword' : 'newPassword'] })
		}
	})

export const AUTH_INTENTS = ['sign-in', 'reset-email', 'set-password'] as const
export type AuthIntent = (typeof AUTH_INTENTS)[number]
