import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { formatDate, formatRelative } from './dates'

describe('dates', () => {
	test('formatDate: the day in India, as Intl.DateTimeFormat en-IN writes it', () => {
		expect(formatDate('2026-11-22T06:00:00.000Z')).toBe('22 November 2026')
		// 18:30 UTC is already the next day in India.
		expect(formatDate('2026-12-31T18:30:00.000Z')).toBe('1 January 2027')
		expect(formatDate('2026-12-31T18:29:59.999Z')).toBe('31 December 2026')
		const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })
		const from = Date.UTC(1950, 0, 1)
		const to = Date.UTC(2200, 0, 1)
		fc.assert(
			fc.property(fc.integer({ min: from, max: to }), (time) => formatDate(new Date(time).toISOString()) === intl.format(new Date(time))),
			{ numRuns: 2000 },
		)
		expect(() => formatDate('not a date')).toThrow(RangeError)
	})

	test('formatRelative', () => {
		const now = new Date('2026-11-22T12:00:00.000Z')
		expect(formatRelative('2026-11-22T11:59:40.000Z', now)).toBe('just now')
		expect(formatRelative('2026-11-22T10:00:00.000Z', now)).toBe('2 hours ago')
		expect(formatRelative('2026-11-21T12:00:00.000Z', now)).toBe('yesterday')
	})
})
