import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

import type { BlogStatus, ProductStatus } from '../../app/constants'
import { createBlog } from '../../app/models/blogs.server'
import { createOrder, type OrderWrite } from '../../app/models/orders.server'
import { createProduct } from '../../app/models/products-admin.server'
import {
	getHeroForEdit,
	getShopSettings,
	removeHeroVideo,
	type ShopSettings,
	updateHeroSettings,
	updateShopSettings,
} from '../../app/models/site.server'
import { commitTempDir, makeTempDir } from '../../app/services/storage.server'
import { IMAGE_FORMATS, imageWidths, type StoredImage } from '../../app/utils/media'
import type { Translations } from '../../app/utils/translations'
import type { Shop } from './shop'

// Test data written into a running shop through the app's own code: rows by the model functions the
// admin screens use (so slugs, tags and snapshots are the app's), media folders by the storage helpers
// uploads use. Only the pictures are drawn here, quickly, and each distinct one once per test process.
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
				for (const format of IMAGE_FORMATS) {
					const encoded = format === 'webp' ? resized.clone().webp({ quality: 72, effort: 0 }) : resized.clone().jpeg({ quality: 78 })
					out.set(`${w}.${format}`, await encoded.toBuffer())
				}
			}
			return out
		})()
		rendered.set(cacheKey, files)
	}
	return files
}

/** Stores an image's derivatives (WebP + JPEG at each width) as an upload would be stored; returns it. */
export async function seedImage(shop: SeedTarget, options: SeedImageOptions = {}): Promise<StoredImage> {
	const width = options.width ?? 800
	const height = options.height ?? 1000
	const files = await renderDerivatives(width, height, options.palette ?? 0)
	const dir = await makeTempDir(shop.uploadsDir)
	for (const [name, bytes] of files) fs.writeFileSync(path.join(dir, name), bytes)
	return { key: await commitTempDir(dir, 'images', shop.uploadsDir), width, height }
}

/**
 * Stores a poster JPEG (and, with `video: true`, a one-second MP4 made by ffmpeg) as a video upload is
 * stored. Returns the keys the hero and story rows hold.
 */
export async function seedVideo(shop: SeedTarget, options: { video?: boolean; palette?: number } = {}) {
	const dir = await makeTempDir(shop.uploadsDir)
	const poster = await sharp(Buffer.from(sareeSvg(1280, 720, options.palette ?? 0)))
		.jpeg({ quality: 78 })
		.toBuffer()
	fs.writeFileSync(path.join(dir, 'poster.jpg'), poster)
	if (options.video) {
		const result = spawnSync(
			'ffmpeg',
			[
				'-loglevel',
				'error',
				'-f',
				'lavfi',
				'-i',
				'color=c=0x6f1522:s=320x180:d=1',
				'-pix_fmt',
				'yuv420p',
				'-movflags',
				'+faststart',
				'-y',
				path.join(dir, 'video.mp4'),
			],
			{ stdio: 'pipe' },
		)
		if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr?.toString()}`)
	}
	const key = await commitTempDir(dir, 'videos', shop.uploadsDir)
	return { posterKey: `${key}/poster.jpg`, videoKey: options.video ? `${key}/video.mp4` : null }
}

/** A saree's fields; its Telugu and Hindi name and description are empty (not translated) unless given. */
export type SeedProductInput = Partial<Translations<'name' | 'description'>> & {
	name?: string
	code?: string
	description?: string
	/** Rupees (converted to paise). */
	originalPrice?: number
	salePrice?: number
	stock?: number
	status?: ProductStatus
	/** A category's English name (default the first of the three the shop starts with). */
	category?: string
	tags?: string[]
	/** How many images (default 1), or one options object per image. */
	images?: number | SeedImageOptions[]
	createdAt?: string
}

export type SeededProduct = { id: number; name: string; code: string; status: ProductStatus; images: StoredImage[] }

let sequence = 0
/** Distinct, increasing timestamps (a day ago + n seconds): the last seeded is the newest. */
function nextTimestamp() {
	sequence += 1
	return new Date(Date.now() - 24 * 3600 * 1000 + sequence * 1000).toISOString()
}

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
	const fields = {
		name,
		nameTe: input.nameTe ?? '',
		nameHi: input.nameHi ?? '',
		code,
		description: input.description ?? '',
		descriptionTe: input.descriptionTe ?? '',
		descriptionHi: input.descriptionHi ?? '',
		originalPricePaise: Math.round((input.originalPrice ?? salePrice) * 100),
		salePricePaise: Math.round(salePrice * 100),
		stock: input.stock ?? (status === 'out_of_stock' ? 0 : 1),
		status,
		category: input.category ?? 'Kanchipattu Pochampally Ikkat',
		tags: input.tags ?? [],
	}
	const id = await createProduct(fields, images, shop.db(), createdAt)
	return { id, name, code, status, images }
}

/** `count` products built from `input` (names and codes numbered). */
export async function seedProducts(shop: SeedTarget, count: number, input: Omit<SeedProductInput, 'name' | 'code'> = {}) {
	const products: SeededProduct[] = []
	for (let i = 0; i < count; i++) products.push(await seedProduct(shop, input))
	return products
}

/** A post's fields; its Telugu and Hindi title, excerpt and text are empty (not translated) unless given. */
export type SeedBlogInput = Partial<Translations<'title' | 'excerpt' | 'content'>> & {
	/** The post's address is made from it, as the editor makes it. */
	title?: string
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

export async function seedBlog(shop: SeedTarget, input: SeedBlogInput = {}) {
	const n = sequence + 1
	const createdAt = input.createdAt ?? nextTimestamp()
	const title = input.title ?? `Stories from the loom ${n}`
	const status = input.status ?? 'published'
	const cover = input.cover ? await seedImage(shop, { width: 1200, height: 600, palette: n }) : null
	const fields = {
		title,
		titleTe: input.titleTe ?? '',
		titleHi: input.titleHi ?? '',
		content: input.content ?? `## A note from the weavers\n\n${'Silk threads, patience and colour. '.repeat(40)}`,
		contentTe: input.contentTe ?? '',
		contentHi: input.contentHi ?? '',
		excerpt: input.excerpt ?? '',
		excerptTe: input.excerptTe ?? '',
		excerptHi: input.excerptHi ?? '',
		authorName: input.authorName ?? '',
		status,
		tags: input.tags ?? [],
	}
	const { id, slug } = await createBlog(fields, cover, shop.db(), createdAt)
	// Nothing in the shop writes old slugs yet (a title change keeps the slug): the row is written here.
	if (input.oldSlugs?.length) {
		await shop
			.db()
			.insertInto('blog_slug_history')
			.values(input.oldSlugs.map((old) => ({ slug: old, blog_id: id })))
			.execute()
	}
	return { id, slug, title, status, cover }
}

/** An order of `lines` (codes of seeded products, priced as the order form prices them); without lines, an order of ₹10,000 with no items. */
export async function seedOrder(
	shop: SeedTarget,
	input: Partial<Omit<OrderWrite, 'lines' | 'totalOverridePaise'>> & { lines?: Array<{ code: string; quantity: number }> } = {},
) {
	sequence += 1
	const now = new Date().toISOString()
	const { lines = [], ...fields } = input
	const id = await createOrder(
		{
			customerName: `Customer ${sequence}`,
			phone: '+919876543210',
			email: '',
			deliveryAddress: '',
			orderDate: now,
			status: 'pending',
			notes: '',
			courier: '',
			trackingNumber: '',
			...fields,
			lines: lines.map((line, index) => ({ index, ...line })),
			totalOverridePaise: lines.length ? null : 1_000_000,
		},
		shop.db(),
		now,
	)
	return { id }
}

export async function setShopSettings(shop: SeedTarget, input: Partial<ShopSettings>) {
	await updateShopSettings({ ...(await getShopSettings(shop.db())), ...input }, shop.db())
}

/** Changes the hero's text (translations too), switch and video; `videoKey: null` removes the video (and its poster). */
export async function setHero(
	shop: SeedTarget,
	input: Partial<
		{ title: string; subtitle: string; videoEnabled: boolean; videoKey: string | null; posterKey: string | null } & Translations<
			'title' | 'subtitle'
		>
	>,
) {
	const db = shop.db()
	if (input.videoKey === null) await removeHeroVideo(db)
	const current = await getHeroForEdit(db)
	const videoKey = input.videoKey ?? current.videoKey
	await updateHeroSettings(
		{
			title: input.title ?? current.title,
			titleTe: input.titleTe ?? current.titleTe,
			titleHi: input.titleHi ?? current.titleHi,
			subtitle: input.subtitle ?? current.subtitle,
			subtitleTe: input.subtitleTe ?? current.subtitleTe,
			subtitleHi: input.subtitleHi ?? current.subtitleHi,
			videoEnabled: input.videoEnabled ?? current.videoEnabled,
			video: videoKey && (input.videoKey || input.posterKey) ? { videoKey, posterKey: input.posterKey ?? current.posterKey } : undefined,
		},
		db,
	)
}
