import { EventEmitter } from 'node:events'

// In-process change notifications for the live dashboard (server-sent events): one Node process
// serves the shop, so an EventEmitter is all the "realtime" we need.
/** What changed: the kind of record ('product', 'blog', 'order', ...) or 'settings'. The dashboard refreshes on any. */
export type ChangeKind = string
export type ChangeEvent = { kind: ChangeKind; action: 'created' | 'updated' | 'deleted'; id?: number; at: string }

const changes = new EventEmitter()
changes.setMaxListeners(0)

/** Call after a write has been committed. */
export function notifyChange(kind: ChangeKind, action: ChangeEvent['action'], id?: number) {
	changes.emit('change', { kind, action, id, at: new Date().toISOString() } satisfies ChangeEvent)
}

/** Subscribes to committed changes; returns the unsubscribe function. */
export function onChange(listener: (event: ChangeEvent) => void) {
	changes.on('change', listener)
	return () => {
		changes.off('change', listener)
	}
}

/** How many subscribers are listening (open dashboard streams). */
export function changeListenerCount() {
	return changes.listenerCount('change')
}
