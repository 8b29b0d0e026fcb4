import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'
import { type Kysely, sql } from 'kysely'
import { SMTPServer } from 'smtp-server'

import type { DB } from '../../app/db.server'
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Shop } from '../helpers/shop'

// Shared by the auth-*.spec.ts files: a real SMTP server on loopback, form sign-in, database fingerprints.

type Mail = { to: string[]; raw: string }

/** An SMTP server on 127.0.0.1 that keeps every message it receives. */
async function startMailbox() {
	const messages: Mail[] = []
	const server = new SMTPServer({
		// The bundled certificate is expired; plain SMTP on loopback is what the test needs.
		disabledCommands: ['STARTTLS'],
		authOptional: true,
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (c: Buffer) => chunks.push(c))
			stream.on('end', () => {
				messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const address = server.server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	return {
		port,
		url: `smtp://127.0.0.1:${port}`,
		messages,
		/** Waits for the n-th message (1-based) to arrive. */
		async waitFor(count: number) {
			await expect.poll(() => messages.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
			return messages[count - 1]!
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/**
 * A mailbox for one spec's shop: call before `useShop({ env })` with the same `env`, which gets the
 * mailbox's SMTP_URL before the shop starts.
 */
export function useMailbox(env: Record<string, string>) {
	let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined
	test.beforeAll(async () => {
		mailbox = await startMailbox()
		env.SMTP_URL = mailbox.url
	})
	test.afterAll(async () => {
		await mailbox?.close()
	})
	return () => {
		if (!mailbox) throw new Error('The mailbox is not running (useMailbox must be called at the top of the spec)')
		return mailbox
	}
}

function decodeQuotedPrintable(text: string) {
	return Buffer.from(
		text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
		'latin1',
	).toString('utf8')
}

/** The plain-text body of a message (nodemailer's multipart/alternative, any transfer encoding). */
export function mailText(raw: string) {
	const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /^content-type:\s*text\/plain/im.test(p))
	if (!part) throw new Error(`No text part in:\n${raw}`)
	const split = part.search(/\r?\n\r?\n/)
	const headers = part.slice(0, split)
	const body = part
		.slice(split)
		.trim()
		.split(/\r?\n--/)[0]!
	const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
	if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
	if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
	return body
}

export function mailSubject(raw: string) {
	return /^subject:\s*(.*)$/im.exec(raw)?.[1] ?? ''
}

/** The reset link in a mail's text. */
export function resetLinkIn(raw: string) {
	const match = /https?:\/\/\S+\/auth\?reset=true&token=[A-Za-z0-9_-]+/.exec(mailText(raw))
	if (!match) throw new Error(`No reset link in:\n${mailText(raw)}`)
	return match[0]
}

/** Signs in through the real form. */
export async function signInWithForm(page: Page, shop: Shop, password = ADMIN_PASSWORD, email = ADMIN_EMAIL) {
	await page.goto(`${shop.url}/auth`)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Forgets counted sign-in failures, so each test starts with a clean throttle. */
export async function clearThrottle(shop: Shop) {
	await shop.db().deleteFrom('auth_failures').execute()
}

/** Every table's rows, in a stable order: equal fingerprints mean nothing was written. */
export async function databaseFingerprint(db: Kysely<DB>, { except = [] as string[] } = {}) {
	const tables = await sql<{
		name: string
	}>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db)
	const out: Record<string, string[]> = {}
	for (const { name } of tables.rows) {
		if (except.includes(name)) continue
		const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db)
		out[name] = rows.rows.map((r) => JSON.stringify(r)).sort()
	}
	return out
}

export async function sessionCount(shop: Shop) {
	const row = await shop
		.db()
		.selectFrom('sessions')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

/** A plain HTTP request (no cookie jar, no redirects followed). */
export function raw(shop: Shop, path: string, init: RequestInit & { cookie?: string; noOrigin?: boolean } = {}) {
	const headers = new Headers(init.headers)
	if (init.cookie) headers.set('Cookie', init.cookie)
	// Like a browser's same-origin form post (the shop refuses cross-origin ones).
	if (init.method && init.method !== 'GET' && !init.noOrigin) headers.set('Origin', shop.url)
	return fetch(`${shop.url}${path}`, { ...init, headers, redirect: 'manual' })
}

/**
 * What an answer's page shows: its HTML without the scripts, whose data carries every text of the
 * page's catalogue (a message found there says nothing about what the page shows).
 */
export async function shownText(response: Response) {
	return (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, '')
}

export function form(fields: Record<string, string>) {
	return new URLSearchParams(fields)
}

/** The structured security lines the server printed (after the first `from` log chunks). */
export function securityLog(
	shop: Shop,
	from = 0,
): Array<{ time: string; type: string; event: string; outcome: string; client: string; detail?: string }> {
	return shop.logs
		.slice(from)
		.join('')
		.split('\n')
		.filter((line) => line.startsWith('{') && line.includes('"type":"security"'))
		.map((line) => JSON.parse(line))
}

/** The `name=value` part of the Set-Cookie header for `name`, if the response set one. */
export function setCookie(response: Response, name: string) {
	return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
}

/** Runs `npm run admin:password`'s script on `shop`'s database with `input` on standard input (not a terminal). */
export function runPasswordCli(shop: Shop, input: string, env: Record<string, string> = {}) {
	const root = path.resolve(import.meta.dirname, '../..')
	return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
		const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/admin-password.ts'], {
			cwd: root,
			// Production-like, and deliberately without SESSION_SECRET: a recovery tool must not need it.
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? os.tmpdir(),
				NODE_ENV: 'production',
				DATABASE_PATH: shop.dbPath,
				ADMIN_EMAIL,
				...env,
			},
			stdio: ['pipe', 'pipe', 'pipe'],
		})
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
		child.on('exit', (code) => resolve({ code, stdout, stderr }))
		child.stdin.end(input)
	})
}
