import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { addDays, financialYear, formatDate, indiaDayStart, monthName, monthOf } from './dates'
import { formatRelative } from './relative-time'

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

	test('formatDate in Telugu and Hindi: day, month name, year, in Indian time', () => {
		expect(formatDate('2026-11-22T06:00:00.000Z', 'te')).toBe('22 నవంబర్ 2026')
		expect(formatDate('2026-11-22T06:00:00.000Z', 'hi')).toBe('22 नवंबर 2026')
		expect(formatDate('2026-12-31T18:30:00.000Z', 'te')).toBe('1 జనవరి 2027')
		expect(formatDate('2026-12-31T18:30:00.000Z', 'hi')).toBe('1 जनवरी 2027')
		expect(formatDate('2027-02-03T00:00:00.000Z', 'hi')).toBe('3 फ़रवरी 2027')
		expect(formatDate('2027-07-03T00:00:00.000Z', 'te')).toBe('3 జులై 2027')
		expect(() => formatDate('not a date', 'te')).toThrow(RangeError)
		// Hindi as ICU writes it; Telugu too, but without ICU's comma after the month ("22 నవంబర్, 2026").
		const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' } as const
		const hindi = new Intl.DateTimeFormat('hi-IN', options)
		const telugu = new Intl.DateTimeFormat('te-IN', options)
		fc.assert(
			fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2200, 0, 1) }), (time) => {
				const iso = new Date(time).toISOString()
				return formatDate(iso, 'hi') === hindi.format(time) && formatDate(iso, 'te') === telugu.format(time).replace(',', '')
			}),
			{ numRuns: 1000 },
		)
	})

	test('formatRelative', () => {
		const now = new Date('2026-11-22T12:00:00.000Z')
		expect(formatRelative('2026-11-22T11:59:40.000Z', now)).toBe('just now')
		expect(formatRelative('2026-11-22T10:00:00.000Z', now)).toBe('2 hours ago')
		expect(formatRelative('2026-11-21T12:00:00.000Z', now)).toBe('yesterday')
		expect(formatRelative('2026-11-20T12:00:00.000Z', now, 'en')).toBe('2 days ago')
	})

	test('formatRelative in Telugu', () => {
		const now = new Date('2026-11-22T12:00:00.000Z')
		const te = (iso: string) => formatRelative(iso, now, 'te')
		expect(te('2026-11-22T11:59:40.000Z')).toBe('ఇప్పుడే')
		expect(te('2026-11-22T11:59:10.000Z')).toBe('50 సెకన్ల క్రితం')
		expect(te('2026-11-22T11:59:00.000Z')).toBe('1 నిమిషం క్రితం')
		expect(te('2026-11-22T11:55:00.000Z')).toBe('5 నిమిషాల క్రితం')
		expect(te('2026-11-22T11:00:00.000Z')).toBe('1 గంట క్రితం')
		expect(te('2026-11-22T10:00:00.000Z')).toBe('2 గంటల క్రితం')
		expect(te('2026-11-21T12:00:00.000Z')).toBe('నిన్న')
		expect(te('2026-11-20T12:00:00.000Z')).toBe('2 రోజుల క్రితం')
		expect(te('2026-11-15T12:00:00.000Z')).toBe('గత వారం')
		expect(te('2026-11-01T12:00:00.000Z')).toBe('3 వారాల క్రితం')
		expect(te('2026-09-22T12:00:00.000Z')).toBe('2 నెలల క్రితం')
		expect(te('2023-11-22T12:00:00.000Z')).toBe('3 సంవత్సరాల క్రితం')
		expect(te('2026-11-23T12:00:00.000Z')).toBe('రేపు')
		expect(te('2026-11-24T12:00:00.000Z')).toBe('2 రోజుల్లో')
		expect(te('2026-11-22T13:00:00.000Z')).toBe('1 గంటలో')
	})

	test('formatRelative in Hindi', () => {
		const now = new Date('2026-11-22T12:00:00.000Z')
		const hi = (iso: string) => formatRelative(iso, now, 'hi')
		expect(hi('2026-11-22T11:59:40.000Z')).toBe('अभी-अभी')
		expect(hi('2026-11-22T11:59:00.000Z')).toBe('1 मिनट पहले')
		expect(hi('2026-11-22T11:00:00.000Z')).toBe('1 घंटा पहले')
		expect(hi('2026-11-22T10:00:00.000Z')).toBe('2 घंटे पहले')
		expect(hi('2026-11-21T12:00:00.000Z')).toBe('कल')
		expect(hi('2026-11-20T12:00:00.000Z')).toBe('2 दिन पहले')
		expect(hi('2026-11-01T12:00:00.000Z')).toBe('3 हफ़्ते पहले')
		expect(hi('2026-10-22T12:00:00.000Z')).toBe('पिछले महीने')
		expect(hi('2026-09-22T12:00:00.000Z')).toBe('2 महीने पहले')
		expect(hi('2025-11-22T12:00:00.000Z')).toBe('पिछले साल')
		expect(hi('2023-11-22T12:00:00.000Z')).toBe('3 साल पहले')
		expect(hi('2026-11-24T12:00:00.000Z')).toBe('2 दिन में')
		expect(hi('2026-11-22T14:00:00.000Z')).toBe('2 घंटे में')
	})

	test('financialYear: April to March, by the India-time calendar date', () => {
		expect(financialYear('2026-03-31')).toBe('2025-26')
		expect(financialYear('2026-04-01')).toBe('2026-27')
		expect(financialYear('2026-11-27')).toBe('2026-27')
		expect(financialYear('2100-01-15')).toBe('2099-00')
	})

	test('the days of a report: a month, a day later, the instant a day begins in India', () => {
		expect(monthOf('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
		expect(monthOf('2028-02-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
		expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
		expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
		expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
		expect(indiaDayStart('2026-04-01')).toBe('2026-03-31T18:30:00.000Z')
		expect(monthName('2026-04-30')).toBe('April 2026')
	})
})
