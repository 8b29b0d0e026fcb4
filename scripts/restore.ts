// `npm run restore [-- --force]`: rebuilds the database from the Litestream replica (REPLICA_URL), brings
// the media files it names back from the media bucket (MEDIA_S3_BUCKET) when they are not on this disk,
// then checks that every one of them is there. Stop the shop first.
import fs from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'

import { listMediaKeys } from '../app/models/media-columns.server'
import { EnvError, parseEnv } from '../app/utils/env.server'
import { restoreMediaFromBucket } from '../app/utils/media-replica.server'
import { missingMediaKeys } from '../app/utils/storage.server'
import { redactUrl, restoreFromReplica } from '../server/replication'

const args = process.argv.slice(2)
const force = args.includes('--force')
if (args.some((arg) => arg !== '--force')) {
	console.error('Usage: npm run restore [-- --force]')
	process.exit(2)
}

try {
	const env = parseEnv(process.env)
	if (!env.REPLICA_URL) throw new Error('REPLICA_URL is not set: there is no replica to restore from')
	const target = path.resolve(env.DATABASE_PATH)
	if (fs.existsSync(target) && !force) {
		throw new Error(`${target} already exists. Stop the shop, then run npm run restore -- --force to replace it with the replica's copy`)
	}
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
	for (const file of [`${target}-wal`, `${target}-shm`]) fs.rmSync(file, { force: true })
	fs.renameSync(work, target)
	console.log(`Database restored to ${target} from ${redactUrl(env.REPLICA_URL)} (${((Date.now() - started) / 1000).toFixed(1)} s)`)

	await restoreMediaFromBucket(env, keys)
	const missing = missingMediaKeys(keys, env.UPLOADS_DIR)
	if (missing.length) {
		console.error(`${missing.length} of ${keys.length} media files the database names are not reachable:`)
		for (const key of missing.slice(0, 20)) console.error(`  ${key}`)
		process.exit(1)
	}
	console.log(`All ${keys.length} media files the database names are reachable`)
} catch (error) {
	console.error(`Restore failed: ${error instanceof EnvError || error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
