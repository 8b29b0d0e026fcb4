// `npm start`: the production build, in production mode unless NODE_ENV says otherwise. Nothing of
// the app is imported before NODE_ENV is settled (React and React Router read it when loaded).
import fs from 'node:fs'
import path from 'node:path'

process.env.NODE_ENV ||= 'production'

const { loadBuiltShop, startServer } = await import('./start')
const { stopOnSignals } = await import('./shutdown')

let built
try {
	built = await loadBuiltShop()
} catch (error) {
	console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}

// Validate the environment first, so a misconfigured shop never half-starts.
let env
try {
	env = built.shop.parseEnv(process.env, { requireAdmin: true })
} catch (error) {
	if (error instanceof built.shop.EnvError) {
		console.error(`Configuration error: ${error.message}`)
		process.exit(1)
	}
	throw error
}

const { shop } = built
let replication: { stop: () => Promise<void> } | null = null
let media: { stop: () => Promise<void> } | null = null
const stopCopies = () => Promise.all([replication?.stop(), media?.stop()])
try {
	// A new machine (or an empty container volume) with a replica configured starts from the replica:
	// a fresh empty database would otherwise begin a new generation beside the shop's real one.
	if (env.REPLICA_URL && !fs.existsSync(env.DATABASE_PATH)) {
		fs.mkdirSync(path.dirname(path.resolve(env.DATABASE_PATH)), { recursive: true })
		console.log(`No database at ${path.resolve(env.DATABASE_PATH)}: restoring it from the replica`)
		if (await shop.restoreFromReplica(env, env.DATABASE_PATH)) console.log('Database restored from the replica')
	}
	const { adminCreated } = await shop.prepare(env)
	// `npm run demo` serves the demo's password; a real shop never does.
	if (await shop.adminHasDemoPassword(adminCreated ? env.ADMIN_PASSWORD : undefined)) {
		console.error(`Start refused: ${shop.DEMO_PASSWORD_REFUSED}`)
		process.exit(1)
	}
	replication = shop.startReplication(env)
	media = shop.startMediaReplica(env)
	const started = await startServer({ env, built, prepared: true })
	console.log(`Shop listening on ${started.url} (public origin ${env.APP_ORIGIN})`)
	// Litestream stops after the database is closed, so its last sync includes every write.
	stopOnSignals({ close: () => started.close().finally(stopCopies) })
} catch (error) {
	console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
	await stopCopies()
	process.exit(1)
}
