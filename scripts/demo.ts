// `npm run demo`: build if needed, migrate, create the admin, fill an EMPTY shop with the demo
// catalogue, print where to sign in, then serve like `npm start` (same server, same graceful stop).
// Defaults: DATABASE_PATH ./data/shop.db, UPLOADS_DIR ./uploads, PORT 3000; the environment overrides all.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../app/demo/credentials'
import { EnvError, parseEnv } from '../app/utils/env.server'

// Relative paths mean the project folder, as they do under `npm run`.
process.chdir(path.resolve(import.meta.dirname, '..'))

const passwordFromEnv = Boolean(process.env.ADMIN_PASSWORD)
process.env.ADMIN_EMAIL ||= DEMO_ADMIN_EMAIL
process.env.ADMIN_PASSWORD ||= DEMO_ADMIN_PASSWORD

let env
try {
	// NODE_ENV stays as the environment sets it: unset means development (the dev session secret is fine
	// on a laptop); NODE_ENV=production is respected, and then requires SESSION_SECRET like `npm start`.
	env = parseEnv(process.env, { requireAdmin: true })
} catch (error) {
	if (error instanceof EnvError) {
		console.error(`Configuration error: ${error.message}`)
		process.exit(1)
	}
	throw error
}

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
if (!fs.existsSync(path.join(buildDir, 'server', 'index.js'))) {
	console.log('No production build yet: building the shop first…')
	const build = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit', env: process.env })
	if (build.status !== 0) {
		console.error('Build failed: see the output above.')
		process.exit(1)
	}
}

const { prepare, startServer } = await import('../server/app')
const { stopOnSignals } = await import('../server/shutdown')
const { seedDemo } = await import('../app/demo/seed.server')
const { getAdmin } = await import('../app/models/admin.server')

try {
	const { adminCreated } = await prepare(env)

	console.log('Checking for an empty shop to fill with the demo catalogue…')
	// DEMO_IMAGE_LONG_SIDE: smaller photos for quick trials and tests (the demo's photos are 1600 px tall).
	const imageLongSide = Number(process.env.DEMO_IMAGE_LONG_SIDE) || undefined
	const seeded = await seedDemo({ imageLongSide, log: (line) => console.log(`  ${line}`) })
	if (seeded.seeded) {
		console.log(
			`Demo catalogue added in ${seeded.seconds} s: ${seeded.products} sarees (${seeded.images} photos), ${seeded.blogs} blog posts, ${seeded.orders} orders, hero and story videos.`,
		)
	} else {
		console.log(`No demo data added: ${seeded.reason}. The demo only ever fills an empty shop.`)
	}

	// --seed-only: fill the database and stop (used by npm run bench).
	if (process.argv.includes('--seed-only')) {
		const { closeDb } = await import('../app/db.server')
		closeDb()
		process.exit(0)
	}

	const started = await startServer({ env, prepared: true })
	stopOnSignals(started)

	const admin = await getAdmin()
	const password = adminCreated
		? passwordFromEnv
			? '(the ADMIN_PASSWORD you set)'
			: DEMO_ADMIN_PASSWORD
		: 'the one set when the admin was first created (reset it with: npm run admin:password)'
	const line = '─'.repeat(64)
	console.log(
		[
			'',
			line,
			`  The demo shop is running at  ${started.url}`,
			'',
			`  Admin sign-in:  ${started.url}/auth`,
			`    email:     ${admin?.email ?? env.ADMIN_EMAIL}`,
			`    password:  ${password}`,
			'',
			'  Stop with Ctrl+C. Data lives in',
			`    ${path.resolve(env.DATABASE_PATH)}`,
			`    ${path.resolve(env.UPLOADS_DIR)}`,
			line,
			'',
		].join('\n'),
	)
} catch (error) {
	console.error(`Demo failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
