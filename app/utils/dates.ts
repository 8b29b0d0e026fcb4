const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
	['year', 365 * 24 * 3600],
	['month', 30 * 24 * 3600],
	['week', 7 * 24 * 3600],
	['day', 24 * 3600],
	['hour', 3600],
	['minute', 60],
	['second', 1],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "3 minutes ago", "yesterday", "in 2 days" — relative to `now`. */
export function formatRelative(iso: string, now: Date = new Date()): string {
	const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000)
	if (Math.abs(seconds) < 45) return 'just now'
	for (const [unit, size] of UNITS) {
		if (Math.abs(seconds) >= size || unit === 'second') return relative.format(Math.round(seconds / size), unit)
	}
	return relative.format(seconds, 'second')
}

const longDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })

/** "22 November 2026", in Indian time. */
export function formatDate(iso: string): string {
	return longDate.format(new Date(iso))
}
