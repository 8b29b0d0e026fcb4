// The large catalogue the catalogue bench and the memory soak run on: products added straight into
// the database, every one's photo a link to one of six real ones (the server reads them like uploads).
import fs from 'node:fs'
import path from 'node:path'

import type Database from 'better-sqlite3'

import { seedImage } from '../tests/helpers/seed'
import type { Shop } from '../tests/helpers/shop'

/** The categories a new shop starts with (migrations/0013_categories.ts). */
export const CATEGORIES = ['Kanchipattu Pochampally Ikkat', 'Dharmavaram Pochampally Ikkat', 'Pochampally Ikkat']
export const COLOURS = ['Ruby Red', 'Peacock Blue', 'Mango Yellow', 'Parrot Green', 'Rani Pink', 'Temple Gold', 'Ivory', 'Maroon', 'Indigo']
export const WEAVES = ['Kanchipattu', 'Double Ikat', 'Telia Rumal', 'Dharmavaram', 'Pochampally', 'Narayanpet']
export const TAGS = ['wedding', 'festive', 'bridal', 'daily wear', 'zari border', 'temple border', 'haldi', 'gift']

/** A filler of the shop's catalogue: `growTo(count)` adds products up to `count` in all; `made()` says how many there are. */
export async function catalogueFiller(shop: Shop, sqlite: Database.Database) {
	const photos: Awaited<ReturnType<typeof seedImage>>[] = []
	for (let i = 0; i < 6; i++) photos.push(await seedImage(shop, { palette: i }))
	let made = 0
	const insertProduct = sqlite.prepare(
		`INSERT INTO products (name, code, description, original_price_paise, sale_price_paise, stock, status, category, tags, created_at, updated_at)
		 VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
	)
	const insertImage = sqlite.prepare(
		`INSERT INTO product_images (product_id, position, image_key, width, height, created_at) VALUES (?, 0, ?, ?, ?, ?)`,
	)
	/** Products up to `count` in all; every one's photo is a link to one of six real ones. */
	const growTo = sqlite.transaction((count: number) => {
		for (; made < count; made++) {
			const n = made + 1
			const at = new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString()
			const colour = COLOURS[n % COLOURS.length]!
			const weave = WEAVES[(n >> 2) % WEAVES.length]!
			const rupees = 8_000 + ((n * 7_919) % 60_000)
			const status = n % 10 === 0 ? 'out_of_stock' : n % 25 === 0 ? 'draft' : 'active'
			const tags = JSON.stringify([TAGS[n % TAGS.length], TAGS[(n * 3) % TAGS.length]])
			const { lastInsertRowid } = insertProduct.run(
				`${colour} ${weave} Saree ${n}`,
				`BX-${n}`,
				`A handwoven ${weave.toLowerCase()} silk saree in ${colour.toLowerCase()}, with a contrast pallu.`,
				rupees * 110,
				rupees * 100,
				status,
				CATEGORIES[n % CATEGORIES.length],
				tags,
				at,
				at,
			)
			const photo = photos[n % photos.length]!
			const key = `${photo.key}-${n}`
			fs.symlinkSync(path.join(shop.uploadsDir, photo.key), path.join(shop.uploadsDir, key))
			insertImage.run(lastInsertRowid, key, photo.width, photo.height, at)
		}
	})
	return { growTo, made: () => made }
}
