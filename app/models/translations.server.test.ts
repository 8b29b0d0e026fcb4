import { describe, expect, test } from 'vitest'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { createBlog, findPublishedBlog, getBlogForEdit, listPublishedBlogs, updateBlog } from './blogs.server'
import { createProduct, getProductForEdit, updateProduct } from './products-admin.server'
import { listActiveProducts } from './products-search.server'
import {
	getPublicProduct,
	getShareCardProduct,
	listListedProductsById,
	listNewArrivals,
	listSimilarProducts,
} from './products-storefront.server'
import { getHeroForEdit, getHeroSettings, listStorySteps, listStoryStepsForEdit, updateHeroSettings, updateStoryText } from './site.server'

// The seller's Telugu and Hindi text on the storefront: each field in the visitor's language when she
// gave it, else in English, with `langs` saying which; only the visitor's language leaves the model.

const freshDb = useTempDatabases('translations')
type Db = Awaited<ReturnType<typeof freshDb>>['db']

const image = (n: number) => ({ key: `images/${String(n).padStart(32, '0')}`, width: 900, height: 1200 })

let n = 0
async function addSaree(db: Db, fields: Partial<Parameters<typeof createProduct>[0]> = {}) {
	n += 1
	return createProduct(
		{
			name: `Saree ${n}`,
			nameTe: '',
			nameHi: '',
			code: `TR-${n}`,
			description: `English description ${n}`,
			descriptionTe: '',
			descriptionHi: '',
			originalPricePaise: 20_000_00,
			salePricePaise: 20_000_00,
			stock: 1,
			status: 'active',
			category: 'Pochampally Ikkat',
			tags: [],
			...fields,
		},
		[image(n)],
		db,
		new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
	)
}

const blogFields = {
	title: 'Silk care',
	titleTe: '',
	titleHi: '',
	content: '## Care\n\nAir the saree in the shade.',
	contentTe: '',
	contentHi: '',
	excerpt: 'How to keep silk bright.',
	excerptTe: '',
	excerptHi: '',
	authorName: 'Padma',
	status: 'published' as const,
	tags: [],
}

describe('sarees', () => {
	test('each field in the visitor language when translated, else English, and langs say which', async () => {
		const { db, sqlite } = await freshDb()
		const both = await addSaree(db, {
			name: 'Maroon Kanchi Ikat',
			nameTe: 'మెరూన్ కంచి ఇక్కత్',
			nameHi: 'मैरून कांची इकत',
			description: 'Deep maroon silk.',
			descriptionTe: 'ముదురు మెరూన్ పట్టు.',
		})
		const none = await addSaree(db, { name: 'Indigo Ikat', salePricePaise: 19_000_00 })

		const te = await getPublicProduct(both, 'te', db)
		expect(te).toMatchObject({ name: 'మెరూన్ కంచి ఇక్కత్', description: 'ముదురు మెరూన్ పట్టు.', langs: { name: 'te', description: 'te' } })
		const hi = await getPublicProduct(both, 'hi', db)
		// Hindi name given, Hindi description not: that one falls back to English.
		expect(hi).toMatchObject({ name: 'मैरून कांची इकत', description: 'Deep maroon silk.', langs: { name: 'hi', description: 'en' } })
		const en = await getPublicProduct(both, 'en', db)
		expect(en).toMatchObject({ name: 'Maroon Kanchi Ikat', description: 'Deep maroon silk.', langs: { name: 'en', description: 'en' } })
		expect(await getPublicProduct(both, undefined, db)).toEqual(en)
		expect(await getPublicProduct(none, 'te', db)).toMatchObject({ name: 'Indigo Ikat', langs: { name: 'en', description: 'en' } })

		// Only the visitor's language is in what the page gets.
		expect(JSON.stringify(te)).not.toMatch(/मैरून|Maroon Kanchi|Deep maroon/)
		expect(JSON.stringify(hi)).not.toMatch(/మెరూన్/)

		// Every card list follows the same rule.
		const cardsOf = (list: Array<{ id: number; name: string; langs: { name: string } }>) =>
			list.map((card) => [card.id, card.name, card.langs.name])
		const expected = [
			[both, 'మెరూన్ కంచి ఇక్కత్', 'te'],
			[none, 'Indigo Ikat', 'en'],
		]
		expect(cardsOf(await listNewArrivals(4, 'te', db))).toEqual(expected.toReversed())
		expect(cardsOf((await listActiveProducts({ page: 1, pageSize: 10, sort: 'price-desc' }, 'te', db)).products)).toEqual(expected)
		expect(cardsOf(await listListedProductsById([both, none], 'te', db))).toEqual(expected)
		expect(cardsOf(await listSimilarProducts({ id: none, category: 'Pochampally Ikkat', salePricePaise: 19_000_00 }, 4, 'hi', db))).toEqual(
			[[both, 'मैरून कांची इकत', 'hi']],
		)
		expect(await getShareCardProduct(both, 'te', db)).toMatchObject({ name: 'మెరూన్ కంచి ఇక్కత్', langs: { name: 'te' } })
		expect(await getShareCardProduct(both, 'en', db)).toMatchObject({ name: 'Maroon Kanchi Ikat', langs: { name: 'en' } })
		sqlite.close()
	})

	test('the editor saves and reads every language; a cleared translation falls back to English again', async () => {
		const { db, sqlite } = await freshDb()
		const id = await addSaree(db, { name: 'Peacock Blue', nameTe: ' నెమలి నీలం ', descriptionHi: 'मोरपंखी नीला रेशम।' })
		expect(await getProductForEdit(id, db)).toMatchObject({
			name: 'Peacock Blue',
			nameTe: 'నెమలి నీలం',
			nameHi: '',
			descriptionTe: '',
			descriptionHi: 'मोरपंखी नीला रेशम।',
		})
		const edit = (await getProductForEdit(id, db))!
		await updateProduct(id, { ...edit, nameTe: '', nameHi: 'मोरपंखी नीली साड़ी' }, edit.images, db)
		expect(await getPublicProduct(id, 'te', db)).toMatchObject({ name: 'Peacock Blue', langs: { name: 'en' } })
		expect(await getPublicProduct(id, 'hi', db)).toMatchObject({ name: 'मोरपंखी नीली साड़ी', langs: { name: 'hi', description: 'hi' } })
		sqlite.close()
	})

	test('visitors find a saree by its Telugu or Hindi name and description; edits and deletes follow', async () => {
		const { db, sqlite } = await freshDb()
		const search = async (text: string, locale: 'en' | 'te' | 'hi' = 'te') =>
			(await listActiveProducts({ page: 1, pageSize: 10, search: text }, locale, db)).products.map((p) => p.name)
		const id = await addSaree(db, {
			name: 'Mustard Dharmavaram Ikat',
			nameTe: 'ఆవ పసుపు ధర్మవరం చీర',
			nameHi: 'सरसों-पीली धर्मावरम साड़ी',
			descriptionTe: 'మెరూన్ పల్లుతో',
		})
		await addSaree(db, { name: 'Plain Green' })

		expect(await search('ధర్మవరం')).toEqual(['ఆవ పసుపు ధర్మవరం చీర'])
		// A word's beginning finds it, as in English.
		expect(await search('ధర్మ')).toEqual(['ఆవ పసుపు ధర్మవరం చీర'])
		expect(await search('पल्लू')).toEqual([])
		expect(await search('सरसों', 'hi')).toEqual(['सरसों-पीली धर्मावरम साड़ी'])
		expect(await search('పల్లుతో')).toEqual(['ఆవ పసుపు ధర్మవరం చీర'])
		// A Telugu word finds the saree for a visitor reading English too (shown in English).
		expect(await search('ధర్మవరం', 'en')).toEqual(['Mustard Dharmavaram Ikat'])
		expect(await search('mustard', 'te')).toEqual(['ఆవ పసుపు ధర్మవరం చీర'])

		const edit = (await getProductForEdit(id, db))!
		await updateProduct(id, { ...edit, nameTe: 'పసుపు పట్టు చీర' }, edit.images, db)
		expect(await search('ధర్మవరం')).toEqual([])
		expect(await search('పట్టు')).toEqual(['పసుపు పట్టు చీర'])
		await db.deleteFrom('products').where('id', '=', id).execute()
		expect(await search('పట్టు')).toEqual([])
		expect(() => sqlite.prepare(`INSERT INTO products_fts (products_fts) VALUES ('integrity-check')`).run()).not.toThrow()
		sqlite.close()
	})
})

describe('blog posts', () => {
	test('title, excerpt and post in the visitor language, each falling back on its own', async () => {
		const { db, sqlite } = await freshDb()
		const { id, slug } = await createBlog(
			{
				...blogFields,
				titleTe: 'పట్టు చీర సంరక్షణ',
				contentTe: '## సంరక్షణ\n\nచీరను **నీడలో** ఆరబెట్టండి.',
				excerptTe: 'పట్టు మెరుపు నిలవాలంటే.',
				// Hindi: a post without its own excerpt, and no title.
				contentHi: `## देखभाल\n\n${'साड़ी को छाँव में सुखाएँ। '.repeat(20)}`,
			},
			null,
			db,
		)

		const te = await findPublishedBlog(slug, 'te', db)
		expect(te).toMatchObject({
			title: 'పట్టు చీర సంరక్షణ',
			excerpt: 'పట్టు మెరుపు నిలవాలంటే.',
			description: 'పట్టు మెరుపు నిలవాలంటే.',
			langs: { title: 'te', excerpt: 'te', content: 'te' },
		})
		expect(te?.html).toContain('<strong>నీడలో</strong>')
		expect(JSON.stringify(te)).not.toMatch(/Silk care|Air the saree|How to keep|साड़ी/)

		const hi = await findPublishedBlog(String(id), 'hi', db)
		// The Hindi post has no excerpt of its own: one is made from its Hindi text, not the English excerpt.
		expect(hi).toMatchObject({ title: 'Silk care', langs: { title: 'en', excerpt: 'hi', content: 'hi' } })
		expect(hi?.excerpt).toMatch(/^देखभाल साड़ी को छाँव में सुखाएँ।.*\.\.\.$/)
		expect(hi?.description.startsWith('देखभाल साड़ी')).toBe(true)
		expect(hi?.html).toContain('<h2>देखभाल</h2>')

		const en = await findPublishedBlog(slug, 'en', db)
		expect(en).toMatchObject({
			title: 'Silk care',
			excerpt: 'How to keep silk bright.',
			langs: { title: 'en', excerpt: 'en', content: 'en' },
		})
		expect(en?.html).toContain('Air the saree')

		const cards = async (locale: 'en' | 'te' | 'hi') => (await listPublishedBlogs({ page: 1, pageSize: 10 }, locale, db)).blogs
		expect((await cards('te'))[0]).toMatchObject({
			title: 'పట్టు చీర సంరక్షణ',
			excerpt: 'పట్టు మెరుపు నిలవాలంటే.',
			langs: { title: 'te', excerpt: 'te' },
		})
		expect((await cards('hi'))[0]).toMatchObject({ title: 'Silk care', langs: { title: 'en', excerpt: 'hi' } })
		expect((await cards('hi'))[0]!.excerpt).toBe(hi!.excerpt)
		expect((await cards('en'))[0]).toMatchObject({
			title: 'Silk care',
			excerpt: 'How to keep silk bright.',
			langs: { title: 'en', excerpt: 'en' },
		})
		sqlite.close()
	})

	test('a translated excerpt over an untranslated post; the editor reads back every language', async () => {
		const { db, sqlite } = await freshDb()
		const { id, slug } = await createBlog({ ...blogFields, excerptHi: 'रेशम की चमक बनाए रखें।', contentTe: '   \n ' }, null, db)
		expect(await findPublishedBlog(slug, 'hi', db)).toMatchObject({
			excerpt: 'रेशम की चमक बनाए रखें।',
			langs: { title: 'en', excerpt: 'hi', content: 'en' },
		})
		// Blanks only are no translation.
		expect(await findPublishedBlog(slug, 'te', db)).toMatchObject({ langs: { title: 'en', excerpt: 'en', content: 'en' } })
		expect(await getBlogForEdit(id, db)).toMatchObject({ contentTe: '', excerptHi: 'रेशम की चमक बनाए रखें।' })
		await updateBlog(id, { ...blogFields, titleHi: 'रेशम की देखभाल' }, { kind: 'keep' }, db)
		expect(await getBlogForEdit(id, db)).toMatchObject({ titleHi: 'रेशम की देखभाल', excerptHi: '' })
		expect(await findPublishedBlog(slug, 'hi', db)).toMatchObject({ title: 'रेशम की देखभाल', langs: { title: 'hi', excerpt: 'en' } })
		sqlite.close()
	})
})

describe('home page text', () => {
	test('hero title and subtitle, and each story step name and text, fall back on their own', async () => {
		const { db, sqlite } = await freshDb()
		await updateHeroSettings(
			{
				title: 'Weaving Tradition',
				titleTe: 'సంప్రదాయాన్ని నేస్తూ',
				titleHi: '',
				subtitle: 'Pure silk',
				subtitleTe: '',
				subtitleHi: 'शुद्ध रेशम',
				videoEnabled: false,
			},
			db,
		)
		expect(await getHeroSettings('te', db)).toMatchObject({
			title: 'సంప్రదాయాన్ని నేస్తూ',
			subtitle: 'Pure silk',
			langs: { title: 'te', subtitle: 'en' },
		})
		expect(await getHeroSettings('hi', db)).toMatchObject({
			title: 'Weaving Tradition',
			subtitle: 'शुद्ध रेशम',
			langs: { title: 'en', subtitle: 'hi' },
		})
		expect(await getHeroSettings('en', db)).toMatchObject({
			title: 'Weaving Tradition',
			subtitle: 'Pure silk',
			langs: { title: 'en', subtitle: 'en' },
		})
		expect(await getHeroForEdit(db)).toMatchObject({ titleTe: 'సంప్రదాయాన్ని నేస్తూ', titleHi: '', subtitleHi: 'शुद्ध रेशम' })

		const [first] = await listStoryStepsForEdit(db)
		expect(first).toMatchObject({ order: 1, name: 'Acquiring Silk', nameTe: '', textHi: '' })
		await updateStoryText(first!.id, { text: first!.text, nameTe: 'పట్టు సేకరణ', nameHi: '', textTe: '', textHi: 'शुद्ध मलबरी रेशम।' }, db)
		const te = await listStorySteps('te', db)
		expect(te.map((step) => [step.name, step.langs.name])).toEqual([
			['పట్టు సేకరణ', 'te'],
			['Bleaching Yarn', 'en'],
			['Making Design', 'en'],
			['Weaving', 'en'],
		])
		expect(te[0]).toMatchObject({ text: first!.text, langs: { text: 'en' } })
		expect((await listStorySteps('hi', db))[0]).toMatchObject({
			name: 'Acquiring Silk',
			text: 'शुद्ध मलबरी रेशम।',
			langs: { name: 'en', text: 'hi' },
		})
		expect((await listStorySteps(undefined, db))[0]).toMatchObject({ name: 'Acquiring Silk', langs: { name: 'en', text: 'en' } })
		sqlite.close()
	})

	test('saving a translation counts as a change of what public pages show', async () => {
		const { db, sqlite } = await freshDb()
		const version = () => sqlite.prepare('SELECT version FROM content_version WHERE id = 1').pluck().get() as number
		const id = await addSaree(db)
		for (const statement of [
			`UPDATE products SET name_te = 'చీర' WHERE id = ${id}`,
			`UPDATE products SET description_hi = 'साड़ी' WHERE id = ${id}`,
			`UPDATE hero_settings SET subtitle_te = 'పట్టు'`,
			`UPDATE story_steps SET step_name_hi = 'बुनाई' WHERE step_order = 4`,
		]) {
			const before = version()
			sqlite.prepare(statement).run()
			expect(version(), statement).toBeGreaterThan(before)
		}
		const { id: blog } = await createBlog(blogFields, null, db)
		const before = version()
		sqlite.prepare(`UPDATE blogs SET content_te = 'పాఠం' WHERE id = ?`).run(blog)
		expect(version()).toBeGreaterThan(before)
		sqlite.close()
	})
})
