import { expect, test } from '@playwright/test'

import { PRODUCT_MESSAGES } from '../../app/schemas/product'
import { message } from '../helpers/i18n'
import { seedBlog } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { adminClient, type Answer, type Client, orderFields, productFields, visitorClient } from './reliability-support'

// Input that looks like something it is not, posted through the real forms as a browser without
// JavaScript does. Product codes are what visitors send on WhatsApp to buy: two codes that look the
// same must be one code. And a blog title must never take over another post's address.

const shop = useShop()

let admin: Client
test.beforeAll(async () => {
	admin = await adminClient(shop())
})

const codeOf = async (name: string) =>
	(await shop().db().selectFrom('products').select(['id', 'code']).where('name', '=', name).executeTakeFirst()) ?? null

/** The messages under one field of a form answered with errors (Conform's `<ul id="<form>-<field>-error">`). */
function fieldErrors(res: Answer, form: string, field: string) {
	const list = new RegExp(`<ul id="${form}-${field}-error"[^>]*>([\\s\\S]*?)</ul>`).exec(res.body)?.[1] ?? ''
	return [...list.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]!.replace(/&#x27;/g, "'"))
}

test('a product code has one spelling: look-alikes of a code are that code, other characters are refused', async () => {
	const created = await admin.postMultipart('/admin/add-product', productFields({ name: 'Look-alike original', code: 'ＫＰＩ-101' }))
	expect(created.status).toBe(302)
	expect(created.flash?.type).toBe('success')
	expect((await codeOf('Look-alike original'))?.code).toBe('KPI-101')

	// Other dashes, invisible characters, full-width letters, another letter case: all the same code.
	for (const [i, code] of ['KPI‐101', 'KPI–101', 'KPI-101\u200b', '\u200bＫＰＩ−１０１', 'kpi-101', ' KPI\u00ad-101 '].entries()) {
		const res = await admin.postMultipart('/admin/add-product', productFields({ name: `Look-alike ${i}`, code }))
		expect(res.status, JSON.stringify(code)).toBe(400)
		expect(fieldErrors(res, 'product-form', 'code'), JSON.stringify(code)).toEqual([message(PRODUCT_MESSAGES.codeTaken)])
		expect(await codeOf(`Look-alike ${i}`)).toBeNull()
	}

	// Characters that are no letter, digit or hyphen (other scripts' look-alikes among them): a message.
	for (const [i, code] of ['KPI 102', 'KPI_102', 'КРІ-102', 'KPI--102', 'KPI/102'].entries()) {
		const res = await admin.postMultipart('/admin/add-product', productFields({ name: `Refused code ${i}`, code }))
		expect(res.status, code).toBe(400)
		expect(fieldErrors(res, 'product-form', 'code'), code).toEqual([message(PRODUCT_MESSAGES.codeCharacters)])
		expect(res.body, 'the rest of the form is kept').toContain(`value="Refused code ${i}"`)
		expect(await codeOf(`Refused code ${i}`)).toBeNull()
	}

	// Editing keeps the code, whichever way it is typed back.
	const { id } = (await codeOf('Look-alike original'))!
	const edited = await admin.postMultipart(
		`/admin/edit-product/${id}`,
		productFields({ name: 'Look-alike original', code: 'KPI‑101\u2060' }),
	)
	expect(edited.status).toBe(302)
	expect((await codeOf('Look-alike original'))?.code).toBe('KPI-101')
	const page = await visitorClient(shop()).get(`/product/${id}`)
	expect(page.body).toContain('KPI-101')
})

test('an order line typed with a look-alike code finds that product', async () => {
	await admin.postMultipart('/admin/add-product', productFields({ name: 'Order look-alike', code: 'DPI-201' }))
	const product = (await codeOf('Order look-alike'))!
	const res = await admin.postForm('/admin/orders/new', orderFields({ customerName: 'Look-alike Customer', code: 'ｄｐｉ‐２０１\u200b' }))
	expect(res.status).toBe(302)
	expect(res.flash?.type).toBe('success')
	const lines = await shop()
		.db()
		.selectFrom('order_items')
		.innerJoin('orders', 'orders.id', 'order_items.order_id')
		.select(['order_items.product_id', 'order_items.product_code'])
		.where('orders.customer_name', '=', 'Look-alike Customer')
		.execute()
	expect(lines).toEqual([{ product_id: product.id, product_code: 'DPI-201' }])
})

test('a post titled with a number gets a word in its address and never takes over /blog/<that id>', async () => {
	const older = await seedBlog(shop(), { title: 'The older post' })
	const res = await admin.postMultipart('/admin/add-blog', [
		['title', String(older.id)],
		['content', 'A post titled with a number.'],
		['intent', 'publish'],
	])
	expect(res.status).toBe(302)
	const created = await shop()
		.db()
		.selectFrom('blogs')
		.select(['id', 'slug'])
		.where('title', '=', String(older.id))
		.executeTakeFirstOrThrow()
	expect(created.slug).toBe(`post-${older.id}`)
	const visitor = visitorClient(shop())
	const byId = await visitor.get(`/blog/${older.id}`)
	expect(byId.status).toBe(200)
	expect(byId.body).toContain('The older post')
	const bySlug = await visitor.get(`/blog/post-${older.id}`)
	expect(bySlug.status).toBe(200)
	expect(bySlug.body).toContain('A post titled with a number.')
})
