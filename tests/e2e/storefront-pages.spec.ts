import { expect, test } from '@playwright/test'
import { sql } from 'kysely'

import { seedBlog, seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, metaContent } from './storefront-support'

const shop = useShop()

type Product = Awaited<ReturnType<typeof seedProduct>>
type Blog = Awaited<ReturnType<typeof seedBlog>>
const seeded = {} as { active: Product; soldOut: Product; draft: Product; post: Blog; draftPost: Blog }

test.beforeAll(async () => {
	await setShopSettings(shop(), { shopName: 'Ikat Mandir' })
	seeded.active = await seedProduct(shop(), { name: 'Lotus Ikat Saree' })
	seeded.soldOut = await seedProduct(shop(), { name: 'Sold Lotus Saree', status: 'out_of_stock' })
	seeded.draft = await seedProduct(shop(), { name: 'Draft Lotus Saree', status: 'draft' })
	seeded.post = await seedBlog(shop(), { title: 'Draping Guide' })
	seeded.draftPost = await seedBlog(shop(), { title: 'Draft Post', status: 'draft' })
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test('/about: welcome, mission and vision, story, uniqueness, promise, achievements, invitation', async ({ page }) => {
			const response = await page.goto(`${shop().url}/about`)
			expect(response?.status()).toBe(200)
			await expect(page).toHaveTitle('About Us – Ikat Mandir')
			await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ikat Mandir' })).toBeVisible()
			const slides = page.getByRole('region', { name: 'Our mission and vision' }).last()
			await expect(slides.getByRole('heading', { name: 'Our Mission' })).toBeAttached()
			await expect(slides.getByRole('heading', { name: 'Our Vision' })).toBeAttached()
			if (!javaScriptEnabled) {
				await expect(slides.getByText('To keep the art of Pochampally ikat alive')).toBeVisible()
				await expect(slides.getByText('A future where every woman who loves silk')).toBeVisible()
			}
			await expect(page.getByRole('heading', { name: 'Generations at the loom' })).toBeVisible()
			await expect(page.getByRole('heading', { name: 'The craft behind every saree' })).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Authentic handloom, always' })).toBeVisible()
			await expect(page.getByRole('region', { name: 'A legacy woven thread by thread' }).getByText('Best Weaver Award')).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Come, find your saree' })).toBeVisible()
			await expect(page.getByRole('main').getByRole('link', { name: 'Explore Collection' })).toHaveAttribute('href', '/collections')
		})

		test('any other address: "Oops! Page not found" with status 404 and a link home', async ({ page }) => {
			for (const path of ['/no-such-page', '/collections/extra/segments', '/product']) {
				const response = await page.goto(`${shop().url}${path}`)
				expect(response?.status()).toBe(404)
				await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
				await expect(page.getByText('To purchase, send the product code to us on WhatsApp.')).toBeVisible()
				await expect(page).toHaveTitle('Page not found – Ikat Mandir')
			}
			await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click()
			await expect(page).toHaveURL(`${shop().url}/`)
		})
	})
}

test('/about slideshow: starts after a delay, then moves between the two slides', async ({ page }) => {
	await page.goto(`${shop().url}/about`)
	const slides = page.getByRole('region', { name: 'Our mission and vision' }).last()
	// Before hydration every slide is shown (the no-JS layout); wait for the carousel to take over.
	await expect(slides.locator('[data-slide]:not([inert])')).toHaveCount(1)
	const current = slides.getByRole('group').and(slides.locator(':not([inert])'))
	await expect(current).toHaveAccessibleName('1 of 2: Our Mission')
	await expect(current).toHaveAccessibleName('2 of 2: Our Vision', { timeout: 15_000 })
	await page.mouse.move(5, 5)
	await slides.getByRole('button', { name: 'Next slide' }).click()
	await expect(current).toHaveAccessibleName('1 of 2: Our Mission')
})

test('/sitemap.xml lists the fixed pages, active products and published posts only', async ({ request }) => {
	const response = await request.get(`${shop().url}/sitemap.xml`)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toContain('application/xml')
	const body = await response.text()
	const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
	const origin = shop().url
	for (const path of ['/', '/collections', '/about', '/blogs', `/product/${seeded.active.id}`, '/blog/draping-guide']) {
		expect(locs).toContain(`${origin}${path}`)
	}
	expect(locs).not.toContain(`${origin}/product/${seeded.draft.id}`)
	expect(locs).not.toContain(`${origin}/product/${seeded.soldOut.id}`)
	expect(locs).not.toContain(`${origin}/blog/draft-post`)
	expect(body).not.toContain('Draft')
})

test('/sitemap.xml is kept until what it lists changes: 304 while unchanged, a new saree right after it is published', async ({
	request,
}) => {
	const sitemap = () => request.get(`${shop().url}/sitemap.xml`)
	const first = await sitemap()
	const etag = first.headers()['etag']!
	expect(etag).toMatch(/^"[\w-]+"$/)
	expect((await request.get(`${shop().url}/sitemap.xml`, { headers: { 'If-None-Match': etag } })).status()).toBe(304)

	// A change that does not count as one (the counter put back): the kept sitemap is still served, so
	// it was not read again.
	const lastmod = '2031-01-02T03:04:05.000Z'
	await shop()
		.db()
		.transaction()
		.execute(async (trx) => {
			await trx.updateTable('products').set({ updated_at: lastmod }).where('id', '=', seeded.active.id).execute()
			await sql`UPDATE content_version SET version = version - 1`.execute(trx)
		})
	const kept = await sitemap()
	expect(kept.headers()['etag']).toBe(etag)
	expect(await kept.text()).not.toContain(lastmod)

	// A real change shows at once.
	const added = await seedProduct(shop(), { name: 'Sitemap Newcomer Saree' })
	const changed = await request.get(`${shop().url}/sitemap.xml`, { headers: { 'If-None-Match': etag } })
	expect(changed.status()).toBe(200)
	const body = await changed.text()
	expect(body).toContain(`<loc>${shop().url}/product/${added.id}</loc>`)
	expect(body).toContain(`<lastmod>${lastmod}</lastmod>`)
})

test('/robots.txt allows the shop, keeps crawlers out of /admin and /auth, names the sitemap', async ({ request }) => {
	const response = await request.get(`${shop().url}/robots.txt`)
	expect(response.status()).toBe(200)
	const lines = (await response.text()).split('\n')
	expect(lines).toContain('User-agent: *')
	expect(lines).toContain('Allow: /')
	expect(lines).toContain('Disallow: /admin')
	expect(lines).toContain('Disallow: /auth')
	expect(lines).toContain(`Sitemap: ${shop().url}/sitemap.xml`)
})

test('every public page has its own title, description, canonical URL and sharing tags', async ({ page }) => {
	const pages = [
		['/', 'Ikat Mandir – Pure Handloom Pochampally Ikat Silk Sarees'],
		['/collections', 'Handloom Silk Saree Collections – Ikat Mandir'],
		[`/product/${seeded.active.id}`, `Lotus Ikat Saree (${seeded.active.code}) – Ikat Mandir`],
		['/about', 'About Us – Ikat Mandir'],
		['/blogs', 'Blogs – Ikat Mandir'],
		['/blog/draping-guide', 'Draping Guide – Ikat Mandir'],
	] as const
	const descriptions = new Set<string>()
	for (const [path, title] of pages) {
		await page.goto(`${shop().url}${path}`)
		await expect(page).toHaveTitle(title)
		const description = (await metaContent(page, 'description'))!
		expect(description.length).toBeGreaterThan(40)
		expect(description.length).toBeLessThanOrEqual(160)
		descriptions.add(description)
		expect(await metaContent(page, 'canonical')).toBe(`${shop().url}${path}`)
		expect(await metaContent(page, 'og:title')).toBe(title)
		expect(await metaContent(page, 'og:url')).toBe(`${shop().url}${path}`)
		expect(await metaContent(page, 'og:site_name')).toBe('Ikat Mandir')
		expect(await metaContent(page, 'twitter:card')).toMatch(/^summary/)
		expect(await metaContent(page, 'og:image')).toMatch(new RegExp(`^${shop().url}/media/images/[a-f0-9]{32}/\\d+\\.jpg$`))
		expect(await page.locator('meta[name="robots"]').count()).toBe(0)
	}
	expect(descriptions.size).toBe(pages.length)
})

test('no serious accessibility violations on /about and the 404 page; no horizontal scroll at 360 px', async ({ page }) => {
	await page.goto(`${shop().url}/about`)
	await expectNoSeriousA11yViolations(page)
	await page.goto(`${shop().url}/no-such-page`)
	await expectNoSeriousA11yViolations(page)
	await page.setViewportSize({ width: 360, height: 740 })
	for (const path of ['/about', '/no-such-page', '/blogs', '/collections']) {
		await page.goto(`${shop().url}${path}`)
		await expectNoHorizontalScroll(page)
	}
	await expectNoSeriousA11yViolations(page)
})
