import { useSyncExternalStore } from 'react'

import type { Savings } from '~/components/admin/downscale-photos'

// The progress of the form upload under way (JS only): one at a time, sent from a route's
// clientAction (app/components/admin/upload-progress.tsx), shown by whichever bar is on the page.

export type UploadProgress = { loaded: number; total: number; savings?: Savings | null } | null

let current: UploadProgress = null
const listeners = new Set<() => void>()

/** Called by the upload under way (submitWithProgress); null when it is over. */
export function setUploadProgress(progress: UploadProgress) {
	current = progress
	for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

/** The upload under way: bytes sent of the total, and what downscaling saved; null when none. */
export function useUploadProgress() {
	return useSyncExternalStore(
		subscribe,
		() => current,
		() => null,
	)
}
