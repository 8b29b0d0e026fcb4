import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeEach, describe, expect, test } from 'vitest'

import { ORDER_STATUSES } from '~/constants'
import { closeDb, getDb, getSqlite, migrateToLatest, nowIso } from '~/db.server'
import { listCategoryNames } from '~/models/categories.server'
import { resetEnvCache } from '~/utils/env.server'
import { detectImageType, detectVideoType } from '~/utils/file-types.server'
import { imageWidths } from '~/utils/media'

import { DEMO_ASSETS_DIR, DEMO_VIDEOS, seedDemo } from './seed.server'

// Each test gets its own empty shop: a fresh database file and uploads folder.
const roots: string[] = []
let uploads = ''

beforeEach(async () => {
	closeDb()
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-seed-'))
	roots.push(root)
	uploads = path.join(root, 'uploads')
	process.env.DATABASE_PATH = path.join(root, 'shop.db')
	process.env.UPLOADS_DIR = uploads
	resetEnvCache()
	await migrateToLatest()
})

afterAll(() => {
	closeDb()
	for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})

// Small photos keep the test quick; the demo itself uses 1600 px.
const SMALL = { imageLongSide: 400, coverWidth: 400 }

const mediaFolders = (kind: 'images' | 'videos') => fs.readdirSync(path.join(uploads, kind), { withFileTypes: true }).map((d) => d.name)
const mediaFoldersOrNone = (kind: 'images' | 'videos') => (fs.existsSync(path.join(uploads, kind)) ? mediaFolders(kind) : [])
const file = (key: string) => path.join(uploads, ...key.split('/'))

describe('seedDemo', () => {
	test('fills an empty shop: sarees with photos on disk, blogs, orders in every status, videos, settings', async () => {
		const result = await seedDemo(SMALL)
		expect(result.seeded).toBe(true)
		const db = getDb()

		const products = await db.selectFrom('products').selectAll().execute()
		expect(products.length).toBeGreaterThanOrEqual(12)
		const categories = await listCategoryNames(db)
		expect(new Set(products.map((p) => p.category))).toEqual(new Set(categories))
		const byStatus = (s: string) => products.filter((p) => p.status === s).length
		expect(byStatus('draft')).toBe(2)
		expect(byStatus('out_of_stock')).toBe(2)
		expect(byStatus('active')).toBe(products.length - 4)
		for (const category of categories) {
			expect(products.some((p) => p.category === category && p.status === 'active')).toBe(true)
		}
		for (const p of products) {
			expect(p.code).toMatch(/^[A-Z]+-\d{3}$/)
			expect(p.original_price_paise).toBeGreaterThanOrEqual(8_500_00)
			expect(p.original_price_paise).toBeLessThanOrEqual(45_000_00)
			expect(p.sale_price_paise).toBeLessThanOrEqual(p.original_price_paise)
			expect(p.description.length).toBeGreaterThan(40)
			expect(JSON.parse(p.tags)).not.toHaveLength(0)
			if (p.status === 'out_of_stock') expect(p.stock).toBe(0)
		}
		expect(products.some((p) => p.sale_price_paise < p.original_price_paise)).toBe(true)
		// "newest first" has something to sort: no two sarees share a listing time
		expect(new Set(products.map((p) => p.created_at)).size).toBe(products.length)

		const images = await db.selectFrom('product_images').selectAll().orderBy('product_id').orderBy('position').execute()
		for (const p of products) {
			const own = images.filter((i) => i.product_id === p.id)
			expect(own.length).toBeGreaterThanOrEqual(2)
			expect(own.length).toBeLessThanOrEqual(5)
			expect(own.map((i) => i.position)).toEqual(own.map((_, n) => n))
			for (const image of own) {
				// portrait 3:4, every derivative written
				expect(image.height).toBe(400)
				expect(image.width).toBe(300)
				for (const w of imageWidths(image.width)) {
					for (const ext of ['webp', 'jpg']) {
						const bytes = fs.readFileSync(file(`${image.image_key}/${w}.${ext}`))
						expect(detectImageType(bytes)).toBe(ext === 'jpg' ? 'jpeg' : 'webp')
					}
				}
			}
		}

		const blogs = await db.selectFrom('blogs').selectAll().execute()
		expect(blogs.filter((b) => b.status === 'published')).toHaveLength(3)
		expect(blogs.filter((b) => b.status === 'draft')).toHaveLength(1)
		expect(new Set(blogs.map((b) => b.slug)).size).toBe(blogs.length)
		for (const b of blogs) {
			expect(b.content).toMatch(/^## /m)
			expect(b.content).toMatch(/^(- |\d\. )/m)
			expect(b.content).toMatch(/\]\((https?:\/\/|\/)/)
			expect(b.author_name).not.toBe('')
			expect(b.published_at === null).toBe(b.status === 'draft')
			expect(b.cover_image_key).toBeTruthy()
			expect([b.cover_width, b.cover_height]).toEqual([400, 200])
			expect(fs.existsSync(file(`${b.cover_image_key}/${b.cover_width}.webp`))).toBe(true)
		}

		const orders = await db.selectFrom('orders').selectAll().execute()
		expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES))
		const items = await db.selectFrom('order_items').selectAll().execute()
		const productById = new Map(products.map((p) => [p.id, p]))
		for (const o of orders) {
			expect(o.customer_phone).toMatch(/^\+91\d{10}$/)
			expect(o.order_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
			expect(o.delivery_address).not.toBe('')
			const own = items.filter((i) => i.order_id === o.id)
			expect(own.length).toBeGreaterThanOrEqual(1)
			expect(own.length).toBeLessThanOrEqual(3)
			for (const item of own) {
				const product = productById.get(item.product_id!)!
				expect([item.product_code, item.product_name, item.unit_price_paise]).toEqual([
					product.code,
					product.name,
					product.sale_price_paise,
				])
			}
			expect(o.total_paise).toBe(own.reduce((sum, i) => sum + i.unit_price_paise * i.quantity, 0))
		}
		expect(orders.some((o) => o.customer_email !== '')).toBe(true)

		const hero = await db.selectFrom('hero_settings').selectAll().executeTakeFirstOrThrow()
		expect(hero.video_enabled).toBe(1)
		expect(hero.title).toBe('Weaving Tradition, Elegance, and Legacy')
		const steps = await db.selectFrom('story_steps').selectAll().orderBy('step_order').execute()
		for (const row of [hero, ...steps]) {
			expect(row.video_key).toMatch(/^videos\/[a-f0-9]{32}\/video\.mp4$/)
			expect(row.poster_key).toBe(row.video_key!.replace('video.mp4', 'poster.jpg'))
			expect(detectVideoType(fs.readFileSync(file(row.video_key!)))).toBe('mp4')
			expect(detectImageType(fs.readFileSync(file(row.poster_key!)))).toBe('jpeg')
		}

		// About half the sarees, one post, the hero and the story read in Telugu and Hindi; the rest fall back to English.
		const teluguNames = products.filter((p) => p.name_te !== '').length
		expect(teluguNames).toBeGreaterThanOrEqual(products.length / 2 - 1)
		expect(teluguNames).toBeLessThan(products.length)
		expect(products.some((p) => p.name_te !== '' && p.name_hi === '')).toBe(true)
		expect(products.filter((p) => p.description_te !== '').every((p) => p.name_te !== '')).toBe(true)
		for (const p of products) {
			if (p.name_te) expect(p.name_te).toMatch(/[\u0C00-\u0C7F]/)
			if (p.name_hi) expect(p.name_hi).toMatch(/[\u0900-\u097F]/)
		}
		const translatedPosts = blogs.filter((b) => b.content_te !== '' || b.content_hi !== '')
		expect(translatedPosts).toHaveLength(1)
		expect(translatedPosts[0]!.status).toBe('published')
		expect(translatedPosts[0]!.content_te).toMatch(/^## /m)
		expect([hero.title_te, hero.title_hi, hero.subtitle_te, hero.subtitle_hi].every((text) => text !== '')).toBe(true)
		for (const step of steps) expect([step.step_name_te, step.step_name_hi, step.step_text_te, step.step_text_hi]).not.toContain('')

		const settings = await db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow()
		expect(settings.whatsapp_number).toMatch(/^91\d{10}$/)
		expect(settings.instagram_url).toMatch(/^https:\/\/www\.instagram\.com\//)
		expect(settings.address).toMatch(/Pochampally/)
		expect(settings.email).toMatch(/@/)
	}, 120_000)

	test('a second run adds nothing', async () => {
		expect((await seedDemo(SMALL)).seeded).toBe(true)
		const before = {
			products: await getDb().selectFrom('products').select(['id', 'updated_at']).execute(),
			images: mediaFolders('images').sort(),
			videos: mediaFolders('videos').sort(),
		}
		const again = await seedDemo(SMALL)
		expect(again).toEqual({ seeded: false, reason: expect.stringMatching(/already has 14 products, 4 blog posts, 8 orders/) })
		expect(await getDb().selectFrom('products').select(['id', 'updated_at']).execute()).toEqual(before.products)
		expect(mediaFolders('images').sort()).toEqual(before.images)
		expect(mediaFolders('videos').sort()).toEqual(before.videos)
	}, 120_000)

	test('a shop with one product of its own is left untouched', async () => {
		const now = nowIso()
		await getDb()
			.insertInto('products')
			.values({
				name: 'Our own saree',
				code: 'OWN-1',
				original_price_paise: 100_00,
				sale_price_paise: 100_00,
				status: 'active',
				category: 'Pochampally Ikkat',
				created_at: now,
				updated_at: now,
			})
			.execute()
		const heroBefore = await getDb().selectFrom('hero_settings').selectAll().executeTakeFirstOrThrow()
		const settingsBefore = await getDb().selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow()

		const result = await seedDemo(SMALL)
		expect(result).toEqual({ seeded: false, reason: 'the shop already has 1 product' })
		expect(await getDb().selectFrom('products').select('code').execute()).toEqual([{ code: 'OWN-1' }])
		expect(await getDb().selectFrom('blogs').select('id').execute()).toEqual([])
		expect(await getDb().selectFrom('orders').select('id').execute()).toEqual([])
		expect(await getDb().selectFrom('hero_settings').selectAll().executeTakeFirstOrThrow()).toEqual(heroBefore)
		expect(await getDb().selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow()).toEqual(settingsBefore)
		expect(mediaFoldersOrNone('images')).toEqual([])
		expect(mediaFoldersOrNone('videos')).toEqual([])
	})

	test('data arriving while the photos are made wins: no rows are added and the written files are removed', async () => {
		const result = await seedDemo({
			...SMALL,
			// The last progress line comes after every image is stored, before the rows go in.
			log: (line) => {
				if (/Photographed (\d+) of \1 images/.test(line)) {
					getSqlite()
						.prepare(
							`INSERT INTO blogs (title, slug, content, status, created_at, updated_at) VALUES ('Mine', 'mine', 'Text', 'draft', ?, ?)`,
						)
						.run(nowIso(), nowIso())
				}
			},
		})
		expect(result).toEqual({ seeded: false, reason: 'the shop already has 1 blog post' })
		expect(await getDb().selectFrom('products').select('id').execute()).toEqual([])
		expect(mediaFoldersOrNone('images')).toEqual([])
		expect(mediaFoldersOrNone('videos')).toEqual([])
	}, 120_000)
})

describe('demo assets', () => {
	test('every clip is a small H.264 MP4 with a JPEG poster', () => {
		for (const name of DEMO_VIDEOS) {
			const video = fs.readFileSync(path.join(DEMO_ASSETS_DIR, `${name}.mp4`))
			expect(detectVideoType(video)).toBe('mp4')
			expect(video.includes(Buffer.from('avc1'))).toBe(true)
			// +faststart: the index (moov) comes before the media data (mdat), so playback starts at once
			expect(video.indexOf(Buffer.from('moov'))).toBeLessThan(video.indexOf(Buffer.from('mdat')))
			expect(video.length).toBeLessThanOrEqual((name === 'hero' ? 600 : 250) * 1024)
			expect(detectImageType(fs.readFileSync(path.join(DEMO_ASSETS_DIR, `${name}.jpg`)))).toBe('jpeg')
		}
	})
})
