import { describe, expect, test } from 'vitest'

import { useTempDatabases } from '../../tests/helpers/temp-db'
import { blogExcerpt, findPublishedBlog, listPublishedBlogs, listSitemapBlogs } from './blogs.server'
import { listActiveProducts } from './products-search.server'
import {
	getOrderableProduct,
	getPublicProduct,
	listCategorySummaries,
	listNewArrivals,
	listSitemapProducts,
} from './products-storefront.server'

const freshDb = useTempDatabases('reads')

let n = 0
function at(minutes: number) {
	return new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString()
}

async function addProduct(db: Awaited<ReturnType<typeof freshDb>>['db'], overrides: Record<string, unknown> = {}) {
	n += 1
	const { id } = await db
		.insertInto('products')
		.values({
			name: `Saree ${n}`,
			code: `C-${n}`,
			original_price_paise: 1000_00,
			sale_price_paise: 900_00,
			status: 'active',
			category: 'Pochampally Ikkat',
			created_at: at(n),
			updated_at: at(n),
			...overrides,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

describe('product reads', () => {
	test('lists hold only active products, newest first, paged; drafts never appear', async () => {
		const { db, sqlite } = await freshDb()
		const ids: number[] = []
		for (let i = 0; i < 23; i++) ids.push(await addProduct(db))
		const draft = await addProduct(db, { status: 'draft' })
		const soldOut = await addProduct(db, { status: 'out_of_stock' })
		const kanchi = await addProduct(db, { category: 'Kanchipattu Pochampally Ikkat' })

		const first = await listActiveProducts({ page: 1, pageSize: 20 }, 'en', db)
		expect(first.total).toBe(24)
		expect(first.products).toHaveLength(20)
		expect(first.products[0]!.id).toBe(kanchi)
		const second = await listActiveProducts({ page: 2, pageSize: 20 }, 'en', db)
		expect(second.products.map((p) => p.id)).toEqual(ids.slice(0, 4).reverse())
		const all = [...first.products, ...second.products].map((p) => p.id)
		expect(all).not.toContain(draft)
		expect(all).not.toContain(soldOut)

		const filtered = await listActiveProducts({ category: 'Kanchipattu Pochampally Ikkat', page: 1, pageSize: 20 }, 'en', db)
		expect(filtered.products.map((p) => p.id)).toEqual([kanchi])
		expect((await listNewArrivals(4, 'en', db)).map((p) => p.id)).toEqual([kanchi, ...ids.slice(-3).reverse()])
		expect((await listSitemapProducts(db)).map((p) => p.id)).not.toContain(draft)

		const categories = await listCategorySummaries('en', db)
		expect(categories.map((c) => [c.name, c.activeCount])).toEqual([
			['Kanchipattu Pochampally Ikkat', 1],
			['Dharmavaram Pochampally Ikkat', 0],
			['Pochampally Ikkat', 23],
		])
		sqlite.close()
	})

	test('a product page shows active and sold-out products with ordered images, never drafts', async () => {
		const { db, sqlite } = await freshDb()
		const active = await addProduct(db, { tags: JSON.stringify(['wedding', '', 3]) })
		const soldOut = await addProduct(db, { status: 'out_of_stock' })
		const draft = await addProduct(db, { status: 'draft' })
		for (const [position, key] of [
			[1, 'images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
			[0, 'images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
		] as const) {
			await db
				.insertInto('product_images')
				.values({ product_id: active, position, image_key: key, width: 800, height: 1000, created_at: at(0) })
				.execute()
		}
		const product = await getPublicProduct(active, 'en', db)
		expect(product?.images.map((i) => i.key)).toEqual([
			'images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
			'images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
		])
		expect(product?.tags).toEqual(['wedding'])
		expect((await getPublicProduct(soldOut, 'en', db))?.status).toBe('out_of_stock')
		expect(await getPublicProduct(draft, 'en', db)).toBeNull()
		expect(await getPublicProduct(9999, 'en', db)).toBeNull()
		expect(await getOrderableProduct(draft, 'en', db)).toBeNull()
		expect(await getOrderableProduct(soldOut, 'en', db)).toMatchObject({ id: soldOut })
		const [card] = (await listActiveProducts({ page: 1, pageSize: 5 }, 'en', db)).products
		expect(card?.image?.key).toBe('images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
		sqlite.close()
	})
})

describe('blog reads', () => {
	async function addBlog(db: Awaited<ReturnType<typeof freshDb>>['db'], overrides: Record<string, unknown> = {}) {
		n += 1
		const { id } = await db
			.insertInto('blogs')
			.values({
				title: `Post ${n}`,
				slug: `post-${n}`,
				content: '# Hello\n\nSome words here.',
				status: 'published',
				created_at: at(n),
				updated_at: at(n),
				published_at: at(n),
				...overrides,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		return id
	}

	test('a post is found by slug, id or an old slug; drafts by none', async () => {
		const { db, sqlite } = await freshDb()
		const id = await addBlog(db, { slug: 'weaving-ikat', content: 'Raw <script>x</script> and **bold**' })
		await db.insertInto('blog_slug_history').values({ slug: 'old-weaving', blog_id: id }).execute()
		const draft = await addBlog(db, { slug: 'secret-draft', status: 'draft', published_at: null })
		await db.insertInto('blog_slug_history').values({ slug: 'old-draft', blog_id: draft }).execute()

		for (const param of ['weaving-ikat', String(id), 'old-weaving']) {
			const post = await findPublishedBlog(param, 'en', db)
			expect(post?.id).toBe(id)
			expect(post?.slug).toBe('weaving-ikat')
		}
		const post = await findPublishedBlog('weaving-ikat', 'en', db)
		expect(post?.html).toContain('&lt;script&gt;')
		expect(post?.html).toContain('<strong>bold</strong>')
		for (const param of ['secret-draft', String(draft), 'old-draft', 'missing', '99999']) {
			expect(await findPublishedBlog(param, 'en', db)).toBeNull()
		}
		// A slug saved as a number before slugs had rules never takes over the address of that id.
		const numbered = await addBlog(db, { slug: String(id), title: 'Numbered' })
		expect((await findPublishedBlog(String(id), 'en', db))?.id).toBe(id)
		expect((await findPublishedBlog(`0${id}`, 'en', db))?.id).toBe(id)
		expect(await findPublishedBlog('9'.repeat(20), 'en', db)).toBeNull()
		await db.deleteFrom('blogs').where('id', '=', numbered).execute()
		const { blogs, total } = await listPublishedBlogs({ page: 1, pageSize: 10 }, 'en', db)
		expect(total).toBe(1)
		expect(blogs.map((b) => b.id)).toEqual([id])
		expect((await listSitemapBlogs(db)).map((b) => b.slug)).toEqual(['weaving-ikat'])
		sqlite.close()
	})

	test('the excerpt falls back to 150 characters of text; read time counts words', async () => {
		expect(blogExcerpt('  Given  ', 'ignored')).toBe('Given')
		const content = `## Title\n\n${'silk '.repeat(100)}`
		const excerpt = blogExcerpt('', content)
		expect(excerpt.endsWith('...')).toBe(true)
		expect(excerpt.length).toBeLessThanOrEqual(153)
		expect(excerpt.startsWith('Title silk')).toBe(true)
		const { db, sqlite } = await freshDb()
		await addBlog(db, { content: 'word '.repeat(1000) })
		const { blogs } = await listPublishedBlogs({ page: 1, pageSize: 10 }, 'en', db)
		expect(blogs[0]?.readMinutes).toBe(5)
		sqlite.close()
	})
})
