import { describe, expect, test } from 'vitest'

import { changeShortlist, formatShortlist, parseShortlist, SHORTLIST_MAX, shortlistCookieName, shortlistFromCookies } from './shortlist'

describe('the shortlist cookie value', () => {
	test('round-trips a list of ids in order', () => {
		expect(parseShortlist(formatShortlist([12, 5, 7]))).toEqual([12, 5, 7])
		expect(formatShortlist([12, 5, 7])).toBe('12.5.7')
	})

	test('keeps only well-formed ids, each once', () => {
		expect(parseShortlist('3.abc.0.-4.3.012.1e3.9007199254740993000.  .7')).toEqual([3, 7])
		expect(parseShortlist('')).toEqual([])
		expect(parseShortlist(null)).toEqual([])
		expect(parseShortlist('%00.<script>')).toEqual([])
	})

	test(`holds at most ${SHORTLIST_MAX}, the most recent`, () => {
		const many = Array.from({ length: 30 }, (_, i) => i + 1)
		expect(parseShortlist(formatShortlist(many))).toEqual(many.slice(-SHORTLIST_MAX))
	})

	test('a huge value costs no more than a full shortlist to read', () => {
		const huge = `${'1.'.repeat(500_000)}2`
		expect(parseShortlist(huge)).toEqual([1])
	})

	test('is read from a Cookie header by its exact name', () => {
		const name = shortlistCookieName(false)
		expect(shortlistFromCookies(`a=1; ${name}=4.2; b=3`, name)).toEqual([4, 2])
		expect(shortlistFromCookies(`x${name}=4.2`, name)).toEqual([])
		expect(shortlistFromCookies(`${shortlistCookieName(true)}=4.2`, name)).toEqual([])
		expect(shortlistFromCookies(undefined, name)).toEqual([])
		expect(shortlistCookieName(true)).toBe('__Host-shortlist')
	})
})

describe('changing the shortlist', () => {
	test('adds at the end, once', () => {
		expect(changeShortlist([1, 2], { intent: 'add', productId: 3 })).toEqual({ ids: [1, 2, 3], full: false })
		expect(changeShortlist([1, 2], { intent: 'add', productId: 1 })).toEqual({ ids: [1, 2], full: false })
	})

	test('removes and clears', () => {
		expect(changeShortlist([1, 2, 3], { intent: 'remove', productId: 2 })).toEqual({ ids: [1, 3], full: false })
		expect(changeShortlist([1, 3], { intent: 'remove', productId: 9 })).toEqual({ ids: [1, 3], full: false })
		expect(changeShortlist([1, 3], { intent: 'clear' })).toEqual({ ids: [], full: false })
	})

	test('a full shortlist takes no more, and says so', () => {
		const full = Array.from({ length: SHORTLIST_MAX }, (_, i) => i + 1)
		expect(changeShortlist(full, { intent: 'add', productId: 99 })).toEqual({ ids: full, full: true })
		expect(changeShortlist(full, { intent: 'add', productId: 1 }).full).toBe(false)
	})
})
