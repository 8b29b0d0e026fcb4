import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'

import Database from 'better-sqlite3'

import { fileTimestamp } from '~/utils/dates'

import { isMediaFile, MEDIA_KINDS, referencedMediaDirs } from './storage.server'

export type BackupResult = { dir: string; databaseBytes: number; mediaFolders: number }

/**
 * Rows a restore does not need and a copy must not carry: session and reset-token hashes, counted
 * sign-in attempts and pending sign-in codes. (The admin's password hash stays, so a restored shop can be signed into.) A
 * restored shop starts with everyone signed out and no reset link working.
 */
const TABLES_LEFT_OUT_OF_BACKUPS = ['sessions', 'password_reset_tokens', 'auth_failures', 'sign_in_codes'] as const

/** Media folders (absolute) that rows of the database file at `dbFile` point at. */
function referencedDirs(dbFile: string, uploadsRoot: string) {
	const db = new Database(dbFile, { readonly: true })
	try {
		return referencedMediaDirs(db, uploadsRoot)
	} finally {
		db.close()
	}
}

/** Copies media folders with their media files only (a folder's marker of the bucket stays behind: docs/decisions/0021). */
async function copyDir(from: string, to: string) {
	await fsp.cp(from, to, {
		recursive: true,
		errorOnExist: false,
		force: true,
		preserveTimestamps: true,
		filter: (source) => source === from || isMediaFile(path.basename(source)),
	})
}

/**
 * A consistent copy of the shop while it runs: the database through SQLite's online backup API, checked
 * with `PRAGMA integrity_check`, plus every media folder it refers to. Written to a hidden folder and
 * renamed to `shop-backup-<UTC timestamp>` only once complete.
 */
export async function createBackup(options: { databasePath: string; uploadsDir: string; destination: string }): Promise<BackupResult> {
	const uploadsRoot = path.resolve(options.uploadsDir)
	const name = `shop-backup-${fileTimestamp()}`
	await fsp.mkdir(options.destination, { recursive: true })
	const work = path.join(options.destination, `.${name}.partial`)
	await fsp.rm(work, { recursive: true, force: true })
	await fsp.mkdir(path.join(work, 'uploads'), { recursive: true })
	try {
		// 1. Media first (most of the bytes), then the database snapshot, then whatever the snapshot
		//    refers to that appeared meanwhile. Files are only deleted after their row is gone, so
		//    everything the snapshot refers to is still on disk or already copied.
		for (const kind of MEDIA_KINDS) {
			const dir = path.join(uploadsRoot, kind)
			if (fs.existsSync(dir)) await copyDir(dir, path.join(work, 'uploads', kind))
		}
		const dbCopy = path.join(work, 'shop.db')
		const source = new Database(options.databasePath, { fileMustExist: true })
		try {
			source.pragma('busy_timeout = 5000')
			await source.backup(dbCopy)
		} finally {
			source.close()
		}
		const check = new Database(dbCopy)
		try {
			check.pragma('journal_mode = DELETE')
			for (const table of TABLES_LEFT_OUT_OF_BACKUPS) check.prepare(`DELETE FROM ${table}`).run()
			// Deleted rows linger in free pages until the file is rebuilt.
			check.exec('VACUUM')
			const result = check.pragma('integrity_check', { simple: true })
			if (result !== 'ok') throw new Error(`integrity_check of the copy said: ${String(result)}`)
		} finally {
			check.close()
		}
		const wanted = referencedDirs(dbCopy, uploadsRoot)
		let mediaFolders = 0
		for (const dir of wanted) {
			const target = path.join(work, 'uploads', path.relative(uploadsRoot, dir))
			if (!fs.existsSync(target)) {
				if (!fs.existsSync(dir)) throw new Error(`media folder ${path.relative(uploadsRoot, dir)} vanished during the backup: run it again`)
				await copyDir(dir, target)
			}
			mediaFolders++
		}
		// Drop folders copied in step 1 whose rows were deleted before the snapshot.
		for (const kind of MEDIA_KINDS) {
			const kindDir = path.join(work, 'uploads', kind)
			for (const entry of await fsp.readdir(kindDir).catch(() => [] as string[])) {
				if (!wanted.has(path.join(uploadsRoot, kind, entry))) await fsp.rm(path.join(kindDir, entry), { recursive: true, force: true })
			}
		}
		const final = path.join(options.destination, name)
		await fsp.rename(work, final)
		return { dir: final, databaseBytes: fs.statSync(path.join(final, 'shop.db')).size, mediaFolders }
	} catch (error) {
		await fsp.rm(work, { recursive: true, force: true })
		throw error
	}
}
