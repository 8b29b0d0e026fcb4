import { TRASH_DAYS } from '~/constants'
import { deleteFromTrash, emptyTrash, purgeExpiredTrash } from '~/models/trash.server'

import { deleteMedia } from './storage.server'

// Removing trashed records for good, files included (docs/decisions/0040): "Delete for good", "Empty
// trash" and the purge of entries older than TRASH_DAYS. The rows go in one transaction, then their
// files (here and, through deleteMedia, in the media bucket), so a crash in between leaves files no row
// names, which the start-up sweep removes.

/** "Delete for good": false when there is no such entry. */
export async function deleteTrashedForGood(trashId: number) {
	const keys = await deleteFromTrash(trashId)
	if (keys === null) return false
	await deleteMedia(keys)
	return true
}

/** "Empty trash": how many entries went. */
export async function emptyTrashForGood() {
	const { removed, keys } = await emptyTrash()
	await deleteMedia(keys)
	return removed
}

/** The purge; running it again finds nothing more to do. */
async function purgeTrash(now = new Date()) {
	const { removed, keys } = await purgeExpiredTrash(now)
	await deleteMedia(keys)
	if (removed) console.log(`Removed ${removed} record(s) deleted more than ${TRASH_DAYS} days ago from the trash, with their files`)
	return removed
}

const HOUR_MS = 3_600_000

/**
 * Runs the purge now and then every hour while the server runs. `stop` ends the timer and waits for a
 * purge under way, so the database is not closed beneath it.
 */
export function startTrashPurge(everyMs = HOUR_MS) {
	let running: Promise<unknown> = Promise.resolve()
	const run = () => {
		running = running.then(() => purgeTrash()).catch((error) => console.error('Purging the trash failed:', error))
	}
	run()
	const timer = setInterval(run, everyMs).unref()
	return async function stop() {
		clearInterval(timer)
		await running
	}
}
