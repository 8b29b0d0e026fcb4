import { describe, expect, test } from 'vitest'
import { eventStreamResponse } from './event-stream.server'
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

describe('the dashboard event stream', () => {
	test('sends ready, then one event per change, keep-alive comments, and unsubscribes on abort', async () => {
		const controller = new AbortController()
		const before = listenerCount()
		const response = eventStreamResponse(controller.signal, 30)
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
		const response = eventStreamResponse(controller.signal, 30)
		expect(listenerCount()).toBe(before)
		expect((await response.body!.getReader().read()).done).toBe(true)
	})
})
