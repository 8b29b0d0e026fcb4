import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

import { imageWidths } from '../../app/utils/media'
import { seedProduct } from '../helpers/seed'
import { type Shop, startShop } from '../helpers/shop'
import {
	acknowledged,
	adminClient,
	type Client,
	listTree,
	mediaFolders,
	orderFields,
	productFields,
	sessionClient,
	smallJpeg,
} from './reliability-support'

// The real server is killed with SIGKILL (no shutdown code runs) at a random moment while the admin
// saves products with photos and records orders, then started again on the same data. Whatever the
// server acknowledged (a redirect with its success message) must have survived every crash, and the
// start-up must leave no half-written upload and no file that no row uses.

const ROUNDS = 4

type Written = { products: string[]; orders: string[]; attempts: number }

async function writeProducts(client: Client, round: number, lane: number, written: Written, stopped: () => boolean) {
	for (let n = 0; !stopped(); n++) {
		const code = `CR-${round}-${lane}-${n}`
		const images = await Promise.all(
			Array.from({ length: 1 + (n % 2) }, (_, i) => smallJpeg(round * 1000 + lane * 100 + n * 2 + i, 480, 640)),
		)
		written.attempts++
		try {
			const res = await client.postMultipart(
				'/admin/add-product',
				productFields({ name: `Crash Saree ${code}`, code }),
				images.map((bytes, i) => ({ field: 'images', name: `photo-${i}.jpg`, type: 'image/jpeg', bytes })),
			)
			if (acknowledged(res)) written.products.push(code)
			else if (!stopped()) throw new Error(`product ${code} was refused: ${res.status} ${res.body.slice(0, 300)}`)
		} catch (error) {
			if (!stopped()) throw error
		}
	}
}

async function writeOrders(client: Client, round: number, written: Written, stopped: () => boolean) {
	for (let n = 0; !stopped(); n++) {
		const customerName = `Crash Customer ${round}-${n}`
		written.attempts++
		try {
			const res = await client.postForm(
				'/admin/orders/new',
				orderFields({ customerName, code: 'CRASH-BASE', quantity: String(1 + (n % 3)) }),
			)
			if (acknowledged(res)) written.orders.push(customerName)
			else if (!stopped()) throw new Error(`order ${customerName} was refused: ${res.status} ${res.body.slice(0, 300)}`)
		} catch (error) {
			if (!stopped()) throw error
		}
	}
}

function checkDatabase(file: string, written: Written) {
	const db = new Database(file, { readonly: true })
	try {
		expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
		expect(db.pragma('foreign_key_check')).toEqual([])
		const codes = new Set(db.prepare('SELECT code FROM products').pluck().all() as string[])
		for (const code of written.products) expect(codes.has(code), `acknowledged product ${code}`).toBe(true)
		const names = new Set(db.prepare('SELECT customer_name FROM orders').pluck().all() as string[])
		for (const name of written.orders) expect(names.has(name), `acknowledged order ${name}`).toBe(true)
		// An acknowledged product has every photo it was sent with.
		const imageCounts = new Map(
			(
				db
					.prepare('SELECT p.code, COUNT(i.id) AS n FROM products p LEFT JOIN product_images i ON i.product_id = p.id GROUP BY p.id')
					.all() as Array<{ code: string; n: number }>
			).map((r) => [r.code, r.n]),
		)
		for (const code of written.products) {
			const n = Number(code.split('-').at(-1))
			expect(imageCounts.get(code), `images of ${code}`).toBe(1 + (n % 2))
		}
		return db.prepare('SELECT image_key AS key, width FROM product_images').all() as Array<{ key: string; width: number }>
	} finally {
		db.close()
	}
}

test('kill -9 while the admin writes: every acknowledged write survives, nothing half-written remains', async () => {
	test.setTimeout(180_000)
	let shop: Shop = await startShop()
	const dir = shop.dir
	const written: Written = { products: [], orders: [], attempts: 0 }
	const killedAt: number[] = []
	try {
		// Pieces enough for every order the run records: none of them meets another's hold (docs/decisions/0033).
		await seedProduct(shop, { code: 'CRASH-BASE', name: 'Order Line Saree', salePrice: 9000, stock: 100_000 })
		const client = await adminClient(shop)

		for (let round = 0; round < ROUNDS; round++) {
			const bound = sessionClient(shop, client.cookie)
			let stopped = false
			const isStopped = () => stopped
			const lanes = [
				writeProducts(bound, round, 0, written, isStopped),
				writeProducts(bound, round, 1, written, isStopped),
				writeOrders(bound, round, written, isStopped),
			]
			// The clock starts once the writes are flowing (the first request after a start is slow), so
			// every round crashes amid writes rather than before the first one.
			const before = written.products.length + written.orders.length
			const flowing = (async () => {
				while (written.products.length + written.orders.length === before && !stopped) await sleep(20)
			})()
			const delay = 300 + Math.floor(Math.random() * 1700)
			killedAt.push(delay)
			// A lane that fails before the kill fails the test at once.
			await Promise.race([flowing.then(() => sleep(delay)), Promise.all(lanes)])
			const exited = new Promise((resolve) => shop.process.once('exit', resolve))
			// Requests in flight stay in flight: the lanes only look at the flag between requests.
			stopped = true
			shop.process.kill('SIGKILL')
			await exited
			await Promise.all(lanes)
			await shop.stop()
			shop = await startShop({ dir })
			checkDatabase(shop.dbPath, written)
		}
		test.info().annotations.push({
			type: 'crash rounds',
			description: `killed at ${killedAt.join(', ')} ms; ${written.products.length} products and ${written.orders.length} orders acknowledged of ${written.attempts} attempts`,
		})
		expect(written.products.length).toBeGreaterThan(0)
		expect(written.orders.length).toBeGreaterThan(0)

		// After the last start-up: every stored image has all its files, and nothing else is left.
		const images = checkDatabase(shop.dbPath, written)
		for (const image of images) {
			const folder = path.join(shop.uploadsDir, image.key)
			for (const w of imageWidths(image.width)) {
				for (const ext of ['webp', 'jpg']) {
					const file = path.join(folder, `${w}.${ext}`)
					expect(fs.existsSync(file), `${image.key}/${w}.${ext}`).toBe(true)
					expect(fs.statSync(file).size).toBeGreaterThan(0)
				}
			}
		}
		expect(listTree(path.join(shop.uploadsDir, '.tmp'))).toEqual([])
		expect(mediaFolders(shop.uploadsDir)).toEqual([...new Set(images.map((i) => i.key))].sort())

		// And the recovered shop carries on taking writes.
		const after = sessionClient(shop, client.cookie)
		const res = await after.postMultipart('/admin/add-product', productFields({ name: 'After the crashes', code: 'CR-AFTER' }), [
			{ field: 'images', name: 'after.jpg', type: 'image/jpeg', bytes: await smallJpeg(9999) },
		])
		expect(acknowledged(res)).toBe(true)
	} finally {
		await shop.stop()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
