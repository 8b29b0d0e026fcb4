import nodemailer from 'nodemailer'

import { type Locale, LOCALE_TAGS } from '~/i18n/locales'
import { serverTranslator } from '~/i18n/messages.server'

import { getEnv } from './env.server'

// Reset links and sign-in codes go out through SMTP_URL. Without it, in development and in the demo, a
// reset link is printed to the server log instead (the documented fallback on a laptop). In production
// a log is read by more people and tools than the admin's inbox, so there a link is never printed:
// without SMTP_URL the reset form says mail is not set up and names `npm run admin:password`. A
// sign-in code is never printed anywhere.

type Transport = ReturnType<typeof nodemailer.createTransport>
let transport: { url: string; instance: Transport } | undefined

function getTransport(url: string) {
	if (transport?.url !== url) {
		transport = {
			url,
			instance: nodemailer.createTransport({
				url,
				// Fail within seconds rather than nodemailer's minutes: the admin is waiting on the page.
				connectionTimeout: 10_000,
				greetingTimeout: 10_000,
				socketTimeout: 20_000,
			} as Parameters<typeof nodemailer.createTransport>[0]),
		}
	}
	return transport.instance
}

function escapeHtml(value: string) {
	return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export type ResetMail = { to: string; link: string; shopName: string; minutes: number; locale: Locale }

/** The mails are written in the account's language (admin.locale); the link and the code are the same in every language. */
function resetMailContent({ link, shopName, minutes, locale }: ResetMail) {
	const { t } = serverTranslator(locale, 'adminMail')
	const subject = t('adminMail.resetSubject', { shop: shopName })
	const text = [
		t('adminMail.hello'),
		'',
		t('adminMail.resetAsked', { shop: shopName }),
		t('adminMail.resetOpenLink'),
		'',
		link,
		'',
		t('adminMail.resetExpires', { minutes }),
		t('adminMail.resetIgnore'),
	].join('\n')
	const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><body style="margin:0;background:#fdf8ef;font-family:Georgia,serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;color:#6f1522">${escapeHtml(shopName)}</p>
<p>${escapeHtml(t('adminMail.resetAskedShort'))}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#6f1522;color:#fff;padding:12px 22px;border-radius:6px;text-decoration:none;font-family:sans-serif;font-weight:600">${escapeHtml(t('adminMail.resetButton'))}</a></p>
<p style="font-size:14px;color:#57534e">${escapeHtml(t('adminMail.resetExpires', { minutes }))} ${escapeHtml(t('adminMail.resetIgnore'))}</p>
<p style="font-size:12px;color:#78716c;word-break:break-all">${escapeHtml(link)}</p>
</div></body></html>`
	return { subject, text, html }
}

/**
 * Whether sign-in codes can be mailed. Only through SMTP_URL: a code printed to a log would let
 * whoever reads the log past the step meant for strangers.
 */
export function canMailSignInCodes() {
	return !!getEnv().SMTP_URL
}

export type SignInCodeMail = { to: string; code: string; shopName: string; minutes: number; locale: Locale }

function signInCodeMailContent({ code, shopName, minutes, locale }: SignInCodeMail) {
	const { t } = serverTranslator(locale, 'adminMail')
	// The code leads the subject: a phone shows it in the notification, and the seller types it without opening the mail.
	const subject = t('adminMail.codeSubject', { code, shop: shopName })
	const text = [
		t('adminMail.hello'),
		'',
		t('adminMail.codeSignedIn', { shop: shopName }),
		t('adminMail.codeWhy'),
		'',
		code,
		'',
		t('adminMail.codeExpires', { minutes }),
		t('adminMail.codeNotYou'),
	].join('\n')
	const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><body style="margin:0;background:#fdf8ef;font-family:Georgia,serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;color:#6f1522">${escapeHtml(shopName)}</p>
<p>${escapeHtml(t('adminMail.codeSignedInShort'))} ${escapeHtml(t('adminMail.codeWhy'))}</p>
<p style="margin:28px 0;font-family:monospace;font-size:32px;letter-spacing:6px;color:#6f1522">${escapeHtml(code)}</p>
<p style="font-size:14px;color:#57534e">${escapeHtml(t('adminMail.codeExpires', { minutes }))} ${escapeHtml(t('adminMail.codeNotYou'))}</p>
</div></body></html>`
	return { subject, text, html }
}

/** Sends a sign-in code (callers check canMailSignInCodes first). Throws when the mail server refuses. */
export async function sendSignInCodeEmail(mail: SignInCodeMail) {
	const { SMTP_URL, MAIL_FROM } = getEnv()
	if (!SMTP_URL) throw new Error('SMTP_URL is not set: a sign-in code is never printed')
	const { subject, text, html } = signInCodeMailContent(mail)
	await getTransport(SMTP_URL).sendMail({ from: MAIL_FROM, to: mail.to, subject, text, html })
}

/** Whether a reset link can reach anyone: by mail, or outside production by the server log. */
export function canDeliverResetLinks() {
	const env = getEnv()
	return !!env.SMTP_URL || env.NODE_ENV !== 'production'
}

/**
 * Sends the reset mail, or outside production prints the link when SMTP_URL is unset. Throws when the
 * mail server refuses, and in production without SMTP_URL (callers check canDeliverResetLinks first).
 */
export async function sendPasswordResetEmail(mail: ResetMail) {
	const env = getEnv()
	if (!env.SMTP_URL) {
		if (!canDeliverResetLinks()) throw new Error('SMTP_URL is not set: a reset link is never printed in production')
		console.log(`[mail] SMTP_URL is not set, so the password reset link for ${mail.to} is printed here instead of emailed: ${mail.link}`)
		return { delivered: false as const }
	}
	const { subject, text, html } = resetMailContent(mail)
	await getTransport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to: mail.to, subject, text, html })
	return { delivered: true as const }
}
