import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp, { type Sharp } from 'sharp'
import type { Shop } from '../helpers/shop'

// Shared set-up for the admin catalogue specs: real image files, seeded rows, a look at the disk.

export type ImageFiles = {
	/** Three pictures with different shapes, so their order can be told apart by width × height. */
	wide: string
	square: string
	tall: string
	six: string[]
	/** An 11 MB file (over the 10 MB limit). */
	big: string
	/** A text file named .jpg. */
	fake: string
	dir: string
}

export async function makeImageFiles(): Promise<ImageFiles> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-images-'))
	const write = async (name: string, image: Sharp) => {
		const file = path.join(dir, name)
		await image.toFile(file)
		return file
	}
	const canvas = (width: number, height: number, colour: string) =>
		sharp({ create: { width, height, channels: 3, background: colour } })
	const wide = await write('wide-red.jpg', canvas(600, 400, '#b01020').jpeg())
	const square = await write('square-green.png', canvas(500, 500, '#109040').png())
	const tall = await write('tall-blue.webp', canvas(400, 600, '#1030b0').webp())
	const six: string[] = []
	for (let i = 1; i <= 6; i++) six.push(await write(`small-${i}.jpg`, canvas(64 + i, 64, '#888').jpeg()))
	const big = path.join(dir, 'huge-photo.jpg')
	const bytes = crypto.randomBytes(11 * 1024 * 1024)
	bytes.set([0xff, 0xd8, 0xff, 0xe0])
	fs.writeFileSync(big, bytes)
	const fake = path.join(dir, 'not-a-photo.jpg')
	fs.writeFileSync(fake, 'This is a plain text file pretending to be a photograph.\n'.repeat(20))
	return { wide, square, tall, six, big, fake, dir }
}

/** Every stored media folder (`images/<id>`) on disk. */
export function storedImageDirs(shop: Shop) {
	const root = path.join(shop.uploadsDir, 'images')
	if (!fs.existsSync(root)) return []
	return fs.readdirSync(root).map((id) => `images/${id}`).sort()
}

export function mediaExists(shop: Shop, key: string) {
	return fs.existsSync(path.join(shop.uploadsDir, key))
}

/** Writes a real stored image (both formats at 360 px) straight to disk, as storeImage would. */
export async function writeStoredImage(shop: Shop, width = 360, height = 360, colour = '#a05020') {
	const key = `images/${crypto.randomBytes(16).toString('hex')}`
	const dir = path.join(shop.uploadsDir, key)
	fs.mkdirSync(dir, { recursive: true })
	const image = sharp({ create: { width, height, channels: 3, background: colour } })
	await image.clone().jpeg().toFile(path.join(dir, `${width}.jpg`))
	await image.clone().webp().toFile(path.join(dir, `${width}.webp`))
	return { key, width, height }
}

let counter = 0
export async function seedProduct(
	shop: Shop,
	values: Partial<{
		name: string
		code: string
		status: 'active' | 'draft' | 'out_of_stock'
		category: string
		stock: number
		original_price_paise: number
		sale_price_paise: number
		created_at: string
	}> = {},
	imageCount = 0,
) {
	counter++
	const now = values.created_at ?? new Date().toISOString()
	const { id } = await shop
		.db()
		.insertInto('products')
		.values({
			name: `Seeded Saree ${counter}`,
			code: `SEED-${counter}-${crypto.randomBytes(3).toString('hex')}`,
			original_price_paise: 1_500_000,
			sale_price_paise: 1_250_000,
			stock: 2,
			status: 'active',
			category: 'Pochampally Ikkat',
			...values,
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	const images = []
	for (let i = 0; i < imageCount; i++) {
		const image = await writeStoredImage(shop, 360, 300 + i * 10)
		await shop
			.db()
			.insertInto('product_images')
			.values({ product_id: id, position: i, image_key: image.key, width: image.width, height: image.height, created_at: now })
			.execute()
		images.push(image)
	}
	return { id, images }
}

export async function seedBlog(
	shop: Shop,
	values: Partial<{ title: string; slug: string; content: string; status: 'draft' | 'published'; cover: boolean; created_at: string }> = {},
) {
	counter++
	const now = values.created_at ?? new Date().toISOString()
	const cover = values.cover ? await writeStoredImage(shop, 360, 180) : null
	const { id } = await shop
		.db()
		.insertInto('blogs')
		.values({
			title: values.title ?? `Seeded Post ${counter}`,
			slug: values.slug ?? `seeded-post-${counter}-${crypto.randomBytes(3).toString('hex')}`,
			content: values.content ?? 'Some words about silk.',
			excerpt: 'Some words...',
			author_name: 'Pochampally Silk House',
			status: values.status ?? 'published',
			cover_image_key: cover?.key ?? null,
			cover_width: cover?.width ?? null,
			cover_height: cover?.height ?? null,
			created_at: now,
			updated_at: now,
			published_at: values.status === 'draft' ? null : now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return { id, cover }
}

export async function seedOrder(shop: Shop, status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled' = 'pending') {
	const now = new Date().toISOString()
	return shop
		.db()
		.insertInto('orders')
		.values({ customer_name: `Customer ${++counter}`, customer_phone: '9876543210', order_date: now, status, total_paise: 1_000_000, created_at: now, updated_at: now })
		.returning('id')
		.executeTakeFirstOrThrow()
}

/** No horizontal page scroll at the current viewport. */
export async function hasHorizontalScroll(page: Page) {
	return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}

/** Interactive elements in the admin UI smaller than 44 px in either direction (checkboxes count by their label). */
export async function smallTapTargets(page: Page) {
	return page.evaluate(() => {
		const small: string[] = []
		const candidates = document.querySelectorAll<HTMLElement>(
			'main a[href], main button, main input:not([type=hidden]), main select, main textarea, #admin-sidebar a[href], #admin-sidebar button, #admin-menu-button',
		)
		for (const element of candidates) {
			if (element.closest('[aria-hidden="true"]')) continue
			const style = getComputedStyle(element)
			if (style.visibility === 'hidden' || style.display === 'none') continue
			const target =
				element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
					? (element.closest('label') ?? element)
					: element
			const box = target.getBoundingClientRect()
			if (box.width === 0 && box.height === 0) continue
			if (box.height < 44 || box.width < 44) small.push(`${element.tagName} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('name') || element.getAttribute('aria-label')}" ${Math.round(box.width)}×${Math.round(box.height)}`)
		}
		return small
	})
}
