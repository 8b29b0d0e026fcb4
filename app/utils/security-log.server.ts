// One structured line per security-relevant event, for the operator's log (and whatever reads it:
// journald, a log shipper, grep). JSON so a line can be parsed without guessing; UTC time; the client
// address. Never a password, token, cookie or session id: `detail` is for short, non-secret facts
// such as a reason code.

type SecurityEvent =
	| 'sign-in'
	| 'sign-out'
	| 'throttled'
	| 'reset-requested'
	| 'reset-completed'
	| 'password-changed'
	| 'backup-download'
	| 'cross-origin-refused'
	/** A posted form with field names or reserved fields that no page of ours sends. */
	| 'form-refused'
	/** Photos shared from a phone into the admin's share target (held until saved with a product). */
	| 'photos-shared'

type SecurityOutcome = 'success' | 'failure' | 'refused'

export type SecurityLogEntry = {
	event: SecurityEvent
	outcome: SecurityOutcome
	clientAddress: string
	/** A short reason code or fact, never a secret (e.g. 'wrong-password', 'not-admin', 'per-account'). */
	detail?: string
}

/** The line `logSecurityEvent` writes, without the write (for tests). */
export function securityLogLine(entry: SecurityLogEntry, now: Date = new Date()) {
	return JSON.stringify({
		time: now.toISOString(),
		type: 'security',
		event: entry.event,
		outcome: entry.outcome,
		client: entry.clientAddress,
		...(entry.detail ? { detail: entry.detail } : {}),
	})
}

let sink: (line: string) => void = (line) => console.log(line)

export function logSecurityEvent(entry: SecurityLogEntry) {
	sink(securityLogLine(entry))
}

/** Lets a test collect the lines; returns the function that restores the console. */
export function captureSecurityLog(collect: (line: string) => void) {
	const previous = sink
	sink = collect
	return () => {
		sink = previous
	}
}
