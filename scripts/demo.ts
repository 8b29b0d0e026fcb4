// `npm run demo`: build if there is no build or the source changed since it, migrate, create the admin,
// fill an EMPTY shop with the demo catalogue, print where to sign in, then serve like `npm start` (same
// server, same graceful stop).
// Defaults: DATABASE_PATH ./data/shop.db, UPLOADS_DIR ./uploads, PORT 3000; the environment overrides all.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../app/constants'
import { EnvError, parseEnv } from '../app/utils/env.server'
import { readBuildStamp, sourceHash } from './build-stamp'

// Relative paths mean the project folder, as they do under `npm run`.
process.chdir(path.resolve(import.meta.dirname, '..'))

const passwordFromEnv = Boolean(process.env.ADMIN_PASSWORD)
process.env.ADMIN_EMAIL ||= DEMO_ADMIN_EMAIL
process.env.ADMIN_PASSWORD ||= DEMO_ADMIN_PASSWORD
// Served like `npm start`: production unless NODE_ENV says otherwise. Without a SESSION_SECRET of
// its own the demo signs cookies with a random one, so its sign-ins end when it stops.
process.env.NODE_ENV ||= 'production'
const randomSecret = !process.env.SESSION_SECRET
if (randomSecret) process.env.SESSION_SECRET = crypto.randomBytes(32).toString('hex')

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

// A build made from other source (a `git pull`, an edit) would serve the old shop while this script
// migrates and seeds from the new source: build again whenever the build's stamp differs.
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const built = fs.existsSync(path.join(buildDir, 'server', 'index.js'))
if (!built || readBuildStamp(buildDir) !== sourceHash(process.cwd())) {
	console.log(
		built ? 'The source changed since the last build: building the shop again…' : 'No production build yet: building the shop first…',
	)
	const build = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit', env: process.env })
	if (build.status !== 0) {
		console.error('Build failed: see the output above.')
		process.exit(1)
	}
}

// Start-up work and seeding run on this script's own copy of the app code; the server then runs the
// build, which opens the database itself once this copy has closed it.
const { prepare } = await import('../server/prepare')
const { startServer } = await import('../server/start')
const { stopOnSignals } = await import('../server/shutdown')
const { seedDemo } = await import('../app/demo/seed.server')
const { getAdmin } = await import('../app/models/admin.server')
const { closeDb } = await import('../app/db.server')

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

	const admin = await getAdmin()
	closeDb()
	// --seed-only: fill the database and stop (used by npm run bench).
	if (process.argv.includes('--seed-only')) process.exit(0)

	const started = await startServer({ env, prepared: true })
	stopOnSignals(started)

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
			...(randomSecret ? ['  Sign-ins last until the demo stops (set SESSION_SECRET to keep them).', ''] : []),
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
