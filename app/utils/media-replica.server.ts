import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'

import type { FileStorage } from '@remix-run/file-storage'
import { createS3FileStorage } from '@remix-run/file-storage-s3'

import { getSqlite } from '~/db.server'
import { isMediaDirReferenced, listMediaKeys } from '~/models/media-columns.server'

import type { Env } from './env.server'
import { CONTENT_TYPES } from './file-types.server'
import { followMediaChanges, makeTempDir, mediaDirKey, removeTempDir } from './storage.server'

// A copy of every media file in an S3-compatible bucket, so photos and videos survive losing the machine
// (docs/decisions/0021-media-in-a-bucket.md). UPLOADS_DIR stays the working copy every page, derivative
// and backup reads; each media folder committed there is copied to the bucket under the same key
// (`images/<id>/720.webp`), removed from it when its row is gone, and brought back from it when a
// machine that lost its disk (or a second machine) is asked for it.

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
 * In each media folder: the bucket it was copied to, then the names of its files already there. A
 * folder copied from a backup into a shop with another bucket starts again.
 */
const MARKER = '.in-bucket'
/** After a failure: the next try in 5 s, then 30 s, then every minute. */
const RETRY_MS = [5_000, 30_000, 60_000]

/** Files that belong in the bucket: not share cards (drawn again on demand from the photo) nor our own dot-files. */
const belongsInBucket = (name: string) => !name.startsWith('.') && !name.startsWith('card-')

export function createMediaBucket(env: MediaBucketEnv): { storage: FileStorage; identity: string } | null {
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

async function readMarker(dir: string, bucket: Bucket): Promise<Set<string>> {
	const text = await fsp.readFile(path.join(dir, MARKER), 'utf8').catch(() => '')
	const [identity, ...names] = text.split('\n').filter(Boolean)
	return new Set(identity === bucket.identity ? names : [])
}

async function writeMarker(dir: string, bucket: Bucket, names: Set<string>) {
	const temp = path.join(dir, `${MARKER}.${process.pid}.tmp`)
	await fsp.writeFile(temp, [bucket.identity, ...names].join('\n') + '\n')
	await fsp.rename(temp, path.join(dir, MARKER))
}

/** Copies the files of one media folder that are not in the bucket yet. A folder that is gone is done. */
async function uploadDir(bucket: Bucket, root: string, key: string) {
	const dir = path.join(root, key)
	const names = await fsp.readdir(dir).catch(() => null)
	if (!names) return
	const copied = await readMarker(dir, bucket)
	let changed = false
	for (const name of names.filter(belongsInBucket).sort()) {
		if (copied.has(name)) continue
		const bytes = await fsp.readFile(path.join(dir, name)).catch(() => null)
		if (!bytes) continue
		const type = CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream'
		await bucket.storage.set(`${key}/${name}`, new File([bytes], name, { type }))
		copied.add(name)
		changed = true
	}
	if (changed) await writeMarker(dir, bucket, copied).catch(() => {})
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
		const names = new Set<string>()
		for (const object of objects) {
			const name = object.slice(key.length + 1)
			if (!name || name.includes('/') || !belongsInBucket(name)) continue
			const file = await bucket.storage.get(object)
			if (!file) continue
			await fsp.writeFile(path.join(temp, name), new Uint8Array(await file.arrayBuffer()))
			names.add(name)
		}
		await writeMarker(temp, bucket, names)
		const target = path.join(root, key)
		await fsp.mkdir(path.dirname(target), { recursive: true })
		if (fs.existsSync(target)) return true
		await fsp.rename(temp, target)
		return true
	} finally {
		await removeTempDir(temp)
	}
}

export type MediaReplicaStatus =
	| { state: 'off' }
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
	status: MediaReplicaStatus
	kick: () => void
	stopped: boolean
}

let replica: Replica | null = null

export function mediaReplicaStatus(): MediaReplicaStatus {
	return replica?.status ?? { state: 'off' }
}

/** The line /healthz adds when a media bucket is configured (the cause of a failure goes to the log only). */
export function describeMediaReplica(): string | null {
	const s = mediaReplicaStatus()
	switch (s.state) {
		case 'off':
			return null
		case 'ok':
			return 'media bucket: ok (every media file is in the bucket)'
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
	if (!replica || !dir) return
	replica.uploads.delete(dir)
	replica.removals.add(dir)
	markBusy(replica)
	replica.kick()
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
	let work = r.downloads.get(dir)
	if (!work) {
		work = downloadDir(r.bucket, r.root, dir)
			.catch((error: unknown) => {
				console.error(`Could not bring ${dir} back from the media bucket: ${(error as Error).message}`)
				return false
			})
			.finally(() => r.downloads.delete(dir))
		r.downloads.set(dir, work)
	}
	return work
}

/**
 * The public address of a media file (MEDIA_PUBLIC_URL + its key) when it is known to be in the bucket,
 * else null (served from here).
 */
export async function publicMediaUrl(file: string): Promise<string | null> {
	const r = replica
	const dir = mediaDirKey(file)
	if (!r?.publicUrl || !dir) return null
	const name = file.slice(dir.length + 1)
	const copied = await readMarker(path.join(r.root, dir), r.bucket)
	return copied.has(name) ? `${r.publicUrl}/${file.split('/').map(encodeURIComponent).join('/')}` : null
}

/**
 * Starts copying media to the bucket when MEDIA_S3_BUCKET is set: first every folder the database names
 * (copying what the bucket lacks, bringing back what this disk lacks), then each change as it happens.
 * The shop never waits on it: a failure is logged once per cause, shown on /healthz and retried.
 */
export function startMediaReplica(env: MediaBucketEnv, log: Pick<Console, 'log' | 'error'> = console) {
	const bucket = createMediaBucket(env)
	if (!bucket) return null
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
		status: { state: 'copying', since: Date.now(), waiting: 0 },
		kick: () => {
			if (running || r.stopped) return
			clearTimeout(timer)
			running = drain().finally(() => {
				running = null
			})
		},
		stopped: false,
	}

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
		return false
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
	followMediaChanges({ committed: queueMediaUpload, deleted: queueMediaRemoval })
	for (const key of listMediaKeys(getSqlite())) {
		const dir = mediaDirKey(key)
		if (dir) r.uploads.add(dir)
	}
	markBusy(r)
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
