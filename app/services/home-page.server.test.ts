import { describe, expect, test } from 'vitest'

import { serverTranslator } from '~/i18n/messages.server'
import { updateHeroSettings, updateStoryText } from '~/models/site.server'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { homePageStory } from './home-page.server'

// Which texts the home page shows when the seller has not written her own, against a migrated database.

const freshDb = useTempDatabases('home-page')
const te = serverTranslator('te', 'home').t

const noTranslations = { titleTe: '', titleHi: '', subtitleTe: '', subtitleHi: '' }

describe('home page texts', () => {
	test('texts the shop shipped with read in the page language; the seller’s own stay hers', async () => {
		const { db } = await freshDb()
		const story = await homePageStory('te', db)
		expect(story.hero).toMatchObject({ title: te('home.fallbackHeroTitle'), langs: { title: 'te' } })
		expect(story.steps[0]).toMatchObject({ name: te('home.fallbackStep1Name'), langs: { name: 'te' } })

		await updateHeroSettings({ title: 'Silks of Pochampally', subtitle: '', videoEnabled: false, ...noTranslations }, db)
		const [first] = await db.selectFrom('story_steps').select('id').orderBy('step_order').execute()
		await updateStoryText(first!.id, { text: 'Our own words', nameTe: '', nameHi: '', textTe: '', textHi: '' }, db)
		const edited = await homePageStory('te', db)
		expect(edited.hero).toMatchObject({
			title: 'Silks of Pochampally',
			subtitle: te('home.fallbackHeroSubtitle'),
			langs: { title: 'en', subtitle: 'te' },
		})
		expect(edited.steps[0]).toMatchObject({ text: 'Our own words', langs: { text: 'en' } })
	})

	test('with no story steps, the four the shop shipped with, in the page language', async () => {
		const { db } = await freshDb()
		await db.deleteFrom('story_steps').execute()
		const story = await homePageStory('te', db)
		expect(story.steps.map((step) => step.name)).toEqual([1, 2, 3, 4].map((n) => te(`home.fallbackStep${n as 1 | 2 | 3 | 4}Name`)))
		expect(story.steps.every((step) => step.video === null && step.langs.name === 'te')).toBe(true)
	})
})
