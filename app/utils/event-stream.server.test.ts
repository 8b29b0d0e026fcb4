import { describe, expect, test } from 'vitest'

import { endEventStreamsOfEndedSessions, type EventStreamOptions, eventStreamResponse, openEventStreamCount } from './event-stream.server'
import { changeListenerCount as listenerCount, notifyChange } from './events.server'

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string, seen = { value: '' }) {
	const decoder = new TextDecoder()
	while (!seen.value.includes(text)) {
		const { done, value } = await reader.read()
		if (done) break
		seen.value += decoder.decode(value)
	}
	return seen.value
}

/** Reads until the stream ends; returns everything it sent. */
async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, seen = { value: '' }) {
	const decoder = new TextDecoder()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return seen.value
		seen.value += decoder.decode(value)
	}
}

let sessions = 0
/** A session of its own for each stream test, alive until `end()`. Checks are slow (1 h) unless asked. */
function session(overrides: Partial<EventStreamOptions> = {}) {
	let live = true
	const options: EventStreamOptions = {
		sessionKey: `session-${++sessions}`,
		isSessionLive: async () => live,
		keepAliveMs: 30,
		checkMs: 3_600_000,
		...overrides,
	}
	return { options, end: () => (live = false) }
}

describe('the dashboard event stream', () => {
	test('sends ready, then one event per change, keep-alive comments, and unsubscribes on abort', async () => {
		const controller = new AbortController()
		const before = listenerCount()
		const response = eventStreamResponse(controller.signal, session().options)
		expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toContain('no-transform')
		const reader = response.body!.getReader()
		const seen = { value: '' }
		await readUntil(reader, 'event: ready', seen)
		expect(listenerCount()).toBe(before + 1)

		notifyChange('product', 'created', 42)
		await readUntil(reader, '"id":42', seen)
		expect(seen.value).toMatch(/event: change\ndata: \{"kind":"product","action":"created","id":42,"at":"[^"]+"\}\n\n/)

		await readUntil(reader, ': keep-alive', seen)

		controller.abort()
		expect(listenerCount()).toBe(before)
		const rest = await reader.read()
		expect(rest.done).toBe(true)
	})

	test('an already aborted request leaves no listener behind', async () => {
		const controller = new AbortController()
		controller.abort()
		const before = listenerCount()
		const { options } = session()
		const response = eventStreamResponse(controller.signal, options)
		expect(listenerCount()).toBe(before)
		expect(openEventStreamCount(options.sessionKey)).toBe(0)
		expect((await response.body!.getReader().read()).done).toBe(true)
	})
})

describe('a stream lives no longer than its session', () => {
	test('ended at once when this process ends sessions, with the reason, and nothing left behind', async () => {
		const before = listenerCount()
		const mine = session()
		const other = session()
		const reader = eventStreamResponse(new AbortController().signal, mine.options).body!.getReader()
		const otherReader = eventStreamResponse(new AbortController().signal, other.options).body!.getReader()
		await readUntil(reader, 'event: ready')
		await readUntil(otherReader, 'event: ready')

		mine.end()
		endEventStreamsOfEndedSessions()
		expect(await readToEnd(reader)).toContain('event: end\ndata: {"reason":"signed-out"}\n\n')
		expect(openEventStreamCount(mine.options.sessionKey)).toBe(0)
		// The other session's stream carries on.
		expect(openEventStreamCount(other.options.sessionKey)).toBe(1)
		notifyChange('order', 'updated', 7)
		await readUntil(otherReader, '"id":7')
		await otherReader.cancel()
		expect(listenerCount()).toBe(before)
	})

	test('an end made elsewhere (another process, an expiry) is seen by the periodic check', async () => {
		const mine = session({ checkMs: 20 })
		const reader = eventStreamResponse(new AbortController().signal, mine.options).body!.getReader()
		await readUntil(reader, 'event: ready')
		mine.end()
		expect(await readToEnd(reader)).toContain('"reason":"signed-out"')
	})

	test('a session holds at most 3 streams: a fourth closes the oldest, which is told it was replaced', async () => {
		const { options } = session()
		const readers = []
		for (let i = 0; i < 3; i++) {
			const reader = eventStreamResponse(new AbortController().signal, options).body!.getReader()
			await readUntil(reader, 'event: ready')
			readers.push(reader)
		}
		expect(openEventStreamCount(options.sessionKey)).toBe(3)
		const newest = eventStreamResponse(new AbortController().signal, options).body!.getReader()
		await readUntil(newest, 'event: ready')
		expect(await readToEnd(readers[0]!)).toContain('event: end\ndata: {"reason":"replaced"}\n\n')
		expect(openEventStreamCount(options.sessionKey)).toBe(3)
		// The others still receive changes.
		notifyChange('blog', 'deleted', 9)
		for (const reader of [readers[1]!, readers[2]!, newest]) await readUntil(reader, '"id":9')
		for (const reader of [readers[1]!, readers[2]!, newest]) await reader.cancel()
		expect(openEventStreamCount(options.sessionKey)).toBe(0)
	})
})
