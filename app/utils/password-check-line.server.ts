import { SERVER_LIMITS } from '~/constants.server'

import { typicalCheckMs, verifyPasswordHash } from './password-hash.server'

// Sign-in checks for browsers the shop does not know (no device cookie) wait in one short line: one
// check at a time, at most SERVER_LIMITS.signInWaiting more waiting. Whoever finds it full is told to come
// back in a few seconds (503) before anything is counted or hashed, so a flood of attempts costs one
// bcrypt at a time and never builds a queue that the seller would wait behind. Browsers that signed
// in before do not stand in it (their checks go ahead of it on the password worker).
//
// Checks against no hash (an address that is not the admin's) stand in the same line and take the
// same time as real ones: a line that filled up only for the admin's address would tell which one it is.

type Place = { wake: () => void; turn: Promise<void> }

const line: Place[] = []

/** A place in the line; `check` waits for its turn, then checks the password, then leaves. */
export type PlaceInLine = {
	check: (password: string, hash: string | null | undefined) => Promise<boolean>
	/** Leaves without checking (e.g. the attempt was throttled). Safe to call more than once. */
	leave: () => void
}

/** Whether a new place would be given now (checked before any work, so a full line costs nothing). */
export function lineHasRoom() {
	return line.length <= SERVER_LIMITS.signInWaiting
}

/** A place at the end of the line, or null when the line is full. */
export function joinLine(): PlaceInLine | null {
	if (!lineHasRoom()) return null
	let wake!: () => void
	const place: Place = { wake: () => wake(), turn: new Promise<void>((resolve) => (wake = resolve)) }
	line.push(place)
	if (line.length === 1) place.wake()
	let left = false
	const leave = () => {
		if (left) return
		left = true
		const index = line.indexOf(place)
		line.splice(index, 1)
		if (index === 0) line[0]?.wake()
	}
	return {
		async check(password, hash) {
			try {
				await place.turn
				return await verifyPasswordHash(password, hash, 'after')
			} finally {
				leave()
			}
		},
		leave,
	}
}

/** Seconds after which a full line has surely moved on: everyone in it checked, and one more. */
export function lineRetryAfterSeconds() {
	return Math.max(1, Math.ceil(((SERVER_LIMITS.signInWaiting + 2) * Math.max(typicalCheckMs(), 500)) / 1000))
}
