import { expect, test } from '@playwright/test'

import { adminSessionCookie } from '../helpers/auth'
import { seedBlog, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { raw } from './auth-helpers'
import { adminClient } from './reliability-support'

// The editors' earlier addresses sit on the seller's phone as bookmarks: each still leads to its
// screen, now spelt one way (docs/decisions/0031-admin-addresses.md).

const shop = useShop()

let cookie = ''
const ids = { product: 0, blog: 0 }

test.beforeAll(async () => {
	cookie = `__session=${await adminSessionCookie(shop())}`
	ids.product = (await seedProduct(shop(), { name: 'Moved Address Saree', code: 'MOVED-1' })).id
	ids.blog = (await seedBlog(shop(), { title: 'Moved Address Post' })).id
})

const moved = () => [
	['/admin/add-product', '/admin/products/new'],
	[`/admin/edit-product/${ids.product}`, `/admin/products/${ids.product}/edit`],
	['/admin/add-blog', '/admin/blogs/new'],
	[`/admin/blogs/edit/${ids.blog}`, `/admin/blogs/${ids.blog}/edit`],
]

test('each earlier admin address is moved for good to its new one, query string and all', async () => {
	for (const [from, to] of moved()) {
		for (const query of ['', '?from=3', '?shared=1&x=a%20b']) {
			const response = await raw(shop(), `${from}${query}`, { cookie })
			expect(response.status, `${from}${query}`).toBe(301)
			expect(response.headers.get('location'), `${from}${query}`).toBe(`${to}${query}`)
			expect(response.headers.get('cache-control'), `${from}${query}`).toContain('no-store')

			const page = await raw(shop(), `${to}${query}`, { cookie })
			expect(page.status, `${to}${query}`).toBe(200)
			await page.body?.cancel()
		}
		// A client-side navigation asks for the data of the address: sent on the same way.
		const data = await raw(shop(), `${from}.data?from=3`, { cookie })
		expect(data.status, `${from}.data`).toBe(202)
		const body = await data.text()
		expect(body, `${from}.data`).toContain(`"redirect","${to}?from=3","status",301`)
	}
})

test('a browser that opens an earlier address lands on the new one and sees the editor', async ({ page, context }) => {
	await context.addCookies([{ name: '__session', value: cookie.split('=')[1]!, url: shop().url }])
	await page.goto(`${shop().url}/admin/edit-product/${ids.product}?tab=1`)
	await expect(page).toHaveURL(`${shop().url}/admin/products/${ids.product}/edit?tab=1`)
	await expect(page.getByLabel('Product Name')).toHaveValue('Moved Address Saree')
	await page.goto(`${shop().url}/admin/add-blog`)
	await expect(page).toHaveURL(`${shop().url}/admin/blogs/new`)
	await expect(page.getByRole('button', { name: 'Publish Blog' })).toBeVisible()
})

test('a form posted to an earlier address is still saved there, and one with a mistake comes back with its message', async () => {
	const admin = await adminClient(shop())
	const refused = await admin.postForm(`/admin/blogs/edit/${ids.blog}`, [
		['title', ''],
		['content', 'Body kept'],
		['status', 'published'],
	])
	expect(refused.status).toBe(400)
	expect(refused.body).toContain('Body kept')

	const saved = await admin.postForm('/admin/add-blog', [
		['title', 'Posted To The Old Address'],
		['content', 'Written before the addresses moved.'],
		['status', 'published'],
	])
	expect(saved.status).toBe(302)
	const row = await shop().db().selectFrom('blogs').select('status').where('title', '=', 'Posted To The Old Address').executeTakeFirst()
	expect(row?.status).toBe('published')
})
