import http from 'node:http'

import { TIMEOUTS } from './limits'

export type StartedServer = { url: string; server: http.Server; close: () => Promise<void> }

const SHUTDOWN_GRACE_MS = 9_000

/** An HTTP server that checks its header and request deadlines every second (Node's default: 30 s). */
export function createHttpServer() {
	return http.createServer({ connectionsCheckingInterval: TIMEOUTS.checkIntervalMs })
}

/**
 * Listens on `port`/`host`; `close()` stops accepting connections, lets in-flight requests finish
 * (for at most SHUTDOWN_GRACE_MS), then runs `onClosed` (the app's own clean-up) once.
 */
export async function listen(
	server: http.Server,
	options: { port: number; host: string; onClosed: () => Promise<void> },
): Promise<StartedServer> {
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(options.port, options.host, () => {
			server.off('error', reject)
			resolve()
		})
	})
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : options.port
	const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}`

	let closing: Promise<void> | undefined
	const close = () => {
		closing ??= new Promise<void>((resolve, reject) => {
			const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
			force.unref()
			server.close(() => {
				clearTimeout(force)
				options.onClosed().then(resolve, reject)
			})
			// Sockets idling in keep-alive would hold close() open; in-flight requests are left to finish.
			server.closeIdleConnections()
		})
		return closing
	}
	return { url, server, close }
}
