import { spawn } from 'node:child_process'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'

import type { SubmissionResult } from '@conform-to/react'

import { AUTH_MESSAGES, backupSchema } from '~/schemas/auth'
import { checkAdminPassword } from '~/services/auth.server'
import { createBackup } from '~/services/backup.server'
import { readDeviceId } from '~/services/device-cookie.server'
import { attemptSucceeded, beginAttempt, throttledHeaders } from '~/services/throttle.server'
import { getEnv } from '~/utils/env.server'
import { readSubmission } from '~/utils/forms.server'
import { type RequestAdmin, type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

// POST /admin/backup with the admin's password: a fresh, consistent backup (the same one `npm run
// backup` writes: the database through SQLite's online backup API, checked, without session and reset
// secrets, plus the media it refers to) streamed as a .tar.gz. It is staged in a temp folder, which goes
// as soon as the download ends or the browser gives up. One at a time: each one copies the whole shop.

export type BackupRefusal = { status: number; result: SubmissionResult<string[]>; headers?: HeadersInit }
export type BackupOutcome = { ok: true; response: Response } | ({ ok: false } & BackupRefusal)

const HIDDEN = ['password']

let running = false

/** Checks the posted password (throttled like a sign-in), then makes the backup unless one is running. */
export async function downloadBackup(posted: RequestArgs, admin: RequestAdmin): Promise<BackupOutcome> {
	const { request, context } = posted
	const submission = await readSubmission(posted, { schema: backupSchema })
	if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply({ hideFields: HIDDEN }) }
	const { clientAddress } = requestFacts(context)
	const attempt = await beginAttempt('sign-in', { email: admin.email, clientAddress, deviceId: await readDeviceId(request, admin.email) })
	if (attempt.limited) {
		return {
			ok: false,
			status: 429,
			result: submission.reply({ formErrors: [attempt.message], hideFields: HIDDEN }),
			headers: throttledHeaders(attempt.retryAfterSeconds),
		}
	}
	if ((await checkAdminPassword(submission.value.password)) !== admin.id) {
		logSecurityEvent({ event: 'backup-download', outcome: 'failure', clientAddress, detail: 'wrong password' })
		return {
			ok: false,
			status: 400,
			result: submission.reply({ fieldErrors: { password: [AUTH_MESSAGES.passwordWrong] }, hideFields: HIDDEN }),
		}
	}
	await attemptSucceeded(attempt)
	if (running) {
		logSecurityEvent({ event: 'backup-download', outcome: 'refused', clientAddress, detail: 'another backup is running' })
		return { ok: false, status: 409, result: submission.reply({ formErrors: [AUTH_MESSAGES.backupBusy], hideFields: HIDDEN }) }
	}
	running = true
	try {
		const response = await streamBackup(request.signal, () => (running = false))
		logSecurityEvent({ event: 'backup-download', outcome: 'success', clientAddress })
		return { ok: true, response }
	} catch (error) {
		running = false
		console.error('Download backup failed:', error)
		return { ok: false, status: 500, result: submission.reply({ formErrors: [AUTH_MESSAGES.backupFailed], hideFields: HIDDEN }) }
	}
}

/** Stages a backup and streams it as a .tar.gz; `done` runs once tar has finished or was stopped. */
async function streamBackup(signal: AbortSignal, done: () => void) {
	const env = getEnv()
	const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-download-'))
	const removeWork = () => fsp.rm(work, { recursive: true, force: true })
	let name: string
	try {
		const backup = await createBackup({ databasePath: env.DATABASE_PATH, uploadsDir: env.UPLOADS_DIR, destination: work })
		name = path.basename(backup.dir)
	} catch (error) {
		await removeWork()
		throw error
	}

	// The archive holds one folder, shop-backup-<date>-<time>/, laid out like `npm run backup`'s.
	const tar = spawn('tar', ['-czf', '-', '-C', work, name], { stdio: ['ignore', 'pipe', 'pipe'] })
	let stderr = ''
	tar.stderr.on('data', (chunk: Buffer) => {
		if (stderr.length < 2000) stderr += chunk.toString()
	})
	let finished = false
	const finish = () => {
		if (finished) return
		finished = true
		void removeWork().finally(done)
	}
	tar.on('error', (error) => {
		console.error('Download backup: tar could not run:', error.message)
		finish()
	})
	tar.on('close', (code, exitSignal) => {
		if (code !== 0 && exitSignal === null) console.error(`Download backup: tar exited with ${code}: ${stderr.trim()}`)
		finish()
	})
	// A browser that gives up stops tar; its exit removes the temp folder.
	const stop = () => tar.kill()
	signal.addEventListener('abort', stop, { once: true })
	tar.stdout.on('close', () => signal.removeEventListener('abort', stop))

	return new Response(Readable.toWeb(tar.stdout) as ReadableStream<Uint8Array>, {
		headers: {
			'Content-Type': 'application/gzip',
			'Content-Disposition': `attachment; filename="${name}.tar.gz"`,
			'Cache-Control': 'no-store',
		},
	})
}
