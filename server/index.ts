import { EnvError, parseEnv } from '../app/utils/env.server'

// `npm start`: validate the environment first, so a misconfigured shop never half-starts.
let env
try {
	env = parseEnv(process.env, { requireAdmin: true })
} catch (error) {
	if (error instanceof EnvError) {
		console.error(`Configuration error: ${error.message}`)
		process.exit(1)
	}
	throw error
}

const { prepare, startServer } = await import('./app')
const { stopOnSignals } = await import('./shutdown')
const { adminHasDemoPassword, DEMO_PASSWORD_REFUSED } = await import('../app/utils/auth.server')
try {
	const { adminCreated } = await prepare(env)
	// `npm run demo` serves the demo's password; a real shop never does.
	if (await adminHasDemoPassword(adminCreated ? env.ADMIN_PASSWORD : undefined)) {
		console.error(`Start refused: ${DEMO_PASSWORD_REFUSED}`)
		process.exit(1)
	}
	const started = await startServer({ env, prepared: true })
	console.log(`Shop listening on ${started.url} (public origin ${env.APP_ORIGIN})`)
	stopOnSignals(started)
} catch (error) {
	console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
