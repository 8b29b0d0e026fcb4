import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Migrator } from 'kysely'
import { afterEach, expect, test } from 'vitest'

import { migrateToLatest, openDatabase } from '../../app/db.server'
import { listActiveProducts } from '../../app/models/products-search.server'
import { getPublicProduct } from '../../app/models/products-storefront.server'
import { getHeroSettings, listStorySteps } from '../../app/models/site.server'
import { migrations } from '../../migrations/index'

// A shop saved before translations existed: migration 0007 adds the Telugu and Hindi columns (empty,
// so every page still shows the English text) and builds the search index again with them, keeping
// what it already found.

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const now = new Date().toISOString()

async function shopBeforeTranslations() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-0007-'))
	dirs.push(dir)
	const handle = openDatabase(path.join(dir, 'shop.db'))
	const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0007'))
	const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before } }).migrateToLatest()
	if (error) throw error
	// Written as the app then wrote them (the row types of today know columns these tables do not have yet).
	const insert = handle.sqlite.prepare(
		`INSERT INTO products (id, name, code, description, original_price_paise, sale_price_paise, status, category, tags, created_at, updated_at)
		 VALUES (?, ?, ?, ?, 100, 100, 'active', 'Pochampally Ikkat', '["wedding"]', ?, ?)`,
	)
	insert.run(1, 'Maroon Kanchi Ikat', 'KPI-101', 'Deep maroon double ikat with a temple border.', now, now)
	insert.run(2, 'Indigo Ikat', 'PI-301', 'Indigo silk.', now, now)
	handle.sqlite
		.prepare(
			`INSERT INTO blogs (title, slug, content, status, created_at, updated_at) VALUES ('Silk care', 'silk-care', 'Words.', 'published', ?, ?)`,
		)
		.run(now, now)
	return handle
}

test('existing rows keep their text, read in English until translated; search keeps working and learns the new columns', async () => {
	const { db, sqlite } = await shopBeforeTranslations()
	expect((await migrateToLatest(db))[0]).toBe('0007_translations')

	const columns = (table: string) =>
		sqlite.prepare(`SELECT name, "notnull", dflt_value FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>
	for (const [table, added] of [
		['products', ['name_te', 'name_hi', 'description_te', 'description_hi']],
		['blogs', ['title_te', 'title_hi', 'excerpt_te', 'excerpt_hi', 'content_te', 'content_hi']],
		['hero_settings', ['title_te', 'title_hi', 'subtitle_te', 'subtitle_hi']],
		['story_steps', ['step_name_te', 'step_name_hi', 'step_text_te', 'step_text_hi']],
	] as const) {
		const found = columns(table).filter((c) => (added as readonly string[]).includes(c.name))
		expect(found, table).toEqual(added.map((name) => ({ name, notnull: 1, dflt_value: "''" })))
	}
	expect(await db.selectFrom('products').select(['name', 'name_te', 'description_hi']).where('id', '=', 1).executeTakeFirst()).toEqual({
		name: 'Maroon Kanchi Ikat',
		name_te: '',
		description_hi: '',
	})
	expect(await getPublicProduct(1, 'te', db)).toMatchObject({ name: 'Maroon Kanchi Ikat', langs: { name: 'en', description: 'en' } })
	expect(await getHeroSettings('hi', db)).toMatchObject({
		title: 'Weaving Tradition, Elegance, and Legacy',
		langs: { title: 'en', subtitle: 'en' },
	})
	expect((await listStorySteps('te', db)).map((step) => step.name)).toEqual([
		'Acquiring Silk',
		'Bleaching Yarn',
		'Making Design',
		'Weaving',
	])

	// The rebuilt index still finds what the old one did, by every English column.
	const search = async (text: string) =>
		(await listActiveProducts({ page: 1, pageSize: 10, search: text }, 'en', db)).products.map((p) => p.id)
	for (const word of ['maroon', 'kpi-101', 'temple', 'wedding', 'pochampally']) expect(await search(word), word).toContain(1)
	expect(await search('indigo')).toEqual([2])

	const version = () => sqlite.prepare('SELECT version FROM content_version WHERE id = 1').pluck().get() as number
	const before = version()
	await db.updateTable('products').set({ name_te: 'మెరూన్ కంచి ఇక్కత్', description_hi: 'गहरे मैरून रंग का डबल इकत' }).where('id', '=', 1).execute()
	expect(version()).toBeGreaterThan(before)
	expect(await search('కంచి')).toEqual([1])
	expect(await search('मैरून')).toEqual([1])
	expect(await search('maroon')).toEqual([1])
	expect(() => sqlite.prepare(`INSERT INTO products_fts (products_fts) VALUES ('integrity-check')`).run()).not.toThrow()
	expect(
		sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'products_%_fts' ORDER BY name`).pluck().all(),
	).toEqual(['products_delete_fts', 'products_insert_fts', 'products_update_fts'])
	sqlite.close()
})
