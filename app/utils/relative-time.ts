import type { Locale } from '~/i18n/locales'

// "3 minutes ago", "2 రోజుల క్రితం": relative times, kept apart from dates.ts because only the admin
// shows them; the storefront's scripts carry dates.ts alone (vite.config.ts groups it with the shop).

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'

const UNITS: Array<[Unit, number]> = [
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

/**
 * Relative times in Telugu and Hindi, written out: ICU's Hindi is the formal register ("2 माह पहले",
 * "पिछला वर्ष") where people say "2 महीने पहले", "पिछले साल", and ICU has one word for two days
 * away (మొన్న, परसों, the Hindi both before and after) where a count reads plainer. Each unit: [one
 * ago, many ago, in one, in many]; ±1 day, week, month and year have their own words, as English's
 * "yesterday" and "last week".
 */
type RelativeWords = {
	units: Record<Unit, readonly [string, string, string, string]>
	last: Partial<Record<Unit, string>>
	next: Partial<Record<Unit, string>>
}

const RELATIVE: Record<Exclude<Locale, 'en'>, RelativeWords> = {
	te: {
		units: {
			year: ['{n} సంవత్సరం క్రితం', '{n} సంవత్సరాల క్రితం', '{n} సంవత్సరంలో', '{n} సంవత్సరాల్లో'],
			month: ['{n} నెల క్రితం', '{n} నెలల క్రితం', '{n} నెలలో', '{n} నెలల్లో'],
			week: ['{n} వారం క్రితం', '{n} వారాల క్రితం', '{n} వారంలో', '{n} వారాల్లో'],
			day: ['{n} రోజు క్రితం', '{n} రోజుల క్రితం', '{n} రోజులో', '{n} రోజుల్లో'],
			hour: ['{n} గంట క్రితం', '{n} గంటల క్రితం', '{n} గంటలో', '{n} గంటల్లో'],
			minute: ['{n} నిమిషం క్రితం', '{n} నిమిషాల క్రితం', '{n} నిమిషంలో', '{n} నిమిషాల్లో'],
			second: ['{n} సెకను క్రితం', '{n} సెకన్ల క్రితం', '{n} సెకనులో', '{n} సెకన్లలో'],
		},
		last: { year: 'గత సంవత్సరం', month: 'గత నెల', week: 'గత వారం', day: 'నిన్న' },
		next: { year: 'వచ్చే సంవత్సరం', month: 'వచ్చే నెల', week: 'వచ్చే వారం', day: 'రేపు' },
	},
	hi: {
		units: {
			year: ['{n} साल पहले', '{n} साल पहले', '{n} साल में', '{n} साल में'],
			month: ['{n} महीना पहले', '{n} महीने पहले', '{n} महीने में', '{n} महीने में'],
			week: ['{n} हफ़्ता पहले', '{n} हफ़्ते पहले', '{n} हफ़्ते में', '{n} हफ़्ते में'],
			day: ['{n} दिन पहले', '{n} दिन पहले', '{n} दिन में', '{n} दिन में'],
			hour: ['{n} घंटा पहले', '{n} घंटे पहले', '{n} घंटे में', '{n} घंटे में'],
			minute: ['{n} मिनट पहले', '{n} मिनट पहले', '{n} मिनट में', '{n} मिनट में'],
			second: ['{n} सेकंड पहले', '{n} सेकंड पहले', '{n} सेकंड में', '{n} सेकंड में'],
		},
		last: { year: 'पिछले साल', month: 'पिछले महीने', week: 'पिछले हफ़्ते', day: 'कल' },
		next: { year: 'अगले साल', month: 'अगले महीने', week: 'अगले हफ़्ते', day: 'कल' },
	},
}

function writtenRelative(words: RelativeWords, amount: number, unit: Unit) {
	if (amount === -1 && words.last[unit]) return words.last[unit]
	if (amount === 1 && words.next[unit]) return words.next[unit]
	const n = Math.abs(amount)
	const [oneAgo, manyAgo, inOne, inMany] = words.units[unit]
	const template = amount < 0 ? (n === 1 ? oneAgo : manyAgo) : n === 1 ? inOne : inMany
	return template.replace('{n}', String(n))
}

// Plain literals (no reads of RELATIVE): a page that uses only formatDate leaves all of this out of its scripts.
const JUST_NOW: Record<Locale, string> = { en: 'just now', te: 'ఇప్పుడే', hi: 'अभी-अभी' }

/** "3 minutes ago", "yesterday", "in 2 days" — relative to `now`, in `locale` ("2 రోజుల క్రితం", "2 दिन पहले"). */
export function formatRelative(iso: string, now: Date = new Date(), locale: Locale = 'en'): string {
	const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000)
	if (Math.abs(seconds) < 45) return JUST_NOW[locale]
	for (const [unit, size] of UNITS) {
		if (Math.abs(seconds) >= size || unit === 'second') {
			const amount = Math.round(seconds / size)
			return locale === 'en' ? relative().format(amount, unit) : writtenRelative(RELATIVE[locale], amount, unit)
		}
	}
	return relative().format(seconds, 'second')
}

// Month names as each language's calendar writes them (the same as ICU's "long" months).
