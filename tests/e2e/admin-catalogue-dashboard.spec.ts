import { expect, type Page, test } from '@playwright/test'
import { sql } from 'kysely'

import { adminSessionCookie, signInAs } from '../helpers/auth'
import { seedBlog, seedOrder, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

const shop = useShop()

const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`)
const statValue = (page: Page, label: string) => stat(page, label).locator('[data-stat-value]')

async function countWhere(table: 'products' | 'blogs' | 'orders', status?: string) {
	let query = shop()
		.db()
		.selectFrom(table)
		.select((eb) => eb.fn.countAll<number>().as('n'))
	if (status) query = query.where('status', '=', status as never)
	return Number((await query.executeTakeFirstOrThrow()).n)
}

test.describe('dashboard', () => {
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	test('a new shop has no recent activity', async ({ page }) => {
		await page.goto(`${shop().url}/admin`)
		await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible()
		await expect(page.getByText('No recent activity')).toBeVisible()
		await expect(statValue(page, 'Total Products')).toHaveText('0')
	})

	test('the counts match the database and the cards lead to their lists', async ({ page }) => {
		for (const status of ['active', 'active', 'draft', 'out_of_stock'] as const) await seedProduct(shop(), { status })
		for (const status of ['published', 'published', 'draft'] as const) await seedBlog(shop(), { status })
		for (const status of ['pending', 'pending', 'shipped'] as const) await seedOrder(shop(), { status })

		await page.goto(`${shop().url}/admin`)
		const products = await countWhere('products')
		await expect(statValue(page, 'Total Products')).toHaveText(String(products))
		await expect(stat(page, 'Total Products')).toContainText(
			`${await countWhere('products', 'active')} active, ${await countWhere('products', 'draft')} draft`,
		)
		await expect(statValue(page, 'Out of Stock')).toHaveText(String(await countWhere('products', 'out_of_stock')))
		await expect(stat(page, 'Out of Stock')).toContainText('Products need restocking')
		await expect(statValue(page, 'Total Blogs')).toHaveText(String(await countWhere('blogs')))
		await expect(stat(page, 'Total Blogs')).toContainText(
			`${await countWhere('blogs', 'published')} published, ${await countWhere('blogs', 'draft')} draft`,
		)
		await expect(statValue(page, 'Total Orders')).toHaveText(String(await countWhere('orders')))
		await expect(stat(page, 'Total Orders')).toContainText(`${await countWhere('orders', 'pending')} pending`)
		await expect(statValue(page, 'Draft Products')).toHaveText(String(await countWhere('products', 'draft')))
		await expect(stat(page, 'Draft Products')).toContainText('Products in development')

		await stat(page, 'Out of Stock').click()
		await expect(page).toHaveURL(`${shop().url}/admin/products?status=out_of_stock`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Products (${await countWhere('products', 'out_of_stock')})`)
	})

	test('recent activity shows the five latest changes with relative times', async ({ page }) => {
		for (const table of ['products', 'blogs', 'orders'] as const) await shop().db().deleteFrom(table).execute()
		for (const status of ['pending', 'shipped', 'delivered'] as const) await seedOrder(shop(), { status })
		const old = new Date(Date.now() - 3 * 3600 * 1000).toISOString()
		await seedProduct(shop(), { name: 'Old Saree', createdAt: old })
		await seedBlog(shop(), { title: 'Fresh Post', createdAt: new Date().toISOString() })
		const { id } = await seedProduct(shop(), { name: 'Updated Saree', createdAt: old })
		await shop()
			.db()
			.updateTable('products')
			.set({ updated_at: new Date(Date.now() - 5 * 60 * 1000).toISOString() })
			.where('id', '=', id)
			.execute()

		await page.goto(`${shop().url}/admin`)
		const entries = page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')
		await expect(entries).toHaveCount(5)
		await expect(entries.filter({ hasText: 'Blog "Fresh Post" created' })).toContainText('just now')
		await expect(entries.filter({ hasText: /^Order from Customer \d+ created \(Shipped\)/ })).toHaveCount(1)
		await expect(page.getByRole('listitem').filter({ hasText: 'Product "Updated Saree" updated' })).toContainText('5 minutes ago')
		await expect(page.getByText('Product "Old Saree" created')).toHaveCount(0)
	})

	test('most enquired lists the products with the most WhatsApp clicks in the last 30 days', async ({ page }) => {
		const a = await seedProduct(shop(), { name: 'Popular Saree' })
		const b = await seedProduct(shop(), { name: 'Quiet Saree' })
		const c = await seedProduct(shop(), { name: 'Long Ago Saree' })
		const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 3600 * 1000).toISOString().slice(0, 10)
		await shop()
			.db()
			.insertInto('product_enquiries')
			.values([
				{ product_id: a.id, day: day(0), count: 4 },
				{ product_id: a.id, day: day(10), count: 3 },
				{ product_id: b.id, day: day(2), count: 1 },
				{ product_id: c.id, day: day(45), count: 50 },
			])
			.execute()
		await page.goto(`${shop().url}/admin`)
		const list = page.getByRole('region', { name: 'Most enquired' }).getByRole('listitem')
		await expect(list).toHaveCount(2)
		await expect(list.nth(0)).toContainText('Popular Saree')
		await expect(list.nth(0)).toContainText('7 enquiries')
		await expect(list.nth(1)).toContainText('Quiet Saree')
		await expect(list.nth(1)).toContainText('1 enquiry')
	})

	test('a change made in another browser updates an open dashboard within 2 seconds', async ({ page, browser }) => {
		const stream = page.waitForResponse((r) => r.url().endsWith('/admin/events'))
		await page.goto(`${shop().url}/admin`)
		expect((await stream).headers()['content-type']).toBe('text/event-stream; charset=utf-8')
		const before = await countWhere('products')
		await expect(statValue(page, 'Total Products')).toHaveText(String(before))

		const other = await browser.newContext()
		await signInAs(other, shop())
		const second = await other.newPage()
		await second.goto(`${shop().url}/admin/products/new`)
		await second.getByLabel('Product Name').fill('Live Update Saree')
		await second.getByLabel('Product Code').fill('LIVE-1')
		await second.getByLabel('Original Price').fill('5000')
		await second.getByLabel('Category').selectOption('Pochampally Ikkat')
		await second.getByRole('button', { name: 'Publish Product' }).click()
		await expect(second).toHaveURL(`${shop().url}/admin/products`)

		// The 30 s fallback cannot explain an update this fast: it came over the event stream.
		await expect(statValue(page, 'Total Products')).toHaveText(String(before + 1), { timeout: 2_000 })
		await expect(page.getByText('Product "Live Update Saree" created')).toBeVisible({ timeout: 2_000 })

		const { id } = (await shop().db().selectFrom('products').select('id').where('code', '=', 'LIVE-1').executeTakeFirst())!
		await second.goto(`${shop().url}/admin/products/${id}/delete`)
		await second.getByRole('button', { name: 'Delete' }).click()
		await expect(second).toHaveURL(`${shop().url}/admin/products`)
		await expect(statValue(page, 'Total Products')).toHaveText(String(before), { timeout: 2_000 })
		await other.close()
	})

	test('Refresh reloads the numbers, with and without JavaScript', async ({ page, browser }) => {
		await page.goto(`${shop().url}/admin`)
		const before = await countWhere('blogs')
		await expect(statValue(page, 'Total Blogs')).toHaveText(String(before))
		// Written straight to the database: no change event, so only Refresh shows it.
		await seedBlog(shop())
		await page.getByRole('link', { name: 'Refresh' }).click()
		await expect(statValue(page, 'Total Blogs')).toHaveText(String(before + 1))

		const noJs = await browser.newContext({ javaScriptEnabled: false })
		await signInAs(noJs, shop())
		const plain = await noJs.newPage()
		await plain.goto(`${shop().url}/admin`)
		await seedBlog(shop())
		await plain.getByRole('link', { name: 'Refresh' }).click()
		await expect(statValue(plain, 'Total Blogs')).toHaveText(String(before + 2))
		await noJs.close()
	})

	test('"Failed to fetch stats" when the numbers cannot be read', async ({ page }) => {
		await sql`ALTER TABLE orders RENAME TO orders_unavailable`.execute(shop().db())
		try {
			await page.goto(`${shop().url}/admin`)
			await expect(page.getByRole('alert')).toContainText('Failed to fetch stats')
			// The sidebar (the layout) still works around the failed screen.
			await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Products' })).toBeVisible()
		} finally {
			await sql`ALTER TABLE orders_unavailable RENAME TO orders`.execute(shop().db())
		}
		await page.getByRole('link', { name: 'Try again' }).click()
		await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible()
		await expect(page.getByRole('alert')).toHaveCount(0)
	})
})

test('the event stream needs a session', async () => {
	const anonymous = await fetch(`${shop().url}/admin/events`)
	expect(anonymous.status).toBe(401)

	// Only an EventSource gets the endless stream; a plain request is answered at once, and a `.data`
	// one finds no data (the stream is not a page).
	const cookie = `__session=${await adminSessionCookie(shop())}`
	for (const [target, status] of [
		['/admin/events', 406],
		['/admin/events.data', 404],
	] as const) {
		const plain = await fetch(`${shop().url}${target}`, { headers: { Cookie: cookie } })
		expect(plain.status, target).toBe(status)
		await plain.body?.cancel()
	}

	const controller = new AbortController()
	const response = await fetch(`${shop().url}/admin/events`, {
		headers: { Cookie: `__session=${await adminSessionCookie(shop())}`, Accept: 'text/event-stream' },
		signal: controller.signal,
	})
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
	expect(response.headers.get('content-encoding')).toBeNull()
	const reader = response.body!.getReader()
	const first = new TextDecoder().decode((await reader.read()).value)
	expect(first).toContain('event: ready')
	controller.abort()
})
