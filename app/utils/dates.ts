import type { Locale } from '~/i18n/locales'

const MONTHS: Record<Locale, readonly string[]> = {
	en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
	te: ['జనవరి', 'ఫిబ్రవరి', 'మార్చి', 'ఏప్రిల్', 'మే', 'జూన్', 'జులై', 'ఆగస్టు', 'సెప్టెంబర్', 'అక్టోబర్', 'నవంబర్', 'డిసెంబర్'],
	hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
}
const IST_OFFSET_MS = 330 * 60_000

/** A UTC date and time for a file name, as in `shop-backup-20261127-044500`. */
export function fileTimestamp(date = new Date()) {
	return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
}

/** The India-time calendar date (yyyy-mm-dd) of an instant. */
export function indiaDate(iso: string | Date) {
	return new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * "22 November 2026" ("22 నవంబర్ 2026", "22 नवंबर 2026"), in Indian time (UTC+5:30 all year).
 * Written out rather than with Intl.DateTimeFormat and a time zone, whose data takes a phone tens of
 * milliseconds to load.
 */
export function formatDate(iso: string, locale: Locale = 'en'): string {
	const time = new Date(iso).getTime()
	if (Number.isNaN(time)) throw new RangeError('Invalid time value')
	const ist = new Date(time + IST_OFFSET_MS)
	return `${ist.getUTCDate()} ${MONTHS[locale][ist.getUTCMonth()]} ${ist.getUTCFullYear()}`
}

/** The instant an India-time calendar day (yyyy-mm-dd) begins, as an ISO string. */
export function indiaDayStart(date: string) {
	return new Date(`${date}T00:00:00+05:30`).toISOString()
}

/** A calendar date (yyyy-mm-dd) moved by whole days. */
export function addDays(date: string, days: number) {
	return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The first and last day (yyyy-mm-dd) of the month a calendar date is in. */
export function monthOf(date: string) {
	const [year, month] = date.split('-').map(Number) as [number, number]
	const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
	const prefix = date.slice(0, 8)
	return { from: `${prefix}01`, to: `${prefix}${String(last).padStart(2, '0')}` }
}

/** "January 2026" ("జనవరి 2026", "जनवरी 2026"): a month's name and year for a calendar date in it. */
export function monthName(date: string, locale: Locale = 'en') {
	return `${MONTHS[locale][Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`
}

/** India's financial year (April to March) of a calendar date, written "2026-27". */
export function financialYear(date: string) {
	const year = Number(date.slice(0, 4))
	const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1
	return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}
