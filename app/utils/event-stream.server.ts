import { SERVER_LIMITS } from '~/constants.server'

import { type ChangeEvent, onChange } from './events.server'

// The live dashboard's server-sent event stream (served by routes/admin/events.ts). A stream belongs to
// the session that opened it and lives no longer than it: it checks every SERVER_LIMITS.sseSessionCheckMs
// (a sign-out from another process, such as `npm run admin:password`, or an expiry is seen that late at
// most) and at once when this process ends sessions (endEventStreamsOfEndedSessions). A session holds
// at most SERVER_LIMITS.sseStreamsPerSession streams: a new one closes the oldest, because a phone that lost
// its network leaves a dead stream behind that the server cannot tell from a live one, and the stream
// the admin just opened is the one being looked at. A closed stream is told why (`event: end`), so the
// page stops its EventSource instead of reconnecting (and, when replaced, closing another in turn).

type StreamEndReason = 'signed-out' | 'replaced'

export type EventStreamOptions = {
	/** Identifies the session (a hash of its id, never the id itself). */
	sessionKey: string
	/** Whether the session still lives; must not count as activity (it would keep an idle session alive). */
	isSessionLive: () => Promise<boolean>
	keepAliveMs?: number
	checkMs?: number
	maxPerSession?: number
}

type OpenStream = { end: (reason: StreamEndReason) => void; check: () => void }

const openStreams = new Map<string, OpenStream[]>()

/** Checks every open stream's session now (call after ending sessions: sign-out, password change, reset). */
export function endEventStreamsOfEndedSessions() {
	for (const streams of openStreams.values()) for (const stream of [...streams]) stream.check()
}

/** How many streams are open (for tests and diagnostics). */
export function openEventStreamCount(sessionKey?: string) {
	if (sessionKey) return openStreams.get(sessionKey)?.length ?? 0
	let total = 0
	for (const streams of openStreams.values()) total += streams.length
	return total
}

function register(sessionKey: string, stream: OpenStream, max: number) {
	const streams = openStreams.get(sessionKey) ?? []
	openStreams.set(sessionKey, streams)
	while (streams.length >= max) streams[0]!.end('replaced')
	streams.push(stream)
}

function unregister(sessionKey: string, stream: OpenStream) {
	const streams = openStreams.get(sessionKey)
	if (!streams) return
	const index = streams.indexOf(stream)
	if (index >= 0) streams.splice(index, 1)
	if (!streams.length) openStreams.delete(sessionKey)
}

/** The event stream; it ends when `signal` aborts (the browser went away), its session ends, or it is replaced. */
export function eventStreamResponse(signal: AbortSignal, options: EventStreamOptions) {
	const {
		sessionKey,
		isSessionLive,
		keepAliveMs = SERVER_LIMITS.sseKeepAliveMs,
		checkMs = SERVER_LIMITS.sseSessionCheckMs,
		maxPerSession = SERVER_LIMITS.sseStreamsPerSession,
	} = options
	const encoder = new TextEncoder()
	let cleanup = () => {}
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			let closed = false
			const send = (text: string) => {
				if (closed) return
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					cleanup()
				}
			}
			let checking = false
			const entry: OpenStream = {
				end: (reason) => {
					send(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`)
					cleanup()
				},
				check: () => {
					if (checking || closed) return
					checking = true
					isSessionLive()
						.then((live) => live || entry.end('signed-out'))
						.catch(() => undefined)
						.finally(() => (checking = false))
				},
			}
			const unsubscribe = onChange((event: ChangeEvent) => send(`event: change\ndata: ${JSON.stringify(event)}\n\n`))
			const keepAlive = setInterval(() => send(': keep-alive\n\n'), keepAliveMs)
			const sessionCheck = setInterval(entry.check, checkMs)
			cleanup = () => {
				if (closed) return
				closed = true
				clearInterval(keepAlive)
				clearInterval(sessionCheck)
				unsubscribe()
				unregister(sessionKey, entry)
				signal.removeEventListener('abort', cleanup)
				try {
					controller.close()
				} catch {}
			}
			signal.addEventListener('abort', cleanup)
			if (signal.aborted) return cleanup()
			register(sessionKey, entry, maxPerSession)
			// How long the browser waits before reconnecting, and a first event so it knows the stream is live.
			send('retry: 3000\nevent: ready\ndata: {}\n\n')
		},
		cancel() {
			cleanup()
		},
	})
	return new Response(stream, {
		headers: {
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'no-store, no-transform',
			'X-Accel-Buffering': 'no',
		},
	})
}
