const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 })

/** ₹1,23,456 or ₹1,23,456.50 — Indian digit grouping, paise shown only when there are any. */
export function formatPaise(paise: number): string {
	const whole = paise % 100 === 0
	return whole
		? rupees.format(paise / 100).replace(/\.00$/, '')
		: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100)
}

/**
 * Parses a rupee amount typed by a person ("1,250", "1250.5", "₹ 1,250.50") into integer paise.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseRupeesToPaise(input: string): number | null {
	const cleaned = input.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '')
	if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null
	const [whole, fraction = ''] = cleaned.split('.')
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Paise as the plain amount a form field shows ("1250" or "1250.50"). */
export function paiseToInput(paise: number): string {
	const whole = Math.trunc(paise / 100)
	const fraction = paise % 100
	return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`
}
