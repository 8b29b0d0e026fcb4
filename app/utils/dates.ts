const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
	['year', 365 * 24 * 3600],
	['month', 30 * 24 * 3600],
	['week', 7 * 24 * 3600],
	['day', 24 * 3600],
	['hour', 3600],
	['minute', 60],
	['second', 1],
]

// Intl formatters are created on first use: building one loads ICU data (tens of milliseconds on a
// phone), and public pages import this module without needing this one.
let relativeFormat: Intl.RelativeTimeFormat | undefined
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }))

/** "3 minutes ago", "yesterday", "in 2 days" — relative to `now`. */
export function formatRelative(iso: string, now: Date = new Date()): string {
	const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000)
	if (Math.abs(seconds) < 45) return 'just now'
	for (const [unit, size] of UNITS) {
		if (Math.abs(seconds) >= size || unit === 'second') return relative().format(Math.round(seconds / size), unit)
	}
	return relative().format(seconds, 'second')
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const IST_OFFSET_MS = 330 * 60_000

/** The India-time calendar date (yyyy-mm-dd) of an instant. */
export function indiaDate(iso: string | Date) {
	return new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * "22 November 2026", in Indian time (UTC+5:30 all year). Written out rather than with
 * Intl.DateTimeFormat and a time zone, whose data takes a phone tens of milliseconds to load.
 */
export function formatDate(iso: string): string {
	const time = new Date(iso).getTime()
	if (Number.isNaN(time)) throw new RangeError('Invalid time value')
	const ist = new Date(time + IST_OFFSET_MS)
	return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`
}
