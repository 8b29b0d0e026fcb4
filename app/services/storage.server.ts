import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'

import type Database from 'better-sqlite3'

import { getSqlite } from '~/db.server'
import { messageRef } from '~/i18n/message-ref'
import { listMediaKeys } from '~/models/media-columns.server'
import { type Env, getEnv } from '~/utils/env.server'

// Layout under UPLOADS_DIR (see docs/decisions/0004-media-storage.md):
//   images/<id>/<width>.webp|jpg   resized, EXIF-stripped derivatives of one uploaded image
//   videos/<id>/video.<ext>        one uploaded (or transcoded) video, with poster.jpg beside it
//   .tmp/<random>/                 work in progress; renamed into place when complete, swept at start
export const MEDIA_KINDS = ['images', 'videos'] as const
const TMP = '.tmp'

/**
 * The files that make a media item, the ones a copy carries (a duplicate, a backup, the media bucket):
 * not the shop's own bookkeeping beside them (dot-files: the bucket marker, a temporary write), which
 * describes one folder and is wrong in any other, nor share cards, drawn again from the photo on demand.
 */
export function isMediaFile(name: string) {
	return !name.startsWith('.') && !name.startsWith('card-')
}

export function uploadsDir() {
	return path.resolve(getEnv().UPLOADS_DIR)
}

/** Told of every media folder committed to or deleted from UPLOADS_DIR (the media bucket's copier). */
export type MediaChangeListener = { committed: (key: string) => void; deleted: (key: string) => void }
let mediaListener: MediaChangeListener | null = null

/** Follows the media folders committed and deleted here (media-bucket.server.ts); null stops following. */
export function followMediaChanges(listener: MediaChangeListener | null) {
	mediaListener = listener
}

function randomId() {
	return crypto.randomBytes(16).toString('hex')
}

/** What the seller sees when an upload cannot be written because the disk (or quota) is full (a ref: docs/decisions/0045). */
export const DISK_FULL_MESSAGE = messageRef('adminForms.diskFull')
/** What the seller sees when an upload's form arrived damaged or with fields no admin form sends. */
export const UPLOAD_UNREADABLE = messageRef('adminForms.formUnreadable')

/**
 * Whether an error means the disk is full: Node reports ENOSPC/EDQUOT, while sharp (libvips) and
 * ffmpeg only say so in their message.
 */
export function isDiskFull(error: unknown): boolean {
	for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
		const { code, message } = e as { code?: unknown; message?: unknown }
		if (code === 'ENOSPC' || code === 'EDQUOT') return true
		if (typeof message === 'string' && /no space left on device|disk quota exceeded/i.test(message)) return true
	}
	return false
}

/** A fresh folder under .tmp to build a media item in (`root`: another uploads folder than the shop's own). */
export async function makeTempDir(root = uploadsDir()) {
	const dir = path.join(root, TMP, randomId())
	await fsp.mkdir(dir, { recursive: true })
	return dir
}

/**
 * Moves a finished temp folder to `<kind>/<id>` in one rename, so a reader (or a crash) never sees
 * half a media item. Returns the key (`images/<id>`).
 */
export async function commitTempDir(tempDir: string, kind: (typeof MEDIA_KINDS)[number], root = uploadsDir()) {
	const id = randomId()
	const key = `${kind}/${id}`
	const target = path.join(root, kind)
	await fsp.mkdir(target, { recursive: true })
	await fsyncDir(tempDir)
	await fsp.rename(tempDir, path.join(target, id))
	await fsyncDir(target)
	if (root === uploadsDir()) mediaListener?.committed(key)
	return key
}

async function fsyncDir(dir: string) {
	const handle = await fsp.open(dir, 'r')
	try {
		await handle.sync()
	} finally {
		await handle.close()
	}
}

/** The folder of a media key (`images/<id>` or `videos/<id>/video.mp4` → `<uploads>/<kind>/<id>`). */
export function mediaDirOf(key: string) {
	return mediaDirOfRoot(uploadsDir(), key)
}

/** `images/<id>` of a media key or file path (`videos/<id>/video.mp4` → `videos/<id>`); null for anything else. */
export function mediaDirKey(key: string): string | null {
	const [kind, id] = key.split('/')
	if (!kind || !id || !(MEDIA_KINDS as readonly string[]).includes(kind) || !/^[a-f0-9]{32}$/.test(id)) return null
	return `${kind}/${id}`
}

function mediaDirOfRoot(root: string, key: string) {
	const dir = mediaDirKey(key)
	return dir ? path.join(root, dir) : null
}

/** Removes the files of media keys whose rows are gone (here and in the media bucket). Missing files are fine. */
export async function deleteMedia(keys: Array<string | null | undefined>) {
	for (const key of keys) {
		const dir = key ? mediaDirOf(key) : null
		if (!dir) continue
		await fsp.rm(dir, { recursive: true, force: true })
		mediaListener?.deleted(key!)
	}
}

export async function removeTempDir(dir: string) {
	await fsp.rm(dir, { recursive: true, force: true })
}

/** Fails with a clear message when the database folder or uploads folder cannot be written. */
export function ensureWritableDirs(env: Env) {
	const dbDir = path.dirname(path.resolve(env.DATABASE_PATH))
	for (const [name, dir] of [
		['DATABASE_PATH', dbDir],
		['UPLOADS_DIR', path.resolve(env.UPLOADS_DIR)],
	] as const) {
		try {
			fs.mkdirSync(dir, { recursive: true })
			fs.accessSync(dir, fs.constants.W_OK)
		} catch {
			throw new Error(`${name}: folder ${dir} is not writable`)
		}
	}
	if (fs.existsSync(env.DATABASE_PATH)) {
		try {
			fs.accessSync(env.DATABASE_PATH, fs.constants.W_OK)
		} catch {
			throw new Error(`DATABASE_PATH: ${path.resolve(env.DATABASE_PATH)} is not writable`)
		}
	}
}

/** Every media folder a database row points at (the columns of app/models/media-columns.server.ts). */
export function referencedMediaDirs(sqlite: Database.Database = getSqlite(), root = uploadsDir()) {
	return new Set(
		listMediaKeys(sqlite)
			.map((key) => mediaDirOfRoot(root, key))
			.filter((d): d is string => !!d),
	)
}

/**
 * Start-up sweep: removes unfinished temp work and media folders no row points at
 * (left by a crash between writing files and committing the row).
 */
export async function cleanUpUploads(dir: string) {
	const root = path.resolve(dir)
	await fsp.rm(path.join(root, TMP), { recursive: true, force: true })
	const referenced = referencedMediaDirs(getSqlite(), root)
	const orphans: string[] = []
	for (const kind of MEDIA_KINDS) {
		const kindDir = path.join(root, kind)
		const entries = await fsp.readdir(kindDir).catch(() => [] as string[])
		for (const entry of entries) {
			const full = path.join(kindDir, entry)
			if (!referenced.has(full)) orphans.push(full)
		}
	}
	// An empty database beside a folder full of media is far more likely a wrong DATABASE_PATH than a
	// crash: keep the files and say so rather than delete a shop's photos.
	if (referenced.size === 0 && orphans.length > 10) {
		console.warn(`Kept ${orphans.length} media folders in ${root} that no database row uses: is DATABASE_PATH right?`)
		return
	}
	for (const full of orphans) await fsp.rm(full, { recursive: true, force: true })
	if (orphans.length) console.log(`Removed ${orphans.length} orphaned media folder(s) from ${root}`)
}

/** The media keys among `keys` whose folder is not in the uploads folder `root` (a restore's check). */
export function missingMediaKeys(keys: string[], root = uploadsDir()) {
	return keys.filter((key) => {
		const dir = mediaDirOfRoot(root, key)
		return !dir || !fs.existsSync(dir)
	})
}

/** How `npm run restore` and the start name media the database refers to that cannot be had: the count, then the first 20. */
export function describeMissingMedia(missing: string[], total: number): string[] {
	const more = missing.length > 20 ? [`  and ${missing.length - 20} more`] : []
	return [
		`${missing.length} of ${total} media files the database names are not reachable:`,
		...missing.slice(0, 20).map((key) => `  ${key}`),
		...more,
	]
}
