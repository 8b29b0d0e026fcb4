import { isValidElement } from 'react'
import { expect, test } from 'vitest'

import { localeOfPath, localizedPath, pathWithoutLocale } from './locales'
import { messageRef, translateMessage } from './message-ref'
import { createTranslator, format, isPluralOne, type Messages } from './translate'

test('placeholders are filled once, from the template only: a value holding braces stays as it is', () => {
	expect(format('Add {name} to shortlist', { name: '{name} & {count}' })).toBe('Add {name} & {count} to shortlist')
	expect(format('{a} of {b}', { a: 1 })).toBe('1 of {b}')
})

test('plurals follow each language’s rule: Hindi counts 0 as one', () => {
	expect([isPluralOne('en', 0), isPluralOne('en', 1), isPluralOne('te', 0), isPluralOne('hi', 0), isPluralOne('hi', 2)]).toEqual([
		false,
		true,
		false,
		true,
		false,
	])
})

test('elements go into a message where its placeholders are; links follow the page’s language; English text on a Telugu page is marked', () => {
	const i18n = createTranslator('te', { 'shop.bannerBuy': 'కొనడానికి, చీర {code}ను పంపండి.' } as Messages)
	const nodes = i18n.rich('shop.bannerBuy', { code: 'X' }) as unknown[]
	expect(nodes[0]).toBe('కొనడానికి, చీర ')
	expect(isValidElement(nodes[1])).toBe(true)
	expect(nodes[2]).toBe('ను పంపండి.')
	expect(i18n.path('/collections?q=1')).toBe('/te/collections?q=1')
	expect(i18n.path('/')).toBe('/te')
	expect(i18n.textLang('en')).toBe('en-IN')
	expect(i18n.textLang('te')).toBeUndefined()
	expect(i18n.t('shop.navHome')).toBe('shop.navHome')
})

test('the language of an address is its first segment, and the same page in another language', () => {
	expect(localeOfPath('/te/product/5')).toBe('te')
	expect(localeOfPath('/hi')).toBe('hi')
	expect(localeOfPath('/tea/product/5')).toBe('en')
	expect(localeOfPath('/product/te')).toBe('en')
	expect(pathWithoutLocale('/te')).toBe('/')
	expect(pathWithoutLocale('/hi/blog/x')).toBe('/blog/x')
	expect(localizedPath('/te/product/5', 'hi')).toBe('/hi/product/5')
	expect(localizedPath('/te/product/5', 'en')).toBe('/product/5')
	expect(localizedPath('/', 'te')).toBe('/te')
})

test('a message ref is shown in the reader language with its values; any other text as it is', () => {
	const telugu = createTranslator('te', {
		'adminCategories.nameTooLong': '{max} అక్షరాలలోపు ఉంచండి.',
		'admin.language_te': 'తెలుగు',
	} as Messages)
	expect(messageRef('adminCategories.nameTooLong', { max: 80 })).toBe('adminCategories.nameTooLong?max=80')
	expect(translateMessage(telugu.t, messageRef('adminCategories.nameTooLong', { max: 80 }))).toBe('80 అక్షరాలలోపు ఉంచండి.')
	expect(translateMessage(telugu.t, 'adminCategories.nameTooLong')).toBe('{max} అక్షరాలలోపు ఉంచండి.')
	// A value named `language` holding a code is that language's name.
	const named = createTranslator('te', { 'adminForms.x': '{language}లో', 'admin.language_te': 'తెలుగు' } as unknown as Messages)
	expect(translateMessage(named.t, 'adminForms.x?language=te')).toBe('తెలుగులో')
	// Text that is no ref of this page (a name, a sentence the server wrote) is left alone.
	expect(translateMessage(telugu.t, 'Saved.')).toBe('Saved.')
	expect(translateMessage(telugu.t, 'adminForms.unknown')).toBe('adminForms.unknown')
	expect(translateMessage(telugu.t, 'KPI-001')).toBe('KPI-001')
})
