// `npm start`: the production build, in production mode unless NODE_ENV says otherwise. Nothing of
// the app is imported before NODE_ENV is settled (React and React Router read it when loaded).
process.env.NODE_ENV ||= 'production'
export {}

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
try {
	const { adminCreated } = await shop.prepare(env)
	// `npm run demo` serves the demo's password; a real shop never does.
	if (await shop.adminHasDemoPassword(adminCreated ? env.ADMIN_PASSWORD : undefined)) {
		console.error(`Start refused: ${shop.DEMO_PASSWORD_REFUSED}`)
		process.exit(1)
	}
	const started = await startServer({ env, built, prepared: true })
	console.log(`Shop listening on ${started.url} (public origin ${env.APP_ORIGIN})`)
	stopOnSignals(started)
} catch (error) {
	console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
