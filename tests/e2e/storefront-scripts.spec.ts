import { expect, test, type Request } from '@playwright/test'
import { seedBlog, seedProduct } from '../helpers/seed'
import { waitForHydration } from '../helpers/hydration'
import { useShop } from '../helpers/shop'

// What a visitor's phone downloads to run a public page: within the JavaScript budget (120 KB
// compressed, headers included, as Lighthouse counts it) and free of the admin's code. Sizes are
// bytes, not timings: this cannot flake on a busy machine.

const shop = useShop()

const BUDGET_BYTES = 120 * 1024
/** Strings found only in the admin's libraries: zod, Conform, the Markdown editor. */
const ADMIN_MARKERS = ['ZodError', '$ZodType', '@conform-to', 'conform', '__intent__', 'markdown']

let productId = 0
let blogSlug = ''
const pages: Array<{ name: string; path: () => string }> = [
	{ name: 'home', path: () => '/' },
	{ name: 'collections', path: () => '/collections' },
	{ name: 'product', path: () => `/product/${productId}` },
	{ name: 'blogs', path: () => '/blogs' },
	{ name: 'blog post', path: () => `/blog/${blogSlug}` },
	{ name: 'about', path: () => '/about' },
]

test.beforeAll(async () => {
	productId = (await seedProduct(shop(), { name: 'Budget Ikat Saree', images: 3 })).id
	blogSlug = (await seedBlog(shop(), { title: 'Budget Post', slug: 'budget-post', cover: true })).slug
})

for (const { name, path } of pages) {
	test(`${name}: scripts within ${BUDGET_BYTES / 1024} KB compressed, none of the admin's code`, async ({ page }) => {
		const scripts: Request[] = []
		page.on('requestfinished', (request) => {
			if (request.resourceType() === 'script') scripts.push(request)
		})
		await page.goto(shop().url + path())
		await waitForHydration(page)
		await page.waitForLoadState('networkidle')

		expect(scripts.length).toBeGreaterThan(0)
		let total = 0
		for (const request of scripts) {
			const response = (await request.response())!
			const sizes = await request.sizes()
			total += sizes.responseBodySize + sizes.responseHeadersSize
			const source = (await response.body()).toString('utf8')
			// Anything over a kilobyte travels compressed.
			if (source.length > 1024) expect(response.headers()['content-encoding'], request.url()).toMatch(/^(br|gzip)$/)
			for (const marker of ADMIN_MARKERS) expect(source.includes(marker), `${marker} in ${request.url()}`).toBe(false)
			expect(new URL(request.url()).origin).toBe(shop().url)
		}
		expect(total, scripts.map((r) => r.url()).join('\n')).toBeLessThanOrEqual(BUDGET_BYTES)
	})

	test(`${name}: scripts are requested only after the largest paint`, async ({ page }) => {
		// Order, not time: whatever the machine's speed, no script may compete with the largest paint.
		await page.addInitScript(() => {
			const seen: number[] = []
			;(window as unknown as { largestPaints: number[] }).largestPaints = seen
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries()) seen.push(entry.startTime)
			}).observe({ type: 'largest-contentful-paint', buffered: true })
		})
		await page.goto(shop().url + path())
		await waitForHydration(page)
		const { paints, firstScript } = await page.evaluate(() => ({
			paints: (window as unknown as { largestPaints: number[] }).largestPaints,
			firstScript: Math.min(
				...performance
					.getEntriesByType('resource')
					.filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
					.map((entry) => entry.startTime),
			),
		}))
		expect(paints.length).toBeGreaterThan(0)
		expect(firstScript).toBeGreaterThan(paints[0]!)
	})
}
