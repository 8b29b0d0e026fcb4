import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { LIMITS } from '../app/constants'
import { closeDb, getDb, getSqlite, migrateToLatest } from '../app/db.server'
import { ensureAdmin } from '../app/models/admin.server'
import { SOCKET_ADDRESS_HEADER } from '../app/utils/client-ip.server'
import { backfillImageDerivatives } from '../app/utils/images.server'
import { cleanUpUploads, ensureWritableDirs } from '../app/utils/storage.server'
import { getEnv, type Env } from '../app/utils/env.server'
import { pageCache } from './page-cache'
import { precompressedAssets } from './precompressed'
import { capBodies, sameOriginOnly, securityHeaders, STATIC_CSP, STATIC_DOCUMENT_CSP } from './security'

export type StartedServer = { url: string; server: http.Server; close: () => Promise<void> }

const SHUTDOWN_GRACE_MS = 9_000

/** Everything `npm start` does before serving: checks, migrations, admin, upload clean-up. */
export async function prepare(env: Env = getEnv()) {
	ensureWritableDirs(env)
	const applied = await migrateToLatest()
	if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
	const admin = env.ADMIN_EMAIL ? await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD) : { created: false }
	await cleanUpUploads(env.UPLOADS_DIR)
	const backfilled = await backfillImageDerivatives(env.UPLOADS_DIR)
	if (backfilled) console.log(`Wrote ${backfilled} missing image sizes for images stored before them`)
	return { appliedMigrations: applied, adminCreated: admin.created }
}

/** `prepared`: the caller has already run prepare() (the demo seeds in between). */
export async function startServer(options: { buildDir?: string; env?: Env; prepared?: boolean } = {}): Promise<StartedServer> {
	const env = options.env ?? getEnv()
	const buildDir = path.resolve(options.buildDir ?? process.env.BUILD_DIR ?? 'build')
	const serverEntry = path.join(buildDir, 'server', 'index.js')
	if (!fs.existsSync(serverEntry)) throw new Error(`No production build at ${serverEntry}: run npm run build first`)
	if (!options.prepared) await prepare(env)
	const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild

	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)
	app.use(requestLog)
	// The TCP peer for the sign-in throttle; overwrites anything a client sent under this name.
	app.use((req, _res, next) => {
		req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? ''
		next()
	})
	app.use(securityHeaders(env.APP_ORIGIN))
	app.get('/healthz', async (_req, res) => {
		try {
			await getDb().selectNoFrom((eb) => eb.lit(1).as('ok')).execute()
			res.setHeader('Cache-Control', 'no-store')
			res.type('text/plain').send('ok')
		} catch {
			res.status(503).type('text/plain').send('database unavailable')
		}
	})
	app.use(sameOriginOnly(env.APP_ORIGIN))
	app.use(capBodies(LIMITS.maxFormBytes))
	// Media is already compressed; everything else (HTML, JS, CSS, JSON, SVG) benefits.
	app.use(compression({ filter: (req, res) => !req.path.startsWith('/media/') && compression.filter(req, res) }))
	app.use(
		'/assets',
		precompressedAssets(path.join(buildDir, 'client', 'assets')),
		express.static(path.join(buildDir, 'client', 'assets'), {
			immutable: true,
			maxAge: '1y',
			index: false,
			setHeaders: (res) => res.setHeader('Content-Security-Policy', STATIC_CSP),
		}),
	)
	const publicFiles = express.static(path.join(buildDir, 'client'), {
		maxAge: '1h',
		index: false,
		setHeaders: (res, file) => res.setHeader('Content-Security-Policy', file.endsWith('.html') ? STATIC_DOCUMENT_CSP : STATIC_CSP),
	})
	// Page addresses have no file extension: they skip the file lookup.
	app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
	app.use(pageCache({ version: databaseVersion }))
	app.all('/{*splat}', createRequestHandler({ build, mode: 'production' }))

	const server = http.createServer(app)
	server.keepAliveTimeout = 5_000
	// A 50 MB video over a slow phone connection takes many minutes; headers still must arrive in 60 s.
	server.requestTimeout = 30 * 60_000
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(env.PORT, env.HOST, () => resolve())
	})
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`

	let closing: Promise<void> | undefined
	const close = () => {
		closing ??= new Promise<void>((resolve) => {
			const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
			force.unref()
			server.close(() => {
				clearTimeout(force)
				closeDb()
				resolve()
			})
			// Sockets idling in keep-alive would hold close() open; in-flight requests are left to finish.
			server.closeIdleConnections()
		})
		return closing
	}
	return { url, server, close }
}

let versionQueries: { sqlite: ReturnType<typeof getSqlite>; dataVersion: () => unknown; totalChanges: () => unknown } | undefined

/** Changes with every write: ours (total_changes) and other processes' (data_version). */
function databaseVersion() {
	const sqlite = getSqlite()
	if (versionQueries?.sqlite !== sqlite) {
		const dataVersion = sqlite.prepare('PRAGMA data_version').pluck()
		const totalChanges = sqlite.prepare('SELECT total_changes()').pluck()
		versionQueries = { sqlite, dataVersion: () => dataVersion.get(), totalChanges: () => totalChanges.get() }
	}
	return `${versionQueries.dataVersion()}:${versionQueries.totalChanges()}`
}

function requestLog(req: express.Request, res: express.Response, next: express.NextFunction) {
	const start = process.hrtime.bigint()
	res.on('finish', () => {
		if (req.path === '/healthz' || req.path.startsWith('/assets/')) return
		const ms = Number(process.hrtime.bigint() - start) / 1e6
		// req.path has no query string: reset tokens travel there and must never reach a log.
		console.log(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`)
	})
	next()
}
