import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Env } from '../app/utils/env.server'
import type * as App from './app'
import { createHttpServer, listen, type StartedServer } from './listen'

export type { StartedServer }
export type BuiltShop = typeof App

/** The server build (`npm run build` writes it): server/app.ts with the whole app bundled in. */
export async function loadBuiltShop(buildDir = process.env.BUILD_DIR ?? 'build'): Promise<{ shop: BuiltShop; buildDir: string }> {
	const dir = path.resolve(buildDir)
	const entry = path.join(dir, 'server', 'index.js')
	if (!fs.existsSync(entry)) throw new Error(`No production build at ${entry}: run npm run build first`)
	return { shop: (await import(pathToFileURL(entry).href)) as BuiltShop, buildDir: dir }
}

/**
 * Serves the production build. `prepared`: the caller has already run the start-up work (the demo
 * seeds in between, from its own copy of the app code, and closes that copy's database first).
 */
export async function startServer(options: {
	env: Env
	prepared?: boolean
	built?: Awaited<ReturnType<typeof loadBuiltShop>>
}): Promise<StartedServer> {
	const { env } = options
	const { shop, buildDir } = options.built ?? (await loadBuiltShop())
	if (!options.prepared) await shop.prepare(env)
	const { app, close } = await shop.createApp({ env, mode: 'production', clientDir: path.join(buildDir, 'client') })
	const server = createHttpServer()
	server.on('request', app)
	shop.limitConnections(server, { maxPerClient: env.MAX_CONNECTIONS_PER_CLIENT, behindProxy: env.TRUST_PROXY > 0 })
	return listen(server, { port: env.PORT, host: env.HOST, onClosed: close })
}
