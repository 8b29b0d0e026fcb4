import { createHash, randomBytes } from 'node:crypto'

import { expect, test } from '@playwright/test'
import { createCookie } from 'react-router'

import { adminSessionCookie, setAccountLocale, signInAs } from '../helpers/auth'
import { translator } from '../helpers/i18n'
import { seedBlog, seedProduct } from '../helpers/seed'
import { SESSION_SECRET, useShop } from '../helpers/shop'

// The seller's preview of a draft saree or post (docs/decisions/0041): hers alone, the same 404 as a
// missing saree for anyone else, kept by no cache (the page cache, a browser, a CDN), never indexed,
// and never in place of the public page.
const shop = useShop()

const BANNER = 'Draft — only you can see this'
let draft = { id: 0, code: '' }
let listed = { id: 0, code: '' }
let draftPost = { id: 0, slug: '' }
let publishedPost = { id: 0, slug: '' }

test.beforeAll(async () => {
	draft = await seedProduct(shop(), { name: 'Unwoven Secret Saree', code: 'DR-901', status: 'draft', salePrice: 21_000, images: 1 })
	listed = await seedProduct(shop(), { name: 'Red Ikkat Silk', code: 'PS-101', salePrice: 12_500, images: 1 })
	draftPost = await seedBlog(shop(), { title: 'Our secret festival weave', status: 'draft' })
	publishedPost = await seedBlog(shop(), { title: 'Dyeing the warp' })
})

/** A request as a stranger's tool sends it: no browser, only the cookie given (if any). */
async function get(path: string, cookie?: string) {
	const response = await fetch(`${shop().url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
	return { status: response.status, headers: response.headers, body: await response.text() }
}

const seller = async () => `__session=${await adminSessionCookie(shop())}`

/** The page with what differs on every answer (the script nonce) and the saree's own number taken out. */
const sameness = (html: string, id: number) =>
	html
		.replace(/nonce(=|-)"?[A-Za-z0-9+/=]+/g, 'nonce')
		.replaceAll(`/product/${id}/preview`, '/product/ID/preview')
		.replaceAll(`"id":"${id}"`, '"id":"ID"')

/** The visible text of a page's main content and its title, as a visitor reads it. */
function visible(html: string) {
	const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]
	const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''
	return {
		title,
		text: main
			.replace(/<script[\s\S]*?<\/script>/g, '')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim(),
	}
}

function expectNeverKept(headers: Headers) {
	expect(headers.get('cache-control')).toBe('private, no-store')
	expect(headers.get('x-robots-tag')).toContain('noindex')
}

test('the signed-in seller sees her draft saree as the shop will show it, with the banner', async ({ page, context }) => {
	await signInAs(context, shop())
	const response = await page.goto(`${shop().url}/product/${draft.id}/preview`)
	expect(response?.status()).toBe(200)
	expectNeverKept(new Headers(await response!.allHeaders()))
	await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: 'Unwoven Secret Saree' })).toBeVisible()
	await expect(page.getByText('DR-901').first()).toBeVisible()
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
	await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
	// In Telugu too, under the language's prefix.
	const telugu = await page.goto(`${shop().url}/te/product/${draft.id}/preview`)
	expect(telugu?.status()).toBe(200)
	await expect(page.getByText(BANNER)).toBeVisible()
	// The banner speaks the admin's language, whatever the page's.
	await setAccountLocale(shop(), 'hi')
	try {
		await page.goto(`${shop().url}/te/product/${draft.id}/preview`)
		const banner = page.getByRole('status').filter({ hasText: translator('hi').t('admin.draftBanner') })
		await expect(banner).toHaveAttribute('lang', 'hi-IN')
		await expect(banner.getByRole('link', { name: translator('hi').t('admin.draftBack') })).toHaveAttribute(
			'href',
			`/admin/products/${draft.id}/edit`,
		)
		await expect(page.getByText(BANNER)).toHaveCount(0)
	} finally {
		await setAccountLocale(shop(), 'en')
	}
})

test('the signed-in seller sees her draft post, and a listed one sends her to its public page', async ({ page, context }) => {
	await signInAs(context, shop())
	const response = await page.goto(`${shop().url}/blog/${draftPost.id}/preview`)
	expect(response?.status()).toBe(200)
	expectNeverKept(new Headers(await response!.allHeaders()))
	await expect(page.getByText(BANNER)).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: 'Our secret festival weave' })).toBeVisible()

	const cookie = await seller()
	const post = await get(`/blog/${publishedPost.id}/preview`, cookie)
	expect(post.status).toBe(302)
	expect(post.headers.get('location')).toBe(`/blog/${publishedPost.slug}`)
	expectNeverKept(post.headers)
	const saree = await get(`/product/${listed.id}/preview`, cookie)
	expect(saree.status).toBe(302)
	expect(saree.headers.get('location')).toBe(`/product/${listed.id}`)
})

test('anyone else gets the same 404 as a missing saree: no cookie, a forged one, an expired or ended session', async () => {
	const missing = await get('/product/999999')
	expect(missing.status).toBe(404)
	const missingPreview = await get('/product/999999/preview')

	const forgedSignature = (
		await createCookie('__session', { secrets: ['not-the-shops-secret'], path: '/' }).serialize(randomBytes(32).toString('base64url'))
	).split(';')[0]!
	const expiredId = randomBytes(32).toString('base64url')
	const past = new Date(Date.now() - 3_600_000).toISOString()
	await shop()
		.db()
		.insertInto('sessions')
		.values({
			id_hash: createHash('sha256').update(expiredId).digest('hex'),
			admin_id: 1,
			created_at: past,
			last_seen_at: past,
			expires_at: past,
		})
		.execute()
	const expired = (await createCookie('__session', { secrets: [SESSION_SECRET], path: '/' }).serialize(expiredId)).split(';')[0]!
	const strangers = [undefined, '__session=admin', forgedSignature, expired]

	for (const cookie of strangers) {
		for (const path of [`/product/${draft.id}/preview`, `/blog/${draftPost.id}/preview`]) {
			const answer = await get(path, cookie)
			expect(answer.status, `${path} with ${cookie ?? 'no cookie'}`).toBe(404)
			expectNeverKept(answer.headers)
			expect(answer.body).not.toContain('Unwoven Secret Saree')
			expect(answer.body).not.toContain('secret festival')
		}
		// Whether the draft exists or not, the answer is the same page.
		const preview = await get(`/product/${draft.id}/preview`, cookie)
		expect(sameness(preview.body, draft.id)).toBe(sameness(missingPreview.body, 999999))
		// And what it says is what a missing saree's page says.
		expect(visible(preview.body)).toEqual(visible(missing.body))
		// A listed saree is no exception: the preview address tells a stranger nothing.
		expect((await get(`/product/${listed.id}/preview`, cookie)).status).toBe(404)
	}
})

test('a preview is never cached nor kept in place of the public page, in either order', async () => {
	const cookie = await seller()
	const productPaths = { preview: `/product/${draft.id}/preview`, public: `/product/${draft.id}` }
	const blogPaths = { preview: `/blog/${draftPost.id}/preview`, public: `/blog/${draftPost.slug}` }
	for (const paths of [productPaths, blogPaths]) {
		// The seller first: nothing she was shown reaches a visitor, at either address.
		expect((await get(paths.preview, cookie)).status).toBe(200)
		for (let i = 0; i < 2; i++) {
			expect((await get(paths.preview)).status).toBe(404)
			const visitor = await get(paths.public)
			expect(visitor.status).toBe(404)
			expect(visitor.body).not.toContain(BANNER)
		}
		// A visitor first: the seller still gets her preview, not a kept refusal.
		for (let i = 0; i < 2; i++) {
			const seen = await get(paths.preview, cookie)
			expect(seen.status).toBe(200)
			expect(seen.body).toContain(BANNER)
			expectNeverKept(seen.headers)
		}
	}
	// The listed saree's public page, kept by the page cache, never shows the banner, before or after a preview.
	const before = await get(`/product/${listed.id}`)
	await get(`/product/${listed.id}/preview`, cookie)
	const after = await get(`/product/${listed.id}`)
	for (const page of [before, after]) {
		expect(page.status).toBe(200)
		expect(page.body).not.toContain(BANNER)
		expect(page.headers.get('cache-control') ?? '').not.toContain('private')
	}
})

test('the sitemap and the feeds never list a draft or a preview address', async () => {
	for (const path of ['/sitemap.xml', '/feeds/google.xml', '/feeds/meta.csv']) {
		const { body } = await get(path)
		expect(body, path).not.toContain('/preview')
		expect(body, path).not.toContain('DR-901')
		expect(body, path).not.toContain('secret-festival')
	}
})

test.describe('View in shop', () => {
	for (const js of [true, false]) {
		test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
			test.use({ javaScriptEnabled: js })

			test('every editor with a public page links to it, a draft to its preview', async ({ page, context }) => {
				// Eight admin screens in one test, on a machine shared with other work.
				test.setTimeout(180_000)
				await signInAs(context, shop())
				const expected: Array<[string, string]> = [
					[`/admin/products/${draft.id}/edit`, `/product/${draft.id}/preview`],
					[`/admin/products/${listed.id}/edit`, `/product/${listed.id}`],
					[`/admin/blogs/${draftPost.id}/edit`, `/blog/${draftPost.id}/preview`],
					[`/admin/blogs/${publishedPost.id}/edit`, `/blog/${publishedPost.slug}`],
					['/admin/hero-settings', '/'],
					['/admin/story-settings', '/#story'],
					['/admin/settings', '/'],
				]
				for (const [editor, target] of expected) {
					await page.goto(`${shop().url}${editor}`)
					const link = page.getByRole('link', { name: 'View in shop' })
					await expect(link, editor).toHaveAttribute('href', target)
					await expect(link).toHaveAttribute('target', '_blank')
				}
				// Followed, the draft's link opens its preview beside the editor.
				await page.goto(`${shop().url}/admin/products/${draft.id}/edit`)
				const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'View in shop' }).click()])
				await tab.waitForLoadState()
				await expect(tab.getByText(BANNER)).toBeVisible()
				await expect(tab.getByRole('heading', { level: 1, name: 'Unwoven Secret Saree' })).toBeVisible()
				await tab.close()
			})
		})
	}
})
