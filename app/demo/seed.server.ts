import fsp from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { getDb } from '~/db.server'
import { createBlog } from '~/models/blogs.server'
import { getCategoryForEdit, listCategoriesForAdmin, updateCategory } from '~/models/categories.server'
import { createOrder } from '~/models/orders.server'
import { createProduct } from '~/models/products-admin.server'
import {
	getHeroSettings,
	listStorySteps,
	setStoryVideo,
	type ShopSettings,
	updateHeroSettings,
	updateShopSettings,
	updateStoryText,
} from '~/models/site.server'
import { moveToTrash } from '~/models/trash.server'
import { storeImage } from '~/services/images.server'
import { commitTempDir, deleteMedia, makeTempDir, removeTempDir } from '~/services/storage.server'
import { writePosterDerivatives } from '~/services/videos.server'
import type { StoredVideo } from '~/utils/media'

import { DEMO_POSTS, DEMO_TRASHED_POST, type DemoPost } from './blog-posts.server'
import { DEMO_CATEGORY_TEXT, DEMO_PICTURED_CATEGORY } from './categories.server'
import { renderPhoto, renderSareePhoto } from './fabric.server'
import { DEMO_ORDERS } from './orders.server'
import { DEMO_SAREES } from './sarees.server'
import { DEMO_HERO_TRANSLATIONS, DEMO_STORY_TRANSLATIONS } from './site-text.server'

// `npm run demo` fills an EMPTY shop with a believable catalogue. Files are written first (through the
// same storage helpers uploads use, so every image has its derivatives), then every row goes in one
// transaction; if anything fails, the files written so far are removed again.

export const DEMO_ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url))

/** The shipped clips: the hero's background and one per story step (1–4), each with its poster. */
export const DEMO_VIDEOS = ['hero', 'step-1', 'step-2', 'step-3', 'step-4'] as const

const DEMO_SHOP_SETTINGS: ShopSettings = {
	shopName: 'Pochampally Silk House',
	whatsappNumber: '919876543210',
	phone: '+91 98765 43210',
	email: 'hello@pochampallysilk.example',
	address: "Plot 12, Weavers' Colony, Bhoodan Pochampally, Yadadri Bhuvanagiri District, Telangana 508284",
	instagramUrl: 'https://www.instagram.com/pochampallysilkhouse',
}

export type SeedDemoOptions = {
	/** Height of each product photo in pixels (portrait 3:4). The demo uses 1600; tests use less. */
	imageLongSide?: number
	/** Blog cover size; 1200 × 600 unless tests ask for less. */
	coverWidth?: number
	log?: (line: string) => void
	now?: Date
}

export type SeedDemoResult =
	{ seeded: false; reason: string } | { seeded: true; products: number; images: number; blogs: number; orders: number; seconds: number }

class ShopNotEmptyError extends Error {}

type Db = ReturnType<typeof getDb>
type Reader = Pick<Db, 'selectFrom'>

/** Why the shop counts as having data, or null when it is empty (nothing the seller made exists). */
async function describeExistingData(db: Reader = getDb()): Promise<string | null> {
	const count = async (table: 'products' | 'blogs' | 'orders') =>
		Number(
			(
				await db
					.selectFrom(table)
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirstOrThrow()
			).n,
		)
	const [products, blogs, orders] = await Promise.all([count('products'), count('blogs'), count('orders')])
	const hero = await db.selectFrom('hero_settings').select('video_key').where('video_key', 'is not', null).executeTakeFirst()
	const steps = await db.selectFrom('story_steps').select('id').where('video_key', 'is not', null).execute()
	const parts: string[] = []
	if (products) parts.push(`${products} product${products === 1 ? '' : 's'}`)
	if (blogs) parts.push(`${blogs} blog post${blogs === 1 ? '' : 's'}`)
	if (orders) parts.push(`${orders} order${orders === 1 ? '' : 's'}`)
	if (hero) parts.push('a hero video')
	if (steps.length) parts.push('story videos')
	return parts.length ? `the shop already has ${parts.join(', ')}` : null
}

/** Fills an empty shop with the demo catalogue; leaves a shop with any data of its own untouched. */
export async function seedDemo(options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
	const started = Date.now()
	const log = options.log ?? (() => {})
	const now = (options.now ?? new Date()).getTime()
	const longSide = options.imageLongSide ?? 1600
	const coverWidth = options.coverWidth ?? 1200
	const db = getDb()

	const existing = await describeExistingData(db)
	if (existing) return { seeded: false, reason: existing }

	const written: string[] = []
	try {
		// ── files ──
		const photoJobs = DEMO_SAREES.flatMap((saree, s) =>
			saree.shots.map((shot, position) => ({
				s,
				position,
				render: () => renderSareePhoto({ ...saree.look, seed: 1000 + s * 17 }, shot, longSide),
			})),
		)
		const coverJobs = [...DEMO_POSTS, DEMO_TRASHED_POST].map((post, b) => ({
			b,
			render: () => renderPhoto({ ...post.cover.look, seed: 5000 + b * 13 }, post.cover.shot, coverWidth, Math.round(coverWidth / 2)),
		}))
		const pictured = DEMO_SAREES.find((saree) => saree.category === DEMO_PICTURED_CATEGORY)!
		const total = photoJobs.length + coverJobs.length + 1
		let done = 0
		const store = async (render: () => Promise<Buffer>) => {
			const image = await storeImage(await render())
			written.push(image.key)
			done++
			if (done % 6 === 0 || done === total) log(`Photographed ${done} of ${total} images`)
			return image
		}
		// Two at a time: one image is drawn (JavaScript) while the other is encoded (sharp's threads).
		const photos = await inPool(photoJobs, 2, (job) => store(job.render))
		const covers = await inPool(coverJobs, 2, (job) => store(job.render))
		const categoryPicture = await store(() => renderSareePhoto({ ...pictured.look, seed: 7000 }, 'folded', longSide))
		const videos = {} as Record<(typeof DEMO_VIDEOS)[number], StoredVideo>
		for (const name of DEMO_VIDEOS) {
			videos[name] = await storeDemoVideo(name)
			written.push(videos[name].videoKey)
		}

		// ── rows, all or nothing, through the same model functions as the admin screens ──
		const ago = (days: number, minutes = 0) => new Date(now - days * 86_400_000 - minutes * 60_000).toISOString()
		const counts = await db.transaction().execute(async (trx) => {
			// Someone may have added data while the photos were being made.
			if (await describeExistingData(trx)) throw new ShopNotEmptyError()

			for (const [s, saree] of DEMO_SAREES.entries()) {
				const fields = {
					name: saree.name,
					nameTe: saree.nameTe ?? '',
					nameHi: saree.nameHi ?? '',
					code: saree.code,
					description: saree.description,
					descriptionTe: saree.descriptionTe ?? '',
					descriptionHi: saree.descriptionHi ?? '',
					originalPricePaise: saree.originalPaise,
					salePricePaise: saree.salePaise,
					stock: saree.stock,
					status: saree.status,
					category: saree.category,
					tags: saree.tags,
				}
				const images = photoJobs.flatMap((job, i) => (job.s === s ? [photos[i]!] : []))
				await createProduct(fields, images, trx, ago(saree.daysAgo, 90 + s * 37))
			}

			const createPost = (post: DemoPost, b: number) => {
				const fields = {
					title: post.title,
					titleTe: post.titleTe ?? '',
					titleHi: post.titleHi ?? '',
					content: post.content,
					contentTe: post.contentTe ?? '',
					contentHi: post.contentHi ?? '',
					excerpt: post.excerpt,
					excerptTe: post.excerptTe ?? '',
					excerptHi: post.excerptHi ?? '',
					authorName: post.author,
					status: post.status,
					tags: post.tags,
				}
				return createBlog(fields, covers[b]!, trx, ago(post.daysAgo, 300))
			}
			for (const [b, post] of DEMO_POSTS.entries()) await createPost(post, b)
			const trashed = await createPost(DEMO_TRASHED_POST, DEMO_POSTS.length)
			await moveToTrash('blog', [trashed.id], trx, ago(DEMO_TRASHED_POST.deletedDaysAgo))

			for (const [o, order] of DEMO_ORDERS.entries()) {
				const placedAt = now - order.daysAgo * 86_400_000 - (120 + o * 53) * 60_000
				const created = new Date(placedAt).toISOString()
				const input = {
					customerName: order.customer,
					phone: order.phone.replace(/[^\d+]/g, ''),
					email: order.email,
					deliveryAddress: order.address,
					orderDate: created.slice(0, 10),
					status: order.status,
					notes: order.notes,
					// Sent orders carry an India Post article number (13 characters: two letters, nine digits, IN).
					...(order.status === 'shipped' || order.status === 'delivered'
						? { courier: 'India Post', trackingNumber: `EE${String(540_217_300 + o).padStart(9, '0')}IN` }
						: { courier: '', trackingNumber: '' }),
					lines: order.items.map((item, index) => ({ index, ...item })),
					totalOverridePaise: null,
				}
				const id = await createOrder(input, trx, created)
				// Orders moved on after they were placed (status changes, notes): the dashboard shows them as updated.
				const updated = new Date(Math.min(now, placedAt + order.updatedHoursLater * 3_600_000)).toISOString()
				await trx.updateTable('orders').set({ updated_at: updated }).where('id', '=', id).execute()
			}

			for (const { id, name } of await listCategoriesForAdmin(trx)) {
				const category = (await getCategoryForEdit(id, trx))!
				const text = DEMO_CATEGORY_TEXT[name]
				const picture = name === DEMO_PICTURED_CATEGORY ? { kind: 'replace' as const, image: categoryPicture } : { kind: 'keep' as const }
				if (text) await updateCategory(id, { ...category, ...text }, picture, trx)
			}

			const hero = await getHeroSettings('en', trx)
			await updateHeroSettings(
				{ title: hero.title, subtitle: hero.subtitle, ...DEMO_HERO_TRANSLATIONS, videoEnabled: true, video: videos.hero },
				trx,
			)
			// Steps are numbered 1 to 4 (a CHECK on the column), as the shipped clips are.
			for (const step of await listStorySteps('en', trx)) {
				await setStoryVideo(step.id, videos[`step-${step.order}` as (typeof DEMO_VIDEOS)[number]], trx)
				const translations = DEMO_STORY_TRANSLATIONS[step.order]
				if (translations) await updateStoryText(step.id, { text: step.text, ...translations }, trx)
			}
			await updateShopSettings(DEMO_SHOP_SETTINGS, trx)
			return { products: DEMO_SAREES.length, images: photos.length, blogs: DEMO_POSTS.length, orders: DEMO_ORDERS.length }
		})
		return { seeded: true, ...counts, seconds: Math.round((Date.now() - started) / 100) / 10 }
	} catch (error) {
		await deleteMedia(written)
		if (error instanceof ShopNotEmptyError) {
			return { seeded: false, reason: (await describeExistingData(db)) ?? 'the shop changed while the demo was being prepared' }
		}
		throw error
	}
}

/** Copies a shipped clip and its poster into uploads/videos/<id>/ in one rename. */
async function storeDemoVideo(name: string) {
	const dir = await makeTempDir()
	try {
		await copyDurably(path.join(DEMO_ASSETS_DIR, `${name}.mp4`), path.join(dir, 'video.mp4'))
		await copyDurably(path.join(DEMO_ASSETS_DIR, `${name}.jpg`), path.join(dir, 'poster.jpg'))
		await writePosterDerivatives(dir)
		const key = await commitTempDir(dir, 'videos')
		return { videoKey: `${key}/video.mp4`, posterKey: `${key}/poster.jpg` } satisfies StoredVideo
	} catch (error) {
		await removeTempDir(dir)
		throw error
	}
}

async function copyDurably(from: string, to: string) {
	await fsp.copyFile(from, to)
	const handle = await fsp.open(to, 'r+')
	try {
		await handle.sync()
	} finally {
		await handle.close()
	}
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array(items.length)
	let next = 0
	let failed: unknown = null
	const worker = async () => {
		while (next < items.length && !failed) {
			const i = next++
			try {
				results[i] = await work(items[i]!)
			} catch (error) {
				failed ??= error
			}
		}
	}
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
	if (failed) throw failed
	return results
}
