import { spawn } from 'node:child_process'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { data } from 'react-router'
import type { Route } from './+types/backup'
import { createBackup } from '~/utils/backup.server'
import { getEnv } from '~/utils/env.server'
import { requireAdmin } from '~/utils/session.server'

// GET /admin/backup: a fresh, consistent backup (the same one `npm run backup` writes: the database
// through SQLite's online backup API, checked, plus the media it refers to) streamed as a .tar.gz.
// It is staged in a temp folder, which goes as soon as the download ends or the browser gives up.

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const env = getEnv()
	const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-download-'))
	const removeWork = () => fsp.rm(work, { recursive: true, force: true })
	let name: string
	try {
		const backup = await createBackup({ databasePath: env.DATABASE_PATH, uploadsDir: env.UPLOADS_DIR, destination: work })
		name = path.basename(backup.dir)
	} catch (error) {
		await removeWork()
		console.error('Download backup failed:', error)
		throw data('The backup could not be made. Please try again.', { status: 500 })
	}

	// The archive holds one folder, shop-backup-<date>-<time>/, laid out like `npm run backup`'s.
	const tar = spawn('tar', ['-czf', '-', '-C', work, name], { stdio: ['ignore', 'pipe', 'pipe'] })
	let stderr = ''
	tar.stderr.on('data', (chunk: Buffer) => {
		if (stderr.length < 2000) stderr += chunk.toString()
	})
	tar.on('error', (error) => console.error('Download backup: tar could not run:', error.message))
	tar.on('close', (code, signal) => {
		if (code !== 0 && signal === null) console.error(`Download backup: tar exited with ${code}: ${stderr.trim()}`)
		void removeWork()
	})
	// A browser that gives up stops tar; its exit removes the temp folder.
	const stop = () => tar.kill()
	request.signal.addEventListener('abort', stop, { once: true })
	tar.stdout.on('close', () => request.signal.removeEventListener('abort', stop))

	return new Response(Readable.toWeb(tar.stdout) as ReadableStream<Uint8Array>, {
		headers: {
			'Content-Type': 'application/gzip',
			'Content-Disposition': `attachment; filename="${name}.tar.gz"`,
			'Cache-Control': 'no-store',
		},
	})
}
