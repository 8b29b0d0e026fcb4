// `npm run dev`: the shop's own server (server/app.ts: headers, checks, page cache, limits) with Vite
// as middleware for client modules and hot reloading; the same app `npm start` serves from the build.
import type * as App from './app'
import { createHttpServer, listen } from './listen'

process.env.NODE_ENV ||= 'development'

const { createServer: createViteServer } = await import('vite')
const { stopOnSignals } = await import('./shutdown')

const server = createHttpServer()
// Hot reloading shares the shop's port, so the page's `connect-src 'self'` allows it.
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server }, cors: false }, appType: 'custom' })
// Vite loads the app and the React Router build as one module graph; route edits apply on the next request.
const shop = (await vite.ssrLoadModule('./server/app.ts')) as typeof App

let env
try {
	env = shop.parseEnv(process.env)
} catch (error) {
	if (error instanceof shop.EnvError) {
		console.error(`Configuration error: ${error.message}`)
		process.exit(1)
	}
	throw error
}

await shop.prepare(env)
const { app, close } = await shop.createApp({ env, mode: 'development', devAssets: vite.middlewares })
server.on('request', app)
shop.limitConnections(server, { maxPerClient: env.MAX_CONNECTIONS_PER_CLIENT, behindProxy: env.TRUST_PROXY > 0 })
const started = await listen(server, {
	port: env.PORT,
	host: env.HOST,
	onClosed: async () => {
		await close()
		await vite.close()
	},
})
console.log(`Development shop on ${started.url}`)
stopOnSignals(started)
