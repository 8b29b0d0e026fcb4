import path from 'node:path'

import { createRequestHandler as createExpressHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { createRequestHandler, type ServerBuild } from 'react-router'

import { SERVER_LIMITS } from '../app/constants.server'
import { closeDb, getDb } from '../app/db.server'
import { getContentVersion } from '../app/models/content-version.server'
import { flushProductEnquiries } from '../app/models/enquiries.server'
import { describeMediaReplica } from '../app/services/media-bucket.server'
import { readRequestFacts } from '../app/services/session.server'
import { startTrashPurge } from '../app/services/trash.server'
import { normalizeAddress } from '../app/utils/client-ip.server'
import { cookieName } from '../app/utils/cookies.server'
import type { Env } from '../app/utils/env.server'
import { isOrderLinkPath } from '../app/utils/order-link'
import { type RequestFacts, routerContextOf } from '../app/utils/request-context.server'
import { canonicalAddressOf, isShareableHandle, matchRouteChain, type RouteArea, routeArea } from '../app/utils/route-area'
import { canonicalPath, documentPath, isDataPath } from './canonical-path'
import { sharedCacheHeaders } from './cdn-headers'
import { cdnPurger, purgeOnContentChange, purgeTargets } from './cdn-purge'
import { limitRequestsPerClient, receiveDeadline } from './client-limits'
import { fromPageCache, pageCache } from './page-cache'
import { precompressedAssets } from './precompressed'
import { describeReplication } from './replication'
import { capBodies, refuseMalformedRequests, sameOriginOnly, securityHeaders, STATIC_CSP, STATIC_DOCUMENT_CSP } from './security'
import { withStatusTexts } from './status-texts'

// The shop's server: the same Express app in development and production (docs/decisions/0001). This
// module is the entry of the server build (vite.config.ts), so it and the React Router build are one
// module graph: `npm start` (server/index.ts) imports the built copy, `npm run dev` (server/dev.ts)
// has Vite load this file.

export { adminHasDemoPassword, DEMO_PASSWORD_REFUSED } from '../app/services/auth.server'
export { startMediaReplica } from '../app/services/media-bucket.server'
export { EnvError, parseEnv } from '../app/utils/env.server'
export { limitConnections } from './client-limits'
export { prepare } from './prepare'
export { restoreFromReplica, startReplication } from './replication'

const loadBuild = () => (import('virtual:react-router/server-build') as Promise<ServerBuild>).then(withStatusTexts)
type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

/** What the matched route says about a request (set on `res.locals.route` once its address is canonical). */
export type RouteFacts = {
	area: RouteArea
	/** A document every visitor gets the same: the page cache may answer it (data requests never are). */
	shareable: boolean
	handle?: unknown
	/** A route without a page (a file, a feed, a redirect): React Router's own test, no default export and no error boundary. */
	resource: boolean
	/** The route has an action. */
	takesPosts: boolean
}

function routeFacts(routes: ServerBuild['routes'], pathname: string, dataRequest: boolean): RouteFacts {
	const chain = matchRouteChain(routes, pathname) ?? []
	const area = routeArea(chain.map((route) => route.id))
	const page = chain.at(-1)
	const module = page === undefined ? undefined : routes[page.id]?.module
	const handle = module?.handle
	const resource = module !== undefined && module.default == null && module.ErrorBoundary == null
	const takesPosts = module?.action != null
	return { area, shareable: area === 'public' && !dataRequest && isShareableHandle(handle), handle, resource, takesPosts }
}

export type ShopAppOptions = {
	env: Env
	mode: 'production' | 'development'
	/** The built client (production): hashed assets and public files. */
	clientDir?: string
	/** Serves client modules and public files in development (Vite's middleware). */
	devAssets?: express.RequestHandler
}

export async function createApp({ env, mode, clientDir, devAssets }: ShopAppOptions) {
	// In development Vite evaluates the build afresh after an edit, so it is asked for on each request
	// (React Router then derives its handlers each time); in production it is loaded once.
	const build: BuildSource = mode === 'development' ? loadBuild : await loadBuild()
	const routes = async () => (typeof build === 'function' ? await build() : build).routes
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)
	const clientAddress = (req: express.Request) => factsOf(req.res!).clientAddress

	app.use(securityHeaders(env.APP_ORIGIN))
	// What a CDN in front may keep: shareable pages only (docs/decisions/0043).
	app.use(
		sharedCacheHeaders({
			isSharedPage: (_req, res) => (res.locals.route as RouteFacts | undefined)?.shareable === true,
			flashCookie: cookieName('flash'),
		}),
	)
	app.use(refuseMalformedRequests({ trustProxy: env.TRUST_PROXY > 0 }))
	// Who is asking, once per request: every check below and every route take it from here
	// (utils/request-context.server.ts); the session and the admin are read on first use.
	app.use((req, res, next) => {
		res.locals.facts = readRequestFacts(normalizeAddress(req.ip), req.get('cookie') ?? null)
		next()
	})
	app.use(requestLog(clientAddress))
	app.use(limitRequestsPerClient(env.MAX_CONNECTIONS_PER_CLIENT, clientAddress))
	app.get('/healthz', async (_req, res) => {
		try {
			await getDb()
				.selectNoFrom((eb) => eb.lit(1).as('ok'))
				.execute()
			res.setHeader('Cache-Control', 'no-store')
			// A failing replica or media bucket is reported, not fatal: the shop keeps serving and both catch up.
			const lines = [describeReplication(), describeMediaReplica()].filter(Boolean)
			res.type('text/plain').send(lines.length ? `ok\n${lines.join('\n')}\n` : 'ok')
		} catch {
			res.status(503).type('text/plain').send('database unavailable')
		}
	})
	// Media is already compressed, and so are pages sent from the page cache's stored copies; everything
	// else (HTML, JS, CSS, JSON, SVG) benefits.
	app.use(compression({ filter: (req, res) => !req.path.startsWith('/media/') && !fromPageCache(res) && compression.filter(req, res) }))
	if (clientDir) {
		app.use(
			'/assets',
			precompressedAssets(path.join(clientDir, 'assets')),
			express.static(path.join(clientDir, 'assets'), {
				immutable: true,
				maxAge: '1y',
				index: false,
				setHeaders: (res) => res.setHeader('Content-Security-Policy', STATIC_CSP),
			}),
		)
		const publicFiles = express.static(clientDir, {
			maxAge: '1h',
			index: false,
			setHeaders: (res, file) => res.setHeader('Content-Security-Policy', file.endsWith('.html') ? STATIC_DOCUMENT_CSP : STATIC_CSP),
		})
		// Page addresses have no file extension: they skip the file lookup.
		app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
	}
	if (devAssets) app.use(devAssets)
	app.use(canonicalAddresses(routes))
	app.use(sameOriginOnly([env.APP_ORIGIN, ...env.ALLOWED_ORIGINS], clientAddress))
	// React Router answers a post to a file or a feed with 405 and "Unexpected Server Error": say what it
	// is. (An admin address is the guard's to answer first.)
	app.use((req, res, next) => {
		const route = res.locals.route as RouteFacts
		if (req.method !== 'POST' || route.area !== 'public' || !route.resource || route.takesPosts) return next()
		res.setHeader('Allow', 'GET, HEAD')
		res.setHeader('Connection', 'close')
		res.status(405).type('text/plain').send('Method not allowed')
	})
	app.use(capBodies(SERVER_LIMITS.maxFormBytes))
	app.use(
		receiveDeadline(async (req, res) => {
			if (req.method !== 'POST' || (res.locals.route as RouteFacts).area !== 'admin' || !req.is('multipart/form-data')) return false
			return (await factsOf(res).admin()) !== null
		}),
	)
	const renderDocument = createRequestHandler(build, mode)
	app.use(
		pageCache({
			version: getContentVersion,
			isShareable: (_req, res) => (res.locals.route as RouteFacts).shareable,
			// The one copy every visitor gets is rendered for none of them: no cookie, no address.
			render: (pathAndQuery) =>
				renderDocument(new Request(new URL(pathAndQuery, env.APP_ORIGIN)), routerContextOf(readRequestFacts('unknown', null))),
			address: (req, res) =>
				canonicalAddressOf((res.locals.route as RouteFacts).handle, new URL(req.originalUrl, env.APP_ORIGIN)) ?? req.originalUrl,
			flashCookie: cookieName('flash'),
		}),
	)
	app.all(
		'/{*splat}',
		createExpressHandler({
			build,
			mode,
			getLoadContext: (_req, res) => routerContextOf(factsOf(res), (res.locals.route as RouteFacts | undefined)?.area),
		}),
	)
	app.use(answerErrors)

	const targets = purgeTargets(env)
	const stopPurging = targets.length ? purgeOnContentChange(getContentVersion, cdnPurger(targets)) : () => {}
	// Records deleted more than 30 days ago leave the trash for good, on start and every hour.
	const stopTrashPurge = startTrashPurge()

	/** Writes what waits in memory and closes the database; call once the HTTP server has stopped. */
	async function close() {
		stopPurging()
		await stopTrashPurge()
		await flushProductEnquiries()
		closeDb()
	}
	return { app, close }
}

/**
 * Redirects every other spelling of an address to its canonical one (server/canonical-path.ts), answers
 * a data request for a route without a page with 404, and notes what the matched route says about the request.
 */
const canonicalAddresses =
	(routes: () => Promise<ServerBuild['routes']>) => async (req: express.Request, res: express.Response, next: express.NextFunction) => {
		try {
			const [rawPath = '/', ...query] = req.originalUrl.split('?')
			const routeMap = await routes()
			const verdict = canonicalPath(rawPath, routeMap)
			if (verdict.kind === 'bad-request') return void res.status(400).type('text/plain').send('Bad request: malformed address')
			if (verdict.kind === 'not-found') return void res.status(404).type('text/plain').send('Not found')
			if (verdict.kind === 'redirect') {
				// A body sent to a misspelt address is not read: the connection closes after the answer.
				if (req.method !== 'GET' && req.method !== 'HEAD') res.setHeader('Connection', 'close')
				// The way to a customer's order page names its private link: no cache keeps it, nor the referrer.
				if (isOrderLinkPath(verdict.path)) res.set({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })
				return res.redirect(308, query.length ? `${verdict.path}?${query.join('?')}` : verdict.path)
			}
			const dataRequest = isDataPath(rawPath)
			const facts = routeFacts(routeMap, documentPath(rawPath), dataRequest)
			// React Router would answer a file's data request with the whole file serialized into its data
			// stream (a video twice its size, at four times the work): a resource route has no data to give.
			// A form posted with JavaScript on is a data request too (the sidebar's Sign Out): a resource
			// route's action still takes it, and answers with a redirect or a short message.
			if (dataRequest && facts.resource && !(req.method === 'POST' && facts.takesPosts)) {
				// Like every answer about an admin or sign-in address, kept by no cache.
				if (facts.area !== 'public') res.setHeader('Cache-Control', 'no-store')
				return void res.status(404).type('text/plain').send('Not found')
			}
			res.locals.route = facts
			next()
		} catch (error) {
			next(error)
		}
	}

function factsOf(res: express.Response): RequestFacts {
	return res.locals.facts as RequestFacts
}

function requestLog(clientAddress: (req: express.Request) => string) {
	return (req: express.Request, res: express.Response, next: express.NextFunction) => {
		const start = process.hrtime.bigint()
		res.on('finish', () => {
			if (req.path === '/healthz' || req.path.startsWith('/assets/')) return
			const ms = Number(process.hrtime.bigint() - start) / 1e6
			// req.path has no query string: reset tokens travel there and must never reach a log.
			console.log(`${clientAddress(req)} ${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`)
		})
		next()
	}
}

/** The last word on anything thrown: logged with its stack, answered without one. */
function answerErrors(error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) {
	const status = (error as { status?: unknown })?.status
	const clientError = typeof status === 'number' && status >= 400 && status < 500
	if (!clientError) console.error(`Error on ${req.method} ${req.path}:`, error instanceof Error ? error.stack : error)
	if (res.headersSent) return void req.socket.destroy()
	res
		.status(clientError ? status : 500)
		.type('text/plain')
		.send(clientError ? 'Bad request' : 'Internal server error')
}
