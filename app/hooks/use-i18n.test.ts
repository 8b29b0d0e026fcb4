import { describe, expect, it } from 'vitest'

import { translatorOfMatches } from './use-i18n'

describe('translatorOfMatches', () => {
	const root = { locale: 'te' }
	const layout = { messages: { 'shop.name': 'పట్టు', 'shop.title': 'లేఅవుట్' } }
	const page = { messages: { 'shop.title': 'పేజీ' } }

	it('takes the last language and lets a later route’s texts win', () => {
		const { locale, t } = translatorOfMatches([{ loaderData: root }, { loaderData: layout }, { data: page }])
		expect(locale).toBe('te')
		expect(t('shop.title' as never)).toBe('పేజీ')
		expect(t('shop.name' as never)).toBe('పట్టు')
	})

	it('gives every component of one page the same translator, and a new one when any route’s data changes', () => {
		const matches = [{ loaderData: root }, { loaderData: layout }, { loaderData: page }]
		const first = translatorOfMatches(matches)
		expect(translatorOfMatches([...matches])).toBe(first)
		const otherLayout = { messages: { 'shop.name': 'సిల్క్' } }
		const changed = translatorOfMatches([{ loaderData: root }, { loaderData: otherLayout }, { loaderData: page }])
		expect(changed).not.toBe(first)
		expect(changed.t('shop.name' as never)).toBe('సిల్క్')
		expect(translatorOfMatches([{ loaderData: { locale: 'hi' } }, { loaderData: layout }, { loaderData: page }]).locale).toBe('hi')
		expect(translatorOfMatches([{ loaderData: root }, { loaderData: page }]).t('shop.name' as never)).toBe('shop.name')
	})
})
