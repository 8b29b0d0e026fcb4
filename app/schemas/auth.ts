import { z } from 'zod'

import { LIMITS } from '~/constants'

import { email as emailField, text } from './fields'

// Shared by the /auth forms, the change-password form, their actions and the password CLI.
// The texts are the ones the admin sees; several come word for word from the original product.

export const AUTH_MESSAGES = {
	emailRequired: 'Please enter your email address.',
	emailInvalid: 'Please enter a valid email address.',
	passwordRequired: 'Please enter your password.',
	invalidCredentials: 'Invalid email or password.',
	fillAll: 'Please fill in all password fields.',
	mismatch: 'Passwords do not match.',
	tooShort: `Password must be at least ${LIMITS.passwordMinLength} characters long.`,
	tooLong: `Password is too long: use at most ${LIMITS.passwordMaxLength} characters.`,
	tooCommon:
		'This password is one of the most common passwords, so it is easy to guess. Choose another one: a few unrelated words work well.',
	demoPassword: "This is the demo shop's published password. Choose another one.",
	currentWrong: 'Current password is incorrect.',
	signedIn: 'Signed in successfully!',
	signedOut: 'You have been signed out.',
	resetSent: 'Password reset email sent! Check your inbox and follow the link to reset your password.',
	passwordUpdated: 'Password updated successfully! You can now sign in with your new password.',
	passwordChanged: 'Password changed successfully.',
	invalidResetLink: 'This password reset link is invalid, has already been used or has expired.',
	noAdminYet: 'No admin account has been set up yet. Ask the operator to run npm run admin:password.',
	mailNotConfigured:
		'Password reset by email is not set up on this shop. The person who runs the server can set a new password with the command npm run admin:password.',
	unexpected: 'An unexpected error occurred. Please try again.',
	passwordWrong: 'The password is incorrect.',
	backupBusy: 'A backup is already being made. Try again when it has finished downloading.',
	backupFailed: 'The backup could not be made. Please try again.',
	backupByForm: 'Download the backup with the form in Settings.',
	signInBusy: 'Many sign-ins are being checked right now. Please try again in a few seconds.',
	codeSent:
		'Someone else has been trying passwords on this account, so a browser that has not signed in before also needs a code. If the password was right, we have emailed one to the admin address.',
	codeRequired: 'Please enter the code from the email.',
	codeInvalid: 'The code is the 6 digits in the email.',
	codeWrong: 'That code is not right. Check the latest email and try again.',
	codeGone: 'This code no longer works: it is used, too old, or was tried too many times. Sign in again to get a new one.',
} as const

export function tooManyAttemptsMessage(minutes: number) {
	const n = Math.max(1, Math.ceil(minutes))
	return `Too many attempts. Try again in ${n} ${n === 1 ? 'minute' : 'minutes'}.`
}

/** Length in characters as a person counts them (a Telugu letter or an emoji is one), not UTF-16 units. */
export function characterCount(value: string) {
	return [...value].length
}

export function isPasswordTooLong(password: string) {
	return characterCount(password) > LIMITS.passwordMaxLength
}

export type PasswordProblem = { field: 'password' | 'confirm'; message: string }

/**
 * The rules of a new password the browser can check too, in the order the original product checked
 * them: both filled, equal, long enough; then a ceiling that only bounds the work. The server adds
 * its own (services/password-policy.server.ts: not a common password).
 */
export function checkNewPassword(password: string | undefined, confirm: string | undefined): PasswordProblem | null {
	if (!password) return { field: 'password', message: AUTH_MESSAGES.fillAll }
	if (!confirm) return { field: 'confirm', message: AUTH_MESSAGES.fillAll }
	if (password !== confirm) return { field: 'confirm', message: AUTH_MESSAGES.mismatch }
	if (characterCount(password) < LIMITS.passwordMinLength) return { field: 'password', message: AUTH_MESSAGES.tooShort }
	if (isPasswordTooLong(password)) return { field: 'password', message: AUTH_MESSAGES.tooLong }
	return null
}

const email = emailField({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid })

// A hard cap that ends validation before any password rule runs (the rules, above and below, allow
// LIMITS.passwordMaxLength characters and say so in their own words).
const PASSWORD_FIELD_MAX = 2 * LIMITS.passwordMaxLength
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

/** The code mailed to the admin when a browser that has not signed in before signs in while strangers guess (sign-in-code.*). */
export const signInCodeSchema = z.object({
	intent: z.literal('sign-in-code'),
	challenge: text(64, AUTH_MESSAGES.codeGone, { required: AUTH_MESSAGES.codeGone, trim: false }),
	// Spaces are allowed (a code read aloud or copied as "123 456").
	code: text(32, AUTH_MESSAGES.codeInvalid, { required: AUTH_MESSAGES.codeRequired })
		.overwrite((code) => code.replace(/\s/g, ''))
		.regex(/^\d{6}$/, AUTH_MESSAGES.codeInvalid),
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

/** The backup download asks for the admin's password again: it carries every customer's details. */
export const backupSchema = z.object({
	password: text(PASSWORD_FIELD_MAX, AUTH_MESSAGES.passwordWrong, { required: AUTH_MESSAGES.passwordRequired, trim: false }).refine(
		(p) => !isPasswordTooLong(p),
		AUTH_MESSAGES.passwordWrong,
	),
})

/** The forms posted to /auth, told apart by their `intent`: each mode reads its own fields only. */
export const authFormSchema = z.discriminatedUnion('intent', [signInSchema, signInCodeSchema, resetEmailSchema, newPasswordSchema])

export const AUTH_INTENTS = ['sign-in', 'sign-in-code', 'reset-email', 'set-password'] as const
export type AuthIntent = (typeof AUTH_INTENTS)[number]
