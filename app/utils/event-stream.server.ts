import { LIMITS } from '../constants'
import { onChange, type ChangeEvent } from './events.server'

// The live dashboard's server-sent event stream (served by routes/admin/events.ts).

/** The event stream; it unsubscribes and stops its timer when `signal` aborts (the browser went away). */
export function eventStreamResponse(signal: AbortSignal, keepAliveMs: number = LIMITS.sseKeepAliveMs) {
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
			const unsubscribe = onChange((event: ChangeEvent) => send(`event: change\ndata: ${JSON.stringify(event)}\n\n`))
			const keepAlive = setInterval(() => send(': keep-alive\n\n'), keepAliveMs)
			cleanup = () => {
				if (closed) return
				closed = true
				clearInterval(keepAlive)
				unsubscribe()
				signal.removeEventListener('abort', cleanup)
				try {
					controller.close()
				} catch {}
			}
			signal.addEventListener('abort', cleanup)
			if (signal.aborted) return cleanup()
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
