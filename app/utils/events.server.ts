import { EventEmitter } from 'node:events'

// In-process change notifications for the live dashboard (server-sent events): one Node process
// serves the shop, so an EventEmitter is all the "realtime" we need.
/** What changed: the kind of record ('product', 'blog', 'order', ...) or 'settings'. The dashboard refreshes on any. */
export type ChangeKind = string
export type ChangeEvent = { kind: ChangeKind; action: 'created' | 'updated' | 'deleted'; id?: number; at: string }

const key = Symbol.for('silk-shop.changes')
const store = globalThis as unknown as Record<symbol, EventEmitter | undefined>
function emitter() {
	let current = store[key]
	if (!current) {
		current = new EventEmitter()
		current.setMaxListeners(0)
		store[key] = current
	}
	return current
}

/** Call after a write has been committed. */
export function notifyChange(kind: ChangeKind, action: ChangeEvent['action'], id?: number) {
	emitter().emit('change', { kind, action, id, at: new Date().toISOString() } satisfies ChangeEvent)
}

/** Subscribes to committed changes; returns the unsubscribe function. */
export function onChange(listener: (event: ChangeEvent) => void) {
	emitter().on('change', listener)
	return () => {
		emitter().off('change', listener)
	}
}
