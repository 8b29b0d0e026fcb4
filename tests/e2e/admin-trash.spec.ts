import fs from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { seedBlog, seedOrder, seedProduct } from '../helpers/seed'
import { type Shop, startShop, useShop } from '../helpers/shop'
import { hasHorizontalScroll, mediaExists, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Deleting moves a saree, a blog post or an order to the trash (docs/decisions/0040): gone from every
// public page at once, its photos kept byte for byte, back in one tap, and gone for good (files too)
// after Delete for good, Empty trash or 30 days.

const shop = useShop()

const flash = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

/**
 * Every file of the media folders named by `keys`, with its bytes (a saree's photo and its sizes); with
 * `like`, only the files it has (a page may write a size it lacked the first time it is asked for).
 */
function mediaBytes(target: Shop, keys: string[], like?: Record<string, string | undefined>) {
	const files: Record<string, string> = {}
	for (const key of keys) {
		const dir = path.join(target.uploadsDir, key)
		for (const name of fs.readdirSync(dir).sort()) files[`${key}/${name}`] = fs.readFileSync(path.join(dir, name)).toString('base64')
	}
	return like ? Object.fromEntries(Object.keys(like).map((file) => [file, files[file]])) : files
}

async function trashEntries() {
	return shop().db().selectFrom('trash').select(['id', 'kind', 'record_id', 'label']).orderBy('id').execute()
}

async function heldOf(productId: number) {
	return (await shop().db().selectFrom('products').select(['stock', 'held']).where('id', '=', productId).executeTakeFirstOrThrow()).held
}

/** What a visitor's request answers: its status and body. */
async function visit(address: string) {
	const res = await fetch(`${shop().url}${address}`)
	return { status: res.status, body: await res.text() }
}

for (const js of [true, false]) {
	const tag = js ? 'JS' : 'NOJS'
	test.describe(`the trash with JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })
		test.beforeEach(async ({ context }) => {
			await signInAs(context, shop())
		})

		test('a deleted saree leaves every public page, keeps its photos, and comes back byte for byte', async ({ page }) => {
			const code = `TRS-${tag}`
			const saree = await seedProduct(shop(), { name: `Trashed Saree ${tag}`, code, images: 2, status: 'active' })
			const keys = saree.images.map((i) => i.key)
			const row = await shop().db().selectFrom('products').selectAll().where('id', '=', saree.id).executeTakeFirstOrThrow()
			const publicAddresses = [
				`/product/${saree.id}`,
				`/te/product/${saree.id}`,
				`/share-card/${saree.id}`,
				`/whatsapp/product/${saree.id}`,
			]
			for (const address of publicAddresses)
				expect((await fetch(`${shop().url}${address}`, { redirect: 'manual' })).status, address).toBeLessThan(400)
			expect((await visit(`/collections?q=${code}`)).body).toContain(`Trashed Saree ${tag}`)
			const bytes = mediaBytes(shop(), keys)
			expect(Object.keys(bytes).length).toBeGreaterThanOrEqual(2)

			await page.goto(`${shop().url}/admin/products`)
			await page.getByRole('link', { name: `Delete Trashed Saree ${tag}` }).click()
			await expect(page.getByText('wait in the Trash for 30 days')).toBeVisible()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products`)
			await expect(flash(page, 'Product deleted successfully!')).toBeVisible()
			await expect(page.getByRole('cell', { name: `Trashed Saree ${tag}`, exact: true })).toHaveCount(0)

			// Gone from everything public while it is in the trash.
			for (const address of publicAddresses)
				expect((await fetch(`${shop().url}${address}`, { redirect: 'manual' })).status, address).toBe(404)
			expect((await visit(`/collections?q=${code}`)).body).toContain(`No sarees match “${code}”`)
			for (const address of ['/collections', '/', '/sitemap.xml', '/feeds/google.xml', '/feeds/meta.csv']) {
				const { body } = await visit(address)
				expect(body, address).not.toContain(code)
				expect(body, address).not.toContain(`/product/${saree.id}"`)
			}
			// Its photos are kept, byte for byte, and still named by the database (no sweep removes them).
			expect(mediaBytes(shop(), keys, bytes)).toEqual(bytes)

			await page.goto(`${shop().url}/admin/trash`)
			const entry = page.locator('li', { hasText: `Trashed Saree ${tag}` })
			await expect(entry).toContainText(`Code ${code}`)
			await expect(entry).toContainText('goes for good on')
			await entry.getByRole('button', { name: /^Restore/ }).click()
			await expect(flash(page, `Restored "Trashed Saree ${tag}".`)).toBeVisible()
			await expect(page).toHaveURL(`${shop().url}/admin/trash`)

			expect(await shop().db().selectFrom('products').selectAll().where('id', '=', saree.id).executeTakeFirstOrThrow()).toEqual(row)
			const images = await shop()
				.db()
				.selectFrom('product_images')
				.select('image_key')
				.where('product_id', '=', saree.id)
				.orderBy('position')
				.execute()
			expect(images.map((i) => i.image_key)).toEqual(keys)
			expect(mediaBytes(shop(), keys, bytes)).toEqual(bytes)
			for (const address of publicAddresses)
				expect((await fetch(`${shop().url}${address}`, { redirect: 'manual' })).status, address).toBeLessThan(400)
			expect((await visit(`/collections?q=${code}`)).body).toContain(`Trashed Saree ${tag}`)
			expect((await visit('/sitemap.xml')).body).toContain(`/product/${saree.id}<`)
		})

		test('Undo in the message of a deleted blog post brings it back', async ({ page }) => {
			const post = await seedBlog(shop(), { title: `Undone Post ${tag}`, cover: true, status: 'published' })
			await page.goto(`${shop().url}/admin/blogs/${post.id}/delete`)
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(flash(page, 'Blog deleted successfully!')).toBeVisible()
			expect((await visit(`/blog/${post.slug}`)).status).toBe(404)
			expect((await visit('/blogs')).body).not.toContain(`Undone Post ${tag}`)
			expect(mediaExists(shop(), post.cover!.key)).toBe(true)

			await flash(page, 'Blog deleted successfully!').getByRole('button', { name: 'Undo' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
			await expect(flash(page, `Restored "Undone Post ${tag}".`)).toBeVisible()
			await expect(page.getByRole('cell', { name: `Undone Post ${tag}`, exact: true })).toBeVisible()
			expect((await visit(`/blog/${post.slug}`)).status).toBe(200)
		})

		test("a deleted order gives its piece back and its customer's page is unknown; restored, it holds the piece again", async ({
			page,
		}) => {
			const saree = await seedProduct(shop(), { name: `Held Saree ${tag}`, code: `HLD-${tag}`, stock: 1, status: 'active' })
			const { id } = await seedOrder(shop(), {
				customerName: `Trash Customer ${tag}`,
				status: 'confirmed',
				lines: [{ code: `HLD-${tag}`, quantity: 1 }],
			})
			const { link_token } = await shop().db().selectFrom('orders').select('link_token').where('id', '=', id).executeTakeFirstOrThrow()
			expect(await heldOf(saree.id)).toBe(1)
			expect((await visit(`/o/${link_token}`)).status).toBe(200)

			await page.goto(`${shop().url}/admin/orders/${id}/delete`)
			await expect(page.getByText('The pieces it holds go back to stock')).toBeVisible()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(flash(page, 'Order Deleted')).toBeVisible()
			expect(await heldOf(saree.id)).toBe(0)
			expect((await visit(`/o/${link_token}`)).status).toBe(404)

			await page.goto(`${shop().url}/admin/trash`)
			const entry = page.locator('li', { hasText: `Trash Customer ${tag}` })
			await expect(entry).toContainText(`Order #${id}`)
			await entry.getByRole('button', { name: /^Restore/ }).click()
			await expect(flash(page, `Restored "Trash Customer ${tag}".`)).toBeVisible()
			expect(await heldOf(saree.id)).toBe(1)
			expect((await visit(`/o/${link_token}`)).status).toBe(200)
		})

		test('Delete for good and Empty trash remove the records and their files', async ({ page }) => {
			const first = await seedProduct(shop(), { name: `Doomed One ${tag}`, code: `DG1-${tag}`, images: 1 })
			const second = await seedProduct(shop(), { name: `Doomed Two ${tag}`, code: `DG2-${tag}`, images: 1 })
			for (const saree of [first, second]) {
				await page.goto(`${shop().url}/admin/products/${saree.id}/delete`)
				await page.getByRole('button', { name: 'Delete' }).click()
				await expect(page).toHaveURL(`${shop().url}/admin/products`)
			}
			await page.goto(`${shop().url}/admin/trash`)
			await page
				.locator('li', { hasText: `Doomed One ${tag}` })
				.getByRole('link', { name: /^Delete for good/ })
				.click()
			await expect(page.getByText(`Delete "Doomed One ${tag}" for good?`)).toBeVisible()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(flash(page, `"Doomed One ${tag}" was deleted for good.`)).toBeVisible()
			expect(mediaExists(shop(), first.images[0]!.key)).toBe(false)
			expect(mediaExists(shop(), second.images[0]!.key)).toBe(true)

			await page.getByRole('link', { name: 'Empty trash' }).click()
			await expect(page.getByText(/Delete everything in the trash \(\d+ items?\) for good\?/)).toBeVisible()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(flash(page, 'The trash is empty.')).toBeVisible()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trash (0)')
			expect(mediaExists(shop(), second.images[0]!.key)).toBe(false)
			expect(await trashEntries()).toEqual([])
		})
	})
}

test.describe('signed in', () => {
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	test('a saree whose code a new saree took meanwhile is not restored, and the message says why', async ({ page }) => {
		const saree = await seedProduct(shop(), { name: 'Twice Coded', code: 'TWICE-1' })
		await page.goto(`${shop().url}/admin/products/${saree.id}/delete`)
		await page.getByRole('button', { name: 'Delete' }).click()
		await expect(page).toHaveURL(`${shop().url}/admin/products`)
		const newcomer = await seedProduct(shop(), { name: 'New Holder', code: 'twice-1' })
		await page.goto(`${shop().url}/admin/trash`)
		await page
			.locator('li', { hasText: 'Twice Coded' })
			.getByRole('button', { name: /^Restore/ })
			.click()
		await expect(page.getByRole('alert').filter({ hasText: 'another saree now has the code TWICE-1' })).toBeVisible()
		await expect(page.locator('li', { hasText: 'Twice Coded' })).toBeVisible()
		const holders = await shop().db().selectFrom('products').select(['id', 'name']).where('code', '=', 'TWICE-1').execute()
		expect(holders).toEqual([{ id: newcomer.id, name: 'New Holder' }])
	})

	test('the trash screens are accessible and fit a 390 px phone', async ({ page }) => {
		const saree = await seedProduct(shop(), { name: 'A saree with a long name that wraps on a phone screen', code: 'PHONE-1' })
		await page.goto(`${shop().url}/admin/products/${saree.id}/delete`)
		await page.getByRole('button', { name: 'Delete' }).click()
		await expect(page).toHaveURL(`${shop().url}/admin/products`)
		const [entry] = (await trashEntries()).filter((t) => t.record_id === saree.id && t.kind === 'product')
		await page.setViewportSize({ width: 390, height: 844 })
		for (const address of ['/admin/trash', '/admin/trash/empty', `/admin/trash/${entry!.id}/delete`]) {
			await page.goto(`${shop().url}${address}`)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			expect(await hasHorizontalScroll(page), `${address} scrolls sideways`).toBe(false)
			expect(await smallTapTargets(page), address).toEqual([])
			await expectNoSeriousA11yViolations(page, address)
		}
	})
})

test('what was deleted more than 30 days ago is removed for good, with its files, when the shop starts', async ({ browser }) => {
	const own = await startShop()
	try {
		const saree = await seedProduct(own, { name: 'Old Trash', code: 'OLD-1', images: 1 })
		const recent = await seedProduct(own, { name: 'Recent Trash', code: 'NEW-1', images: 1 })
		const context = await browser.newContext()
		await signInAs(context, own)
		const page = await context.newPage()
		for (const { id } of [saree, recent]) {
			await page.goto(`${own.url}/admin/products/${id}/delete`)
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(page).toHaveURL(`${own.url}/admin/products`)
		}
		await context.close()
		const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString()
		await own.db().updateTable('trash').set({ deleted_at: longAgo }).where('label', '=', 'Old Trash').execute()
		expect(mediaExists(own, saree.images[0]!.key)).toBe(true)
		expect(await own.stop()).toBe(0)

		const again = await startShop({ dir: own.dir })
		try {
			await expect
				.poll(async () => (await again.db().selectFrom('trash').select('label').execute()).map((t) => t.label))
				.toEqual(['Recent Trash'])
			await expect.poll(() => mediaExists(again, saree.images[0]!.key)).toBe(false)
			expect(mediaExists(again, recent.images[0]!.key)).toBe(true)
		} finally {
			await again.stop()
		}
	} finally {
		await own.stop()
		fs.rmSync(own.dir, { recursive: true, force: true })
	}
})
