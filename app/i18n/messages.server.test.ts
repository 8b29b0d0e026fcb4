import { expect, test } from 'vitest'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { getHeroSettings, listStorySteps } from '../models/site.server'
import { en } from './en'
import { hi } from './hi'
import { adminLocale, messagesFor, preferredLocale, serverTranslator } from './messages.server'
import { te } from './te'

const freshDb = useTempDatabases('messages')

test('a page gets its areas in its language, English filling any gap, and nothing of other areas', () => {
	const messages = messagesFor('te', ['shop'])
	expect(messages['shop.navHome']).toBe(te.shop.navHome)
	expect(Object.keys(messages).every((key) => key.startsWith('shop.'))).toBe(true)
	expect(Object.keys(messages)).toHaveLength(Object.keys(en.shop).length)
	const { t } = serverTranslator('hi', 'shop')
	expect(t('shop.shortlistCount', { count: 1 })).toBe('शॉर्टलिस्ट, 1 साड़ी')
	expect(t('shop.shortlistCount', { count: 3 })).toBe('शॉर्टलिस्ट, 3 साड़ियाँ')
	expect(serverTranslator('en', 'shop').t('shop.shortlistCount', { count: 0 })).toBe('Shortlist, 0 sarees')
})

test('every Telugu and Hindi text keeps the placeholders of its English one', () => {
	for (const [area, texts] of Object.entries(en)) {
		for (const [key, english] of Object.entries(texts as Record<string, string>)) {
			const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
			for (const catalogue of [te, hi]) {
				const translated = (catalogue as Record<string, Record<string, string>>)[area]?.[key]
				expect(translated, `${area}.${key}`).toBeTruthy()
				expect(placeholders(translated!), `${area}.${key}`).toEqual(placeholders(english))
			}
		}
	}
})

test('the hero and story texts a new shop starts with are the home page’s shipped texts, so they read in every language', async () => {
	const { db } = await freshDb()
	const hero = await getHeroSettings('en', db)
	expect([hero.title, hero.subtitle]).toEqual([en.home.fallbackHeroTitle, en.home.fallbackHeroSubtitle])
	const steps = await listStorySteps('en', db)
	expect(steps.map((step) => [step.name, step.text])).toEqual([
		[en.home.fallbackStep1Name, en.home.fallbackStep1Text],
		[en.home.fallbackStep2Name, en.home.fallbackStep2Text],
		[en.home.fallbackStep3Name, en.home.fallbackStep3Text],
		[en.home.fallbackStep4Name, en.home.fallbackStep4Text],
	])
})

test('before sign-in the admin follows the browser: the first of Telugu, Hindi and English it prefers', () => {
	expect(preferredLocale('te-IN,te;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('te')
	expect(preferredLocale('en-IN,en;q=0.9,hi;q=0.8')).toBe('en')
	expect(preferredLocale('ta-IN,hi;q=0.5')).toBe('hi')
	expect(preferredLocale('en;q=0.4,hi;q=0.6')).toBe('hi')
	expect(preferredLocale('fr,de')).toBe('en')
	expect(preferredLocale('te;q=0')).toBe('en')
	expect(preferredLocale(null)).toBe('en')
	expect(preferredLocale(`${'x,'.repeat(100_000)}te`)).toBe('en')
	// A weight that is not a qvalue leaves its entry out, never takes it at full weight.
	expect(preferredLocale('te;q=-1, hi')).toBe('hi')
	expect(preferredLocale('te;q=NaN, hi;q=0.5')).toBe('hi')
	expect(preferredLocale('te;q=abc')).toBe('en')
	expect(preferredLocale('te;q=1.5, hi;q=0.2')).toBe('hi')
	expect(preferredLocale('te;;;;q=0')).toBe('en')
	expect(preferredLocale('te;q=0.9;q=0, hi;q=0.1')).toBe('hi')
	expect(preferredLocale('TE-in;Q=0.8, hi;q=0.7')).toBe('te')
	expect(adminLocale(new Request('http://shop/auth', { headers: { 'Accept-Language': 'hi' } }), { locale: 'te' })).toBe('te')
	expect(adminLocale(new Request('http://shop/auth', { headers: { 'Accept-Language': 'hi' } }), null)).toBe('hi')
})
