import { z } from 'zod'

import { LIMITS } from '~/constants'
import { messageRef } from '~/i18n/message-ref'

import { email as emailField, text } from './fields'

// Shared by the /auth forms, the change-password form, their actions and the password CLI.
// Their messages are refs (docs/decisions/0045): each page that shows them sends the `adminAuth` area,
// and the password CLI prints them in English.

export const AUTH_MESSAGES = {
	emailRequired: messageRef('adminAuth.emailRequired'),
	emailInvalid: messageRef('adminAuth.emailInvalid'),
	passwordRequired: messageRef('adminAuth.passwordRequired'),
	invalidCredentials: messageRef('adminAuth.invalidCredentials'),
	fillAll: messageRef('adminAuth.fillAll'),
	mismatch: messageRef('adminAuth.mismatch'),
	tooShort: messageRef('adminAuth.tooShort', { min: LIMITS.passwordMinLength }),
	tooLong: messageRef('adminAuth.tooLong', { max: LIMITS.passwordMaxLength }),
	tooCommon: messageRef('adminAuth.tooCommon'),
	demoPassword: messageRef('adminAuth.demoPassword'),
	currentWrong: messageRef('adminAuth.currentWrong'),
	signedIn: messageRef('adminAuth.signedIn'),
	signedOut: messageRef('adminAuth.signedOut'),
	resetSent: messageRef('adminAuth.resetSent'),
	passwordUpdated: messageRef('adminAuth.passwordUpdated'),
	passwordChanged: messageRef('adminAuth.passwordChanged'),
	invalidResetLink: messageRef('adminAuth.invalidResetLink'),
	noAdminYet: messageRef('adminAuth.noAdminYet'),
	mailNotConfigured: messageRef('adminAuth.mailNotConfigured'),
	unexpected: messageRef('adminAuth.unexpected'),
	passwordWrong: messageRef('adminAuth.passwordWrong'),
	signInBusy: messageRef('adminAuth.signInBusy'),
	codeSent: messageRef('adminAuth.codeSent'),
	codeRequired: messageRef('adminAuth.codeRequired'),
	codeInvalid: messageRef('adminAuth.codeInvalid'),
	codeWrong: messageRef('adminAuth.codeWrong'),
	codeGone: messageRef('adminAuth.codeGone'),
	// The backup download's own messages (its password is asked again).
	backupBusy: messageRef('adminBackup.busy'),
	backupFailed: messageRef('adminBackup.failed'),
	backupByForm: messageRef('adminBackup.byForm'),
} as const

export function tooManyAttemptsMessage(minutes: number) {
	return messageRef('adminAuth.tooManyAttempts', { count: Math.max(1, Math.ceil(minutes)) })
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
