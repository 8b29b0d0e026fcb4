import type { StartedServer } from './listen'

/** Hard limit for a graceful stop, after which the process exits anyway. */
const EXIT_DEADLINE_MS = 10_000

/**
 * SIGTERM / SIGINT: stop accepting connections, let in-flight requests finish, close the database,
 * exit 0; exit 1 if that takes longer than the deadline. Shared by `npm start` and `npm run demo`.
 */
export function stopOnSignals(started: Pick<StartedServer, 'close'>) {
	let stopping = false
	const stop = (signal: NodeJS.Signals) => {
		if (stopping) return
		stopping = true
		console.log(`${signal} received: finishing in-flight requests`)
		started.close().then(
			() => process.exit(0),
			() => process.exit(1),
		)
		setTimeout(() => process.exit(1), EXIT_DEADLINE_MS).unref()
	}
	process.on('SIGTERM', () => stop('SIGTERM'))
	process.on('SIGINT', () => stop('SIGINT'))
}
