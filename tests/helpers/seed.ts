import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { CATEGORIES, type BlogStatus, type ProductStatus } from '../../app/constants'
import { imageWidths, type StoredImage } from '../../app/utils/media'
import type { Shop } from './shop'

// Test data written straight into a running shop's database and uploads folder, in the layout the app
// uses (app/utils/storage.server.ts): images/<32 hex>/<width>.webp|jpg, videos/<32 hex>/video.mp4 + poster.jpg.
// The shop sweeps unreferenced media only at start, so seeding while it runs is safe.

export type SeedTarget = Pick<Shop, 'db' | 'uploadsDir'>

const PALETTES = [
	['#6f1522', '#ecc970', '#f5e1e1'],
	['#0f4c5c', '#e9c46a', '#f4f1de'],
	['#5b2a86', '#f2b5d4', '#fdf8ef'],
	['#1d4d2b', '#f1c453', '#fefae0'],
	['#9d174d', '#fbbf24', '#fff7ed'],
	['#1e3a8a', '#f59e0b', '#eff6ff'],
] as const

let sequence = 0
/** Distinct, increasing timestamps (a day ago + n seconds): the last seeded is the newest. */
function nextTimestamp() {
	sequence += 1
	return new Date(Date.now() - 24 * 3600 * 1000 + sequence * 1000).toISOString()
}

function randomKeyId() {
	return crypto.randomBytes(16).toString('hex')
}

export type SeedImageOptions = { width?: number; height?: number; palette?: number }

function sareeSvg(width: number, height: number, palette: number) {
	const [base, accent, light] = PALETTES[palette % PALETTES.length]!
	const cell = Math.round(width / 9)
	const half = cell / 2
	const border = Math.round(height * 0.78)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
	<defs>
		<pattern id="ikat" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse">
			<rect width="${cell}" height="${cell}" fill="${base}"/>
			<path d="M${half} ${cell * 0.12} L${cell * 0.88} ${half} L${half} ${cell * 0.88} L${cell * 0.12} ${half}Z" fill="${accent}" opacity="0.55"/>
			<path d="M${half} ${cell * 0.34} L${cell * 0.66} ${half} L${half} ${cell * 0.66} L${cell * 0.34} ${half}Z" fill="${light}"/>
		</pattern>
	</defs>
	<rect width="100%" height="100%" fill="url(#ikat)"/>
	<rect y="${border}" width="100%" height="${Math.round(height * 0.1)}" fill="${accent}"/>
	<rect y="${border + Math.round(height * 0.025)}" width="100%" height="${Math.round(height * 0.05)}" fill="${base}" opacity="0.7"/>
</svg>`
}

// Rendering and encoding dominate seeding time: each distinct image is made once per test process.
const rendered = new Map<string, Promise<Map<string, Buffer>>>()

function renderDerivatives(width: number, height: number, palette: number) {
	const cacheKey = `${width}x${height}:${palette % PALETTES.length}`
	let files = rendered.get(cacheKey)
	if (!files) {
		files = (async () => {
			const { data, info } = await sharp(Buffer.from(sareeSvg(width, height, palette)))
				.removeAlpha()
				.raw()
				.toBuffer({ resolveWithObject: true })
			const base = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
			const out = new Map<string, Buffer>()
			for (const w of imageWidths(width)) {
				const resized = base.clone().resize({ width: w })
				out.set(`${w}.webp`, await resized.clone().webp({ quality: 72, effort: 0 }).toBuffer())
				out.set(`${w}.jpg`, await resized.clone().jpeg({ quality: 78 }).toBuffer())
			}
			return out
		})()
		rendered.set(cacheKey, files)
	}
	return files
}

/** Writes an image's derivatives (WebP + JPEG at each width) into the uploads folder; returns its key. */
export async function seedImage(shop: SeedTarget, options: SeedImageOptions = {}): Promise<StoredImage> {
	const width = options.width ?? 800
	const height = options.height ?? 1000
	const files = await renderDerivatives(width, height, options.palette ?? 0)
	const id = randomKeyId()
	const dir = path.join(shop.uploadsDir, 'images', id)
	fs.mkdirSync(dir, { recursive: true })
	for (const [name, bytes] of files) fs.writeFileSync(path.join(dir, name), bytes)
	return { key: `images/${id}`, width, height }
}

/**
 * Writes a poster JPEG (and, with `video: true`, a one-second MP4 made by ffmpeg) under videos/<id>/.
 * Returns the keys the hero/story rows store.
 */
export async function seedVideo(shop: SeedTarget, options: { video?: boolean; palette?: number } = {}) {
	const id = randomKeyId()
	const dir = path.join(shop.uploadsDir, 'videos', id)
	fs.mkdirSync(dir, { recursive: true })
	const poster = await sharp(Buffer.from(sareeSvg(1280, 720, options.palette ?? 0)))
		.jpeg({ quality: 78 })
		.toBuffer()
	fs.writeFileSync(path.join(dir, 'poster.jpg'), poster)
	let videoKey: string | null = null
	if (options.video) {
		const result = spawnSync(
			'ffmpeg',
			['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0x6f1522:s=320x180:d=1', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', path.join(dir, 'video.mp4')],
			{ stdio: 'pipe' },
		)
		if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr?.toString()}`)
		videoKey = `videos/${id}/video.mp4`
	}
	return { posterKey: `videos/${id}/poster.jpg`, videoKey }
}

export type SeedProductInput = {
	name?: string
	code?: string
	description?: string
	/** Rupees (converted to paise). */
	originalPrice?: number
	salePrice?: number
	stock?: number
	status?: ProductStatus
	category?: (typeof CATEGORIES)[number]
	tags?: string[]
	/** How many images (default 1), or one options object per image. */
	images?: number | SeedImageOptions[]
	createdAt?: string
}

export type SeededProduct = { id: number; name: string; code: string; status: ProductStatus; images: StoredImage[] }

export async function seedProduct(shop: SeedTarget, input: SeedProductInput = {}): Promise<SeededProduct> {
	const n = sequence + 1
	const createdAt = input.createdAt ?? nextTimestamp()
	const name = input.name ?? `Test Ikat Saree ${n}`
	const code = input.code ?? `T-${String(n).padStart(3, '0')}-${crypto.randomBytes(2).toString('hex').toUpperCase()}`
	const status = input.status ?? 'active'
	const imageOptions: SeedImageOptions[] = Array.isArray(input.images)
		? input.images
		: Array.from({ length: input.images ?? 1 }, (_, i) => ({ palette: n + i }))
	const images: StoredImage[] = []
	for (const options of imageOptions) images.push(await seedImage(shop, options))
	const salePrice = input.salePrice ?? 12_500
	const db = shop.db()
	const { id } = await db
		.insertInto('products')
		.values({
			name,
			code,
			description: input.description ?? '',
			original_price_paise: Math.round((input.originalPrice ?? salePrice) * 100),
			sale_price_paise: Math.round(salePrice * 100),
			stock: input.stock ?? (status === 'out_of_stock' ? 0 : 1),
			status,
			category: input.category ?? CATEGORIES[0],
			tags: JSON.stringify(input.tags ?? []),
			created_at: createdAt,
			updated_at: createdAt,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	if (images.length) {
		await db
			.insertInto('product_images')
			.values(
				images.map((image, position) => ({
					product_id: id,
					position,
					image_key: image.key,
					width: image.width,
					height: image.height,
					created_at: createdAt,
				})),
			)
			.execute()
	}
	return { id, name, code, status, images }
}

/** `count` products built from `input` (names and codes numbered). */
export async function seedProducts(shop: SeedTarget, count: number, input: Omit<SeedProductInput, 'name' | 'code'> = {}) {
	const products: SeededProduct[] = []
	for (let i = 0; i < count; i++) products.push(await seedProduct(shop, input))
	return products
}

export type SeedBlogInput = {
	title?: string
	slug?: string
	content?: string
	excerpt?: string
	authorName?: string
	tags?: string[]
	status?: BlogStatus
	/** true (default false) for a 1200×600 cover image. */
	cover?: boolean
	createdAt?: string
	/** Earlier slugs that must keep resolving to this post. */
	oldSlugs?: string[]
}

export function slugify(text: string) {
	return (
		text
			.toLowerCase()
			.normalize('NFKD')
			.replace(/[^\w\s-]/g, '')
			.trim()
			.replace(/[\s_-]+/g, '-')
			.slice(0, 80) || 'post'
	)
}

export async function seedBlog(shop: SeedTarget, input: SeedBlogInput = {}) {
	const n = sequence + 1
	const createdAt = input.createdAt ?? nextTimestamp()
	const title = input.title ?? `Stories from the loom ${n}`
	const slug = input.slug ?? `${slugify(title)}-${n}`
	const status = input.status ?? 'published'
	const cover = input.cover ? await seedImage(shop, { width: 1200, height: 600, palette: n }) : null
	const db = shop.db()
	const { id } = await db
		.insertInto('blogs')
		.values({
			title,
			slug,
			content: input.content ?? `## A note from the weavers\n\n${'Silk threads, patience and colour. '.repeat(40)}`,
			excerpt: input.excerpt ?? '',
			author_name: input.authorName ?? '',
			tags: JSON.stringify(input.tags ?? []),
			status,
			cover_image_key: cover?.key ?? null,
			cover_width: cover?.width ?? null,
			cover_height: cover?.height ?? null,
			created_at: createdAt,
			updated_at: createdAt,
			published_at: status === 'published' ? createdAt : null,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	if (input.oldSlugs?.length) {
		await db
			.insertInto('blog_slug_history')
			.values(input.oldSlugs.map((old) => ({ slug: old, blog_id: id })))
			.execute()
	}
	return { id, slug, title, status }
}

export type ShopSettingsInput = Partial<{
	shopName: string
	whatsappNumber: string
	phone: string
	email: string
	address: string
	instagramUrl: string
}>

export async function setShopSettings(shop: SeedTarget, input: ShopSettingsInput) {
	const set: Record<string, string> = { updated_at: new Date().toISOString() }
	if (input.shopName !== undefined) set.shop_name = input.shopName
	if (input.whatsappNumber !== undefined) set.whatsapp_number = input.whatsappNumber
	if (input.phone !== undefined) set.phone = input.phone
	if (input.email !== undefined) set.email = input.email
	if (input.address !== undefined) set.address = input.address
	if (input.instagramUrl !== undefined) set.instagram_url = input.instagramUrl
	await shop.db().updateTable('shop_settings').set(set).where('id', '=', 1).execute()
}

export async function setHero(
	shop: SeedTarget,
	input: Partial<{ title: string; subtitle: string; videoEnabled: boolean; videoKey: string | null; posterKey: string | null }>,
) {
	await shop
		.db()
		.updateTable('hero_settings')
		.set({
			...(input.title !== undefined ? { title: input.title } : {}),
			...(input.subtitle !== undefined ? { subtitle: input.subtitle } : {}),
			...(input.videoEnabled !== undefined ? { video_enabled: input.videoEnabled ? 1 : 0 } : {}),
			...(input.videoKey !== undefined ? { video_key: input.videoKey } : {}),
			...(input.posterKey !== undefined ? { poster_key: input.posterKey } : {}),
			updated_at: new Date().toISOString(),
		})
		.where('id', '=', 1)
		.execute()
}

export async function setStoryStep(
	shop: SeedTarget,
	stepOrder: number,
	input: Partial<{ name: string; text: string; videoKey: string | null; posterKey: string | null }>,
) {
	await shop
		.db()
		.updateTable('story_steps')
		.set({
			...(input.name !== undefined ? { step_name: input.name } : {}),
			...(input.text !== undefined ? { step_text: input.text } : {}),
			...(input.videoKey !== undefined ? { video_key: input.videoKey } : {}),
			...(input.posterKey !== undefined ? { poster_key: input.posterKey } : {}),
			updated_at: new Date().toISOString(),
		})
		.where('step_order', '=', stepOrder)
		.execute()
}

/** Removes every product and blog post (their media folders are left; the next start sweeps them). */
export async function clearCatalogue(shop: SeedTarget) {
	const db = shop.db()
	await db.deleteFrom('products').execute()
	await db.deleteFrom('blogs').execute()
}
