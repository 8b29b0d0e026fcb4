import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { closeDb, getDb, getSqlite, migrateToLatest } from '~/db.server'
import { seedDemo } from '~/demo/seed.server'
import { createBackup } from '~/services/backup.server'
import { cleanUpUploads, mediaDirOf } from '~/services/storage.server'
import { resetEnvCache } from '~/utils/env.server'

import { isMediaDirReferenced, listMediaKeys, MEDIA_COLUMNS, mediaKeysOfRecord } from './media-columns.server'

// Which columns hold media files is declared once (media-columns.server.ts). These tests read the live
// schema after every migration, so a new photo or video column that is not declared fails here before
// the start-up sweep can delete its files or a backup can leave them out.

/** Names that say "this holds a file" (photo_key, cover_url, logo, video_path, ...). */
const LOOKS_LIKE_MEDIA = /(?:_key|_url|_path|_file)$|image|photo|picture|video|poster|cover|media|logo|avatar|thumb|banner/i

/** Columns whose names look like media but are not, and why. Anything else that looks like media must be declared. */
const NOT_MEDIA: Record<string, string> = {
	'auth_failures.throttle_key': 'the name of a sign-in throttle bucket',
	'orders.customer_key': "whose order it is: the customer's phone in one spelling, or their email",
	'shop_settings.instagram_url': 'a link to the shop on Instagram',
}

/** A stored media key anywhere in a value (also inside JSON or Markdown). */
const MEDIA_KEY_IN_TEXT = /(?:^|[^a-z])(?:images|videos)\/[a-f0-9]{32}(?![a-f0-9])/

let root = ''
beforeAll(async () => {
	closeDb()
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-columns-'))
	process.env.DATABASE_PATH = path.join(root, 'shop.db')
	process.env.UPLOADS_DIR = path.join(root, 'uploads')
	resetEnvCache()
	await migrateToLatest()
	// The demo fills every kind of media the shop has: sarees' photos, blog covers, hero and story videos.
	const seeded = await seedDemo({ imageLongSide: 200, coverWidth: 200 })
	if (!seeded.seeded) throw new Error(seeded.reason)
}, 120_000)
afterAll(() => {
	closeDb()
	fs.rmSync(root, { recursive: true, force: true })
})

type Column = { table: string; name: string; type: string }
function schemaColumns(): Column[] {
	const sqlite = getSqlite()
	const tables = sqlite
		.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`)
		.pluck()
		.all() as string[]
	return tables.flatMap((table) =>
		(sqlite.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(table) as Array<{ name: string; type: string }>).map((c) => ({
			table,
			name: c.name,
			type: c.type.toUpperCase(),
		})),
	)
}
const declared = new Set(MEDIA_COLUMNS.map((m) => `${m.table}.${m.column}`))

describe('the media column declaration matches the migrated schema', () => {
	test('every declared column exists and holds text', () => {
		const columns = new Map(schemaColumns().map((c) => [`${c.table}.${c.name}`, c.type]))
		for (const name of declared) expect(columns.get(name), name).toBe('TEXT')
	})

	test('every text column named like a file is declared (or explained in NOT_MEDIA)', () => {
		const undeclared = schemaColumns()
			.filter((c) => c.type === 'TEXT' && LOOKS_LIKE_MEDIA.test(c.name))
			.map((c) => `${c.table}.${c.name}`)
			.filter((name) => !declared.has(name) && !(name in NOT_MEDIA))
		expect(undeclared, 'add these to MEDIA_COLUMNS in app/models/media-columns.server.ts').toEqual([])
	})

	test('no other text column holds a media key, whatever its name', () => {
		const sqlite = getSqlite()
		const found: string[] = []
		for (const c of schemaColumns()) {
			if (c.type !== 'TEXT' || declared.has(`${c.table}.${c.name}`) || `${c.table}.${c.name}` === 'trash.record') continue
			const values = sqlite.prepare(`SELECT "${c.name}" FROM "${c.table}" WHERE "${c.name}" IS NOT NULL`).pluck().all() as string[]
			if (values.some((v) => MEDIA_KEY_IN_TEXT.test(v))) found.push(`${c.table}.${c.name}`)
		}
		expect(found, 'these columns point at media files: declare them in MEDIA_COLUMNS').toEqual([])
	})

	test("a trashed record's rows name no media key that its trash_media rows do not", () => {
		const sqlite = getSqlite()
		const entries = sqlite.prepare('SELECT id, record FROM trash').all() as Array<{ id: number; record: string }>
		expect(entries.length).toBeGreaterThan(0)
		for (const entry of entries) {
			const inRecord = [...entry.record.matchAll(new RegExp(MEDIA_KEY_IN_TEXT.source, 'g'))].map((m) => m[0].replace(/^[^a-z]/, ''))
			const named = sqlite.prepare('SELECT media_key FROM trash_media WHERE trash_id = ?').pluck().all(entry.id) as string[]
			for (const key of inRecord)
				expect(
					named.some((n) => n === key || n.startsWith(`${key}/`)),
					key,
				).toBe(true)
		}
	})

	test('the demo fills every declared column, so the checks below cover each one', () => {
		const sqlite = getSqlite()
		for (const { table, column } of MEDIA_COLUMNS) {
			const count = sqlite.prepare(`SELECT count(*) FROM "${table}" WHERE "${column}" IS NOT NULL`).pluck().get() as number
			expect(count, `${table}.${column}`).toBeGreaterThan(0)
		}
	})
})

describe('every reader of the declaration keeps the files the rows use', () => {
	test('a media folder counts as used when any column names it or a file in it', () => {
		for (const key of listMediaKeys(getSqlite())) {
			const dir = key.split('/').slice(0, 2).join('/')
			expect(isMediaDirReferenced(getSqlite(), dir)).toBe(true)
			expect(isMediaDirReferenced(getSqlite(), dir.slice(0, -1))).toBe(false)
		}
		expect(isMediaDirReferenced(getSqlite(), `images/${'0'.repeat(32)}`)).toBe(false)
	})

	test('the start-up sweep deletes only folders no column names', async () => {
		const keys = listMediaKeys(getSqlite())
		const orphan = path.join(root, 'uploads', 'images', 'f'.repeat(32))
		fs.mkdirSync(orphan, { recursive: true })
		await cleanUpUploads(path.join(root, 'uploads'))
		expect(fs.existsSync(orphan)).toBe(false)
		for (const key of keys) expect(fs.existsSync(mediaDirOf(key)!), key).toBe(true)
	})

	test('the backup copies the folder of every key in every declared column', async () => {
		const destination = path.join(root, 'backups')
		const backup = await createBackup({ databasePath: path.join(root, 'shop.db'), uploadsDir: path.join(root, 'uploads'), destination })
		const keys = listMediaKeys(getSqlite())
		expect(new Set(keys.map((k) => mediaDirOf(k))).size).toBe(backup.mediaFolders)
		for (const key of keys) expect(fs.existsSync(path.join(backup.dir, 'uploads', key)), key).toBe(true)
	})

	test("a record's media keys include the rows that cascade with it", async () => {
		const product = await getDb().selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()
		const images = await getDb()
			.selectFrom('product_images')
			.select('image_key')
			.where('product_id', '=', product.id)
			.orderBy('position')
			.execute()
		expect(await mediaKeysOfRecord(getDb(), 'products', product.id)).toEqual(images.map((i) => i.image_key))
		const blog = await getDb().selectFrom('blogs').select(['id', 'cover_image_key']).orderBy('id').executeTakeFirstOrThrow()
		expect(await mediaKeysOfRecord(getDb(), 'blogs', blog.id)).toEqual([blog.cover_image_key])
		expect(await mediaKeysOfRecord(getDb(), 'orders', 1)).toEqual([])
	})
})
