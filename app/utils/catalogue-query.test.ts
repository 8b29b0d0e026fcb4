import { describe, expect, test } from 'vitest'

import { messagesFor } from '~/i18n/messages.server'
import { createTranslator } from '~/i18n/translate'

import { catalogueHref, filterChips, isRefinedQuery, parseCatalogueQuery, priceRangeLabel, sortLabel } from './catalogue-query'

const parse = (search: string) => parseCatalogueQuery(new URLSearchParams(search))
const canonical = (search: string) => catalogueHref(parse(search))
const english = createTranslator('en', messagesFor('en', ['shop', 'catalogue']))
const telugu = createTranslator('te', messagesFor('te', ['shop', 'catalogue']))
const hindi = createTranslator('hi', messagesFor('hi', ['shop', 'catalogue']))

describe('catalogue query', () => {
	test('the canonical address keeps the parameters the page reads, valid, in one order', () => {
		expect(canonical('')).toBe('/collections')
		expect(canonical('page=2&sort=price-asc&soldout=1&max=30000&min=20000&category=Pochampally+Ikkat&q=red')).toBe(
			'/collections?q=red&category=Pochampally+Ikkat&min=20000&max=30000&soldout=1&sort=price-asc&page=2',
		)
		// Empty fields of a form sent without JavaScript, defaults, unknown and malformed values fall away.
		expect(canonical('q=&category=&min=&max=&sort=newest&utm_source=whatsapp&fbclid=x')).toBe('/collections')
		expect(canonical('page=abc&sort=cheapest&soldout=yes&min=lots&max=-5')).toBe('/collections')
		expect(canonical('page=0')).toBe('/collections')
	})

	test('prices are read as people type them, and a reversed range is put the right way round', () => {
		expect(parse('min=₹25,000&max=15 000')).toMatchObject({ min: 15_000, max: 25_000 })
		expect(parse('min=1e9&max=0')).toMatchObject({ min: null, max: null })
		expect(parse('max=99999999999')).toMatchObject({ max: 10_000_000 })
		expect(parse('min=20000.75')).toMatchObject({ min: 20_000 })
	})

	test("search words are tidied and bounded; the category is kept as asked, with whether it is one of the shop's", () => {
		expect(parse(`q=${encodeURIComponent('  red   silk ')}`).q).toBe('red silk')
		expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(100)
		const categories = ['Pochampally Ikkat', 'Kalamkari']
		const known = (search: string) => parseCatalogueQuery(new URLSearchParams(search), categories)
		expect(known('category=Silk')).toMatchObject({ category: 'Silk', knownCategory: false })
		expect(known('category=Pochampally Ikkat')).toMatchObject({ knownCategory: true })
		expect(known('category=Kalamkari')).toMatchObject({ knownCategory: true })
		expect(known('category=pochampally ikkat')).toMatchObject({ knownCategory: false })
		// Without the list (the page cache's key) the category is kept as asked.
		expect(parse('category=Silk')).toMatchObject({ category: 'Silk', knownCategory: true })
	})

	test('a change starts again at page 1; chips each drop one filter', () => {
		const query = parse('q=red&min=20000&soldout=1&sort=price-desc&page=3')
		expect(catalogueHref(query, { sort: 'price-asc' })).toBe('/collections?q=red&min=20000&soldout=1&sort=price-asc')
		expect(catalogueHref(query, { page: 4 })).toBe('/collections?q=red&min=20000&soldout=1&sort=price-desc&page=4')
		expect(filterChips(query, english)).toEqual([
			{ label: '“red”', removeHref: '/collections?min=20000&soldout=1&sort=price-desc' },
			{ label: '₹20,000 and above', removeHref: '/collections?q=red&soldout=1&sort=price-desc' },
			{ label: 'Including sold out', removeHref: '/collections?q=red&min=20000&sort=price-desc' },
			{ label: 'Price: high to low', removeHref: '/collections?q=red&min=20000&soldout=1' },
		])
		expect(isRefinedQuery(parse('category=Pochampally Ikkat&page=2'))).toBe(false)
		expect(isRefinedQuery(query)).toBe(true)
	})

	test('labels are in the page’s language, and every chip keeps the visitor in it', () => {
		expect([
			priceRangeLabel(null, 20_000, english),
			priceRangeLabel(20_000, 30_000, english),
			priceRangeLabel(null, null, english),
		]).toEqual(['Up to ₹20,000', '₹20,000 – ₹30,000', 'Any price'])
		expect(sortLabel('price-asc', english)).toBe('Price: low to high')
		expect(priceRangeLabel(null, 20_000, telugu)).toBe('₹20,000 వరకు')
		expect(sortLabel('newest', hindi)).toBe('नई साड़ियाँ पहले')

		const query = parse('q=red&category=Pochampally Ikkat&max=20000&soldout=1')
		const chips = filterChips(query, telugu, 'పోచంపల్లి ఇక్కత్')
		expect(chips.map((chip) => chip.removeHref)).toEqual([
			'/te/collections?category=Pochampally+Ikkat&max=20000&soldout=1',
			'/te/collections?q=red&max=20000&soldout=1',
			'/te/collections?q=red&category=Pochampally+Ikkat&soldout=1',
			'/te/collections?q=red&category=Pochampally+Ikkat&max=20000',
		])
		expect(chips.map((chip) => chip.label)).toEqual(['“red”', 'పోచంపల్లి ఇక్కత్', '₹20,000 వరకు', 'అమ్ముడైనవీ కలిపి'])
		expect(filterChips(query, hindi)[1]!.removeHref).toBe('/hi/collections?q=red&max=20000&soldout=1')
	})
})
