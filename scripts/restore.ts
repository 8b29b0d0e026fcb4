// `npm run restore [-- --force]`: rebuilds the database from the Litestream replica (REPLICA_URL), brings
// the media files it names back from the media bucket (MEDIA_S3_BUCKET) when they are not on this disk,
// then checks that every one of them is there. Stop the shop first: a database in use is never replaced,
// and the one replaced is kept beside it.
import fs from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'

import { listMediaKeys } from '../app/models/media-columns.server'
import { restoreMediaFromBucket } from '../app/services/media-bucket.server'
import { describeMissingMedia, missingMediaKeys } from '../app/services/storage.server'
import { fileTimestamp } from '../app/utils/dates'
import { EnvError, parseEnv } from '../app/utils/env.server'
import { redactUrl, restoreFromReplica } from '../server/replication'

const args = process.argv.slice(2)
const force = args.includes('--force')
if (args.some((arg) => arg !== '--force')) {
	console.error('Usage: npm run restore [-- --force]')
	process.exit(2)
}

const SIDE_FILES = ['', '-wal', '-shm']

/**
 * Whether a process (a running shop, or its Litestream) has the database open. Every connection to a WAL
 * database holds a lock while it is open, idle or not, so an exclusive lock is refused exactly then.
 */
function inUse(file: string) {
	const db = new Database(file, { timeout: 0 })
	try {
		db.pragma('locking_mode = EXCLUSIVE')
		db.exec('BEGIN EXCLUSIVE; COMMIT')
		return false
	} catch (error) {
		if ((error as { code?: string }).code === 'SQLITE_BUSY') return true
		// A damaged file is not in use; it is about to be replaced.
		return false
	} finally {
		db.close()
	}
}

function refuseInUse(target: string) {
	if (inUse(target)) throw new Error(`${target} is in use: stop the shop (and anything else that has it open), then run the restore again`)
}

try {
	const env = parseEnv(process.env)
	if (!env.REPLICA_URL) throw new Error('REPLICA_URL is not set: there is no replica to restore from')
	const target = path.resolve(env.DATABASE_PATH)
	if (fs.existsSync(target) && !force) {
		throw new Error(`${target} already exists. Stop the shop, then run npm run restore -- --force to replace it with the replica's copy`)
	}
	if (fs.existsSync(target)) refuseInUse(target)
	fs.mkdirSync(path.dirname(target), { recursive: true })
	// Restored beside the target and moved over it only when whole, so a failed restore changes nothing.
	const work = `${target}.restoring`
	for (const file of [work, `${work}.tmp`]) fs.rmSync(file, { force: true })
	const started = Date.now()
	if (!(await restoreFromReplica(env, work))) throw new Error(`The replica at ${redactUrl(env.REPLICA_URL)} holds no copy of the database`)
	const restored = new Database(work, { readonly: true })
	let keys: string[]
	try {
		const check = restored.pragma('integrity_check', { simple: true })
		if (check !== 'ok') throw new Error(`The restored database failed its integrity check: ${String(check)}`)
		keys = listMediaKeys(restored)
	} finally {
		restored.close()
	}
	// The database it replaces may hold writes the replica lacks: it is set aside with its WAL, not deleted.
	if (fs.existsSync(target)) {
		refuseInUse(target)
		const aside = `${target}.replaced-${fileTimestamp()}`
		for (const suffix of SIDE_FILES) if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix)
		console.log(`The database it replaces is kept as ${aside}`)
	}
	for (const suffix of SIDE_FILES.slice(1)) fs.rmSync(target + suffix, { force: true })
	fs.renameSync(work, target)
	console.log(`Database restored to ${target} from ${redactUrl(env.REPLICA_URL)} (${((Date.now() - started) / 1000).toFixed(1)} s)`)

	await restoreMediaFromBucket(env, keys)
	const missing = missingMediaKeys(keys, env.UPLOADS_DIR)
	if (missing.length) {
		for (const line of describeMissingMedia(missing, keys.length)) console.error(line)
		process.exit(1)
	}
	console.log(`All ${keys.length} media files the database names are reachable`)
} catch (error) {
	console.error(`Restore failed: ${error instanceof EnvError || error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
