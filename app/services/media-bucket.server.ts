import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'

import type { FileStorage } from '@remix-run/file-storage'
import { createS3FileStorage } from '@remix-run/file-storage-s3'

import { getSqlite } from '~/db.server'
import { isMediaDirReferenced, listMediaKeys } from '~/models/media-columns.server'
import type { Env } from '~/utils/env.server'
import { CONTENT_TYPES } from '~/utils/file-types.server'

import {
	describeMissingMedia,
	followMediaChanges,
	isMediaFile,
	makeTempDir,
	MEDIA_KINDS,
	mediaDirKey,
	missingMediaKeys,
	removeTempDir,
} from './storage.server'

// A copy of every media file in an S3-compatible bucket, so photos and videos survive losing the machine
// (docs/decisions/0021-media-in-a-bucket.md). UPLOADS_DIR stays the working copy every page, derivative
// and backup reads; each media folder committed there is copied to the bucket under the same key
// (`images/<id>/720.webp`), removed from it when its row is gone, and brought back from it when a
// machine that lost its disk (or a second machine) is asked for it. At every start the folders the
// database names are compared with a listing of the bucket: what the bucket lacks is copied, what the
// disk lacks is brought back, what neither has is reported, and bucket folders no row names are removed.

export type MediaBucketEnv = Pick<
	Env,
	| 'UPLOADS_DIR'
	| 'MEDIA_S3_BUCKET'
	| 'MEDIA_S3_ENDPOINT'
	| 'MEDIA_S3_REGION'
	| 'MEDIA_S3_ACCESS_KEY_ID'
	| 'MEDIA_S3_SECRET_ACCESS_KEY'
	| 'MEDIA_PUBLIC_URL'
>

/**
 * In each media folder: the bucket, the folder's own key, then the names of its files known to be in
 * the bucket. Only /media's redirects read it, and only once the start-up comparison has rewritten it: a
 * marker that names another bucket or another folder (one copied with its folder) says nothing.
 */
const MARKER = '.in-bucket'
/** After a failure: the next try in 5 s, then 30 s, then every minute. */
const RETRY_MS = [5_000, 30_000, 60_000]
/**
 * A bucket folder no row names is removed at start only once its newest file is this old: one written
 * a moment ago may belong to a save whose row is being committed.
 */
const ORPHAN_GRACE_MS = 60 * 60_000
/** The start-up comparison lists the bucket a slice at a time (`images/0` … `videos/f`), so memory holds one slice's names. */
const SLICES = MEDIA_KINDS.flatMap((kind) => [...'0123456789abcdef'].map((digit) => `${kind}/${digit}`))

function createMediaBucket(env: MediaBucketEnv): { storage: FileStorage; identity: string } | null {
	if (!env.MEDIA_S3_BUCKET || !env.MEDIA_S3_ACCESS_KEY_ID || !env.MEDIA_S3_SECRET_ACCESS_KEY) return null
	const storage = createS3FileStorage({
		bucket: env.MEDIA_S3_BUCKET,
		region: env.MEDIA_S3_REGION,
		endpoint: env.MEDIA_S3_ENDPOINT,
		accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
		secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
	})
	return { storage, identity: `${env.MEDIA_S3_ENDPOINT ?? `s3.${env.MEDIA_S3_REGION}`}/${env.MEDIA_S3_BUCKET}` }
}

type Bucket = NonNullable<ReturnType<typeof createMediaBucket>>

/** Every object under `prefix`, page by page. */
async function listAll(bucket: Bucket, prefix: string) {
	const keys: string[] = []
	let cursor: string | undefined
	do {
		const page = await bucket.storage.list({ prefix, cursor, limit: 1000 })
		keys.push(...page.files.map((f) => f.key))
		cursor = page.cursor
	} while (cursor)
	return keys
}

/** The names of a media folder's files in the bucket. */
async function listFolder(bucket: Bucket, key: string) {
	return new Set((await listAll(bucket, `${key}/`)).map((object) => object.slice(key.length + 1)))
}

/** The media folders of the bucket under `prefix`, each with the names of its files (other objects are not the shop's). */
async function listSlice(bucket: Bucket, prefix: string) {
	const folders = new Map<string, Set<string>>()
	for (const object of await listAll(bucket, prefix)) {
		const key = mediaDirKey(object)
		const name = key ? object.slice(key.length + 1) : ''
		if (!key || !name || name.includes('/')) continue
		if (!folders.has(key)) folders.set(key, new Set())
		folders.get(key)!.add(name)
	}
	return folders
}

async function readMarker(dir: string, key: string, bucket: Bucket): Promise<Set<string>> {
	const text = await fsp.readFile(path.join(dir, MARKER), 'utf8').catch(() => '')
	const [identity, folder, ...names] = text.split('\n').filter(Boolean)
	return new Set(identity === bucket.identity && folder === key ? names : [])
}

async function writeMarker(dir: string, key: string, bucket: Bucket, names: string[]) {
	const temp = path.join(dir, `${MARKER}.${process.pid}.tmp`)
	await fsp.writeFile(temp, [bucket.identity, key, ...names].join('\n') + '\n')
	await fsp.rename(temp, path.join(dir, MARKER))
}

/**
 * Copies the files of one media folder that the bucket lacks (`inBucket`: what a listing found there,
 * else the folder is listed now), then records in its marker what the bucket holds. A folder that is
 * gone is done.
 */
async function uploadDir(bucket: Bucket, root: string, key: string, inBucket?: Set<string>) {
	const dir = path.join(root, key)
	const names = await fsp.readdir(dir).catch(() => null)
	if (!names) return
	const present = inBucket ?? (await listFolder(bucket, key))
	const files = names.filter(isMediaFile).sort()
	for (const name of files) {
		if (present.has(name)) continue
		const bytes = await fsp.readFile(path.join(dir, name)).catch(() => null)
		if (!bytes) continue
		const type = CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream'
		await bucket.storage.set(`${key}/${name}`, new File([bytes], name, { type }))
		present.add(name)
	}
	const copied = files.filter((name) => present.has(name))
	const marked = await readMarker(dir, key, bucket)
	if (marked.size !== copied.length || copied.some((name) => !marked.has(name))) {
		await writeMarker(dir, key, bucket, copied).catch(() => {})
	}
}

async function removeDir(bucket: Bucket, key: string) {
	for (const object of await listAll(bucket, `${key}/`)) await bucket.storage.remove(object)
}

/**
 * Writes a media folder from the bucket into `root` (in .tmp first, renamed into place whole). False
 * when the bucket has no file of it.
 */
async function downloadDir(bucket: Bucket, root: string, key: string): Promise<boolean> {
	const objects = await listAll(bucket, `${key}/`)
	if (!objects.length) return false
	const temp = await makeTempDir(root)
	try {
		const names: string[] = []
		for (const object of objects) {
			const name = object.slice(key.length + 1)
			if (!name || name.includes('/') || !isMediaFile(name)) continue
			const file = await bucket.storage.get(object)
			if (!file) continue
			await fsp.writeFile(path.join(temp, name), new Uint8Array(await file.arrayBuffer()))
			names.push(name)
		}
		await writeMarker(temp, key, bucket, names.sort())
		const target = path.join(root, key)
		await fsp.mkdir(path.dirname(target), { recursive: true })
		if (fs.existsSync(target)) return true
		await fsp.rename(temp, target)
		return true
	} finally {
		await removeTempDir(temp)
	}
}

/** The newest file of a bucket folder (when it was written, by the shop's own record of it). */
async function newestInFolder(bucket: Bucket, key: string) {
	let newest = 0
	let cursor: string | undefined
	do {
		const page = await bucket.storage.list({ prefix: `${key}/`, cursor, limit: 1000, includeMetadata: true })
		for (const file of page.files) newest = Math.max(newest, file.lastModified)
		cursor = page.cursor
	} while (cursor)
	return newest
}

type MediaReplicaStatus =
	| { state: 'off' }
	| { state: 'checking'; since: number }
	| { state: 'ok'; since: number }
	| { state: 'copying'; since: number; waiting: number }
	| { state: 'failing'; since: number; waiting: number }

type Replica = {
	bucket: Bucket
	root: string
	publicUrl: string | null
	uploads: Set<string>
	removals: Set<string>
	downloads: Map<string, Promise<boolean>>
	/** Slices of the start-up comparison still to do, and the bucket folders it found that no row names. */
	check: { slices: string[]; orphans: string[] } | null
	status: MediaReplicaStatus
	kick: () => void
	stopped: boolean
}

let replica: Replica | null = null
/** Media keys the database names that were found at start neither on this disk nor in the bucket. */
let missing: string[] = []

function mediaReplicaStatus(): MediaReplicaStatus {
	return replica?.status ?? { state: 'off' }
}

/**
 * The line /healthz adds when a media bucket is configured, or when media is missing (the cause of a
 * failure and the missing keys go to the log only: /healthz is public).
 */
export function describeMediaReplica(): string | null {
	const s = mediaReplicaStatus()
	const lost = missing.length
		? `${missing.length} media file(s) the database names are missing ${s.state === 'off' ? 'from UPLOADS_DIR' : 'here and in the bucket'} (listed in the server log)`
		: null
	switch (s.state) {
		case 'off':
			return lost && `media: ${lost}`
		case 'checking':
			return 'media bucket: comparing the media folders with the bucket'
		case 'ok':
			return lost ? `media bucket: ${lost}` : 'media bucket: ok (every media file is in the bucket)'
		case 'copying':
			return `media bucket: copying ${s.waiting} media folder(s)`
		case 'failing':
			return `media bucket: failing since ${new Date(s.since).toISOString()}, ${s.waiting} media folder(s) waiting (the cause is in the server log)`
	}
}

function waiting(r: Replica) {
	return r.uploads.size + r.removals.size
}

function markBusy(r: Replica) {
	if (r.status.state === 'failing') r.status = { ...r.status, waiting: waiting(r) }
	else if (r.check) r.status = r.status.state === 'checking' ? r.status : { state: 'checking', since: Date.now() }
	else if (r.status.state !== 'copying') r.status = { state: 'copying', since: Date.now(), waiting: waiting(r) }
	else r.status.waiting = waiting(r)
}

/** A media folder was committed under UPLOADS_DIR: copy it to the bucket (soon, in the background). */
function queueMediaUpload(key: string) {
	const dir = mediaDirKey(key)
	if (!replica || !dir) return
	replica.uploads.add(dir)
	markBusy(replica)
	replica.kick()
}

/** A media folder's row is gone: remove its files from the bucket. */
function queueMediaRemoval(key: string) {
	const dir = mediaDirKey(key)
	forgetMissing(dir)
	if (!replica || !dir) return
	replica.uploads.delete(dir)
	replica.removals.add(dir)
	markBusy(replica)
	replica.kick()
}

function forgetMissing(dir: string | null) {
	if (dir) missing = missing.filter((key) => mediaDirKey(key) !== dir)
}

/** One download per folder at a time, shared by every request and the start-up comparison; errors reach the caller. */
function fetchDir(r: Replica, dir: string): Promise<boolean> {
	let work = r.downloads.get(dir)
	if (!work) {
		work = downloadDir(r.bucket, r.root, dir).finally(() => r.downloads.delete(dir))
		r.downloads.set(dir, work)
	}
	return work
}

/**
 * Brings a media folder the database still names back from the bucket when it is missing here (a
 * restored or second machine). Concurrent asks share one download; false when it cannot be had.
 */
export async function bringBackMediaDir(key: string): Promise<boolean> {
	const r = replica
	const dir = mediaDirKey(key)
	if (!r || !dir) return false
	if (fs.existsSync(path.join(r.root, dir))) return true
	if (!isMediaDirReferenced(getSqlite(), dir)) return false
	const brought = await fetchDir(r, dir).catch((error: unknown) => {
		console.error(`Could not bring ${dir} back from the media bucket: ${(error as Error).message}`)
		return false
	})
	if (brought) forgetMissing(dir)
	return brought
}

/**
 * The public address of a media file (MEDIA_PUBLIC_URL + its key) when it is known to be in the bucket,
 * else null (served from here). Nothing is known before the start-up comparison has rewritten the markers.
 */
export async function publicMediaUrl(file: string): Promise<string | null> {
	const r = replica
	const dir = mediaDirKey(file)
	if (!r?.publicUrl || r.check || !dir) return null
	const name = file.slice(dir.length + 1)
	const copied = await readMarker(path.join(r.root, dir), dir, r.bucket)
	return copied.has(name) ? `${r.publicUrl}/${file.split('/').map(encodeURIComponent).join('/')}` : null
}

/**
 * Starts copying media to the bucket when MEDIA_S3_BUCKET is set: first the comparison of every folder
 * the database names with the bucket, then each change as it happens. The shop never waits on it: a
 * failure is logged once per cause, shown on /healthz and retried. Without a bucket it only checks that
 * the disk holds every media file the database names.
 */
export function startMediaReplica(env: MediaBucketEnv, log: Pick<Console, 'log' | 'error'> = console) {
	const bucket = createMediaBucket(env)
	if (!bucket) {
		reportMissing(path.resolve(env.UPLOADS_DIR), log)
		followMediaChanges(missing.length ? { committed: () => {}, deleted: (key) => forgetMissing(mediaDirKey(key)) } : null)
		return null
	}
	let timer: NodeJS.Timeout | undefined
	let running: Promise<void> | null = null
	let failures = 0
	let lastCause = ''
	const r: Replica = {
		bucket,
		root: path.resolve(env.UPLOADS_DIR),
		publicUrl: env.MEDIA_PUBLIC_URL ?? null,
		uploads: new Set(),
		removals: new Set(),
		downloads: new Map(),
		check: { slices: [...SLICES], orphans: [] },
		status: { state: 'checking', since: Date.now() },
		kick: () => {
			if (running || r.stopped) return
			clearTimeout(timer)
			running = drain().finally(() => {
				running = null
			})
		},
		stopped: false,
	}

	/** One slice of the start-up comparison: every folder the database names there, against the bucket's listing. */
	async function compareSlice(check: NonNullable<Replica['check']>, prefix: string) {
		const inBucket = await listSlice(r.bucket, prefix)
		const named = new Set(
			listMediaKeys(getSqlite())
				.map(mediaDirKey)
				.filter((dir): dir is string => !!dir?.startsWith(prefix)),
		)
		for (const dir of named) {
			if (r.stopped) return
			if (fs.existsSync(path.join(r.root, dir))) await uploadDir(r.bucket, r.root, dir, new Set(inBucket.get(dir)))
			else if (inBucket.has(dir) && isMediaDirReferenced(getSqlite(), dir)) await fetchDir(r, dir)
		}
		for (const dir of inBucket.keys()) if (!named.has(dir)) check.orphans.push(dir)
	}

	/** After the comparison: bucket folders no row names go, unless the database looks like the wrong one. */
	async function sweepOrphans(orphans: string[]) {
		if (!orphans.length) return
		const named = new Set(listMediaKeys(getSqlite()).map(mediaDirKey)).size
		// An empty database, or one that names fewer folders than the bucket holds without it, is far more
		// likely a wrong DATABASE_PATH than crashes: keep the files and say so rather than empty a bucket.
		if (named === 0 || orphans.length > Math.max(10, named)) {
			log.error(
				`Kept ${orphans.length} media folder(s) in the bucket ${r.bucket.identity} that no database row names: is DATABASE_PATH right?`,
			)
			return
		}
		let removed = 0
		for (const dir of orphans) {
			if (r.stopped) return
			if (fs.existsSync(path.join(r.root, dir)) || isMediaDirReferenced(getSqlite(), dir)) continue
			if (Date.now() - (await newestInFolder(r.bucket, dir)) < ORPHAN_GRACE_MS) continue
			await removeDir(r.bucket, dir)
			removed++
		}
		if (removed) log.log(`Removed ${removed} media folder(s) that no database row names from the bucket ${r.bucket.identity}`)
	}

	/** The seller's own changes first, then the start-up comparison a slice at a time. False when nothing is left. */
	async function step() {
		const [upload] = r.uploads
		if (upload) {
			if (fs.existsSync(path.join(r.root, upload))) await uploadDir(r.bucket, r.root, upload)
			else await bringBackMediaDir(upload)
			r.uploads.delete(upload)
			return true
		}
		const [removal] = r.removals
		if (removal) {
			await removeDir(r.bucket, removal)
			r.removals.delete(removal)
			return true
		}
		const check = r.check
		if (!check) return false
		const [slice] = check.slices
		if (slice) {
			await compareSlice(check, slice)
			if (!r.stopped) check.slices.shift()
			return true
		}
		await sweepOrphans(check.orphans)
		if (r.stopped) return false
		r.check = null
		reportMissing(r.root, log)
		return true
	}

	async function drain() {
		try {
			while (!r.stopped && (await step())) markBusy(r)
			if (r.stopped) return
			if (r.status.state === 'failing') log.log('Media bucket recovered: every media file is in the bucket')
			r.status = { state: 'ok', since: Date.now() }
			failures = 0
			lastCause = ''
		} catch (error) {
			const cause = (error as Error).message
			if (cause !== lastCause) log.error(`Media bucket failing: ${cause}`)
			lastCause = cause
			if (r.status.state !== 'failing') r.status = { state: 'failing', since: Date.now(), waiting: waiting(r) }
			else r.status.waiting = waiting(r)
			const delay = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!
			if (!r.stopped) timer = setTimeout(r.kick, delay)
		}
	}

	replica = r
	missing = []
	followMediaChanges({ committed: queueMediaUpload, deleted: queueMediaRemoval })
	log.log(`Copying media to the bucket ${bucket.identity}`)
	r.kick()
	return {
		stop: async () => {
			r.stopped = true
			clearTimeout(timer)
			await running
			if (replica === r) {
				replica = null
				followMediaChanges(null)
			}
		},
	}
}

/** Says, as loudly as `npm run restore` does, which media files the database names this disk does not hold. */
function reportMissing(root: string, log: Pick<Console, 'error'>) {
	const keys = listMediaKeys(getSqlite())
	missing = missingMediaKeys(keys, root)
	if (missing.length) for (const line of describeMissingMedia(missing, keys.length)) log.error(line)
}

/**
 * `npm run restore`: brings every media folder of `keys` that is missing under UPLOADS_DIR back from the
 * bucket, and says how many it brought.
 */
export async function restoreMediaFromBucket(env: MediaBucketEnv, keys: string[], log: Pick<Console, 'log'> = console) {
	const bucket = createMediaBucket(env)
	if (!bucket) return 0
	const root = path.resolve(env.UPLOADS_DIR)
	let brought = 0
	for (const dir of new Set(keys.map(mediaDirKey).filter((d): d is string => !!d))) {
		if (!fs.existsSync(path.join(root, dir)) && (await downloadDir(bucket, root, dir))) brought++
	}
	if (brought) log.log(`Brought ${brought} media folder(s) back from the bucket ${bucket.identity}`)
	return brought
}
