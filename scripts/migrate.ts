// `npm run migrate`: applies pending migrations to DATABASE_PATH (default ./data/shop.db) and says which.
// `npm start` and `npm run demo` migrate on their own; this is for operators who want it as a step.
import path from 'node:path'

import { EnvError, parseEnv } from '../app/utils/env.server'

let env
try {
	env = parseEnv(process.env)
} catch (error) {
	if (error instanceof EnvError) {
		console.error(`Configuration error: ${error.message}`)
		process.exit(1)
	}
	throw error
}

const { closeDb, migrateToLatest } = await import('../app/db.server')
const file = path.resolve(env.DATABASE_PATH)
try {
	const applied = await migrateToLatest()
	if (applied.length) {
		console.log(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${file}:`)
		for (const name of applied) console.log(`  ${name}`)
	} else {
		console.log(`${file} is up to date: no migration to apply.`)
	}
} catch (error) {
	console.error(
		`Migration failed (nothing after the failing migration was applied): ${error instanceof Error ? error.message : String(error)}`,
	)
	process.exitCode = 1
} finally {
	closeDb()
}
