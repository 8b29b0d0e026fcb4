import { expect, type Page, type Request, test } from '@playwright/test'

import { waitForHydration } from '../helpers/hydration'
import { seedBlog, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { shareablePages } from './storefront-support'

// What a visitor's phone downloads to run a public page: within the JavaScript budget (120 KB
// compressed, headers included, as Lighthouse counts it) and free of the admin's code. Sizes are
// bytes, not timings: this cannot flake on a busy machine.

const shop = useShop()

const BUDGET_BYTES = 120 * 1024
/** Strings found only in the admin's libraries: zod, Conform, the Markdown editor. */
const ADMIN_MARKERS = ['ZodError', '$ZodType', '@conform-to', 'conform', '__intent__', 'markdown']

const seeded = { productId: 0, blogSlug: '' }
const pages = shareablePages(seeded)

declare global {
	interface Window {
		largestPaints: Array<{ startTime: number; url: string }>
		/** Cumulative layout shift so far (shifts right after input excluded). */
		layoutShift: number
		/** What moved, for the failure message: each shift's time, size and the elements it moved. */
		layoutShifts: string[]
		/** What the browser's first rendered frame had parsed. */
		firstFrame: { held: boolean; main: boolean; menu: boolean }
	}
}

/** Keeps every largest-contentful-paint entry the page reports, from its first byte. */
async function recordLargestPaints(page: Page) {
	await page.addInitScript(() => {
		window.largestPaints = []
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as Array<PerformanceEntry & { url: string }>)
				window.largestPaints.push({ startTime: entry.startTime, url: entry.url })
		}).observe({ type: 'largest-contentful-paint', buffered: true })
	})
}

/** Scrolls to every visible lazy image in turn and waits until it has loaded. */
async function expectLazyImagesToLoadOnScroll(page: Page) {
	const lazy = page.locator('img[loading="lazy"]')
	const count = await lazy.count()
	for (let i = 0; i < count; i++) {
		const image = lazy.nth(i)
		if (!(await image.isVisible())) continue
		await image.scrollIntoViewIfNeeded()
		await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
	}
}

test.beforeAll(async () => {
	seeded.productId = (await seedProduct(shop(), { name: 'Budget Ikat Saree', images: 3 })).id
	seeded.blogSlug = (await seedBlog(shop(), { title: 'Budget Post', cover: true })).slug
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

	test(`${name}: on a slow phone the first frame already holds the whole header`, async ({ page, context }) => {
		// A browser may paint a half-parsed document; a header painted in pieces moves as the rest
		// arrives. The first frame must come after <main> is in, so after the whole header.
		await page.setViewportSize({ width: 412, height: 823 })
		const cdp = await context.newCDPSession(page)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
		await page.addInitScript(() => {
			requestAnimationFrame(() => {
				window.firstFrame = {
					// What holds the paint: on a fast machine the browser may parse everything before its first frame anyway.
					held: document.head.querySelector('link[rel="expect"][href="#main"][blocking="render"]') !== null,
					main: document.getElementById('main') !== null,
					menu: document.querySelector('header details summary span') !== null,
				}
			})
		})
		await page.goto(shop().url + path())
		await expect.poll(() => page.evaluate(() => window.firstFrame ?? null)).toEqual({ held: true, main: true, menu: true })
	})

	test(`${name}: scripts are requested only after the largest paint`, async ({ page }) => {
		// Order, not time: whatever the machine's speed, no script may compete with the largest paint.
		await recordLargestPaints(page)
		await page.goto(shop().url + path())
		await waitForHydration(page)
		const { paints, imagePaint, firstScript } = await page.evaluate(() => ({
			paints: window.largestPaints.map((entry) => entry.startTime),
			// The paint of the page's high-priority image, when it has one and it is the largest.
			imagePaint: window.largestPaints.find((entry) =>
				[...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].some((img) => img.currentSrc === entry.url),
			)?.startTime,
			firstScript: Math.min(
				...performance
					.getEntriesByType('resource')
					.filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
					.map((entry) => entry.startTime),
			),
		}))
		expect(paints.length).toBeGreaterThan(0)
		expect(firstScript).toBeGreaterThan(paints[0]!)
		if (imagePaint !== undefined) expect(firstScript).toBeGreaterThan(imagePaint)
	})

	for (const viewport of [
		{ width: 412, height: 823 },
		{ width: 1280, height: 800 },
	]) {
		test(`${name}: at ${viewport.width} px, lazy images wait for the largest paint, then load as the visitor scrolls; nothing moves`, async ({
			page,
		}) => {
			await page.setViewportSize(viewport)
			await recordLargestPaints(page)
			await page.addInitScript(() => {
				window.layoutShift = 0
				window.layoutShifts = []
				type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> }
				const describe = (node: Node | null) =>
					node instanceof Element
						? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 3).join('.')}`
						: String(node?.nodeName)
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as Shift[]) {
						if (entry.hadRecentInput) continue
						window.layoutShift += entry.value
						window.layoutShifts.push(
							`${Math.round(entry.startTime)} ms ${entry.value.toFixed(4)}: ${entry.sources.map((s) => describe(s.node)).join(', ')}`,
						)
					}
				}).observe({ type: 'layout-shift', buffered: true })
			})
			await page.goto(shop().url + path())
			await waitForHydration(page)
			await expect(page.locator('html[data-media-later]')).not.toBeAttached()
			await expectLazyImagesToLoadOnScroll(page)
			const { paints, earlyImages } = await page.evaluate(() => {
				const paints = window.largestPaints.map((entry) => entry.startTime)
				const priority = new Set([...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.currentSrc))
				const images = performance
					.getEntriesByType('resource')
					.filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'img' && !priority.has(entry.name))
				return { paints, earlyImages: images.filter((entry) => entry.startTime < paints[0]!).map((entry) => entry.name) }
			})
			expect(paints.length).toBeGreaterThan(0)
			expect(earlyImages).toEqual([])
			// Held-back images appear in frames that already have their size; hydration moves nothing either.
			const { layoutShift, layoutShifts } = await page.evaluate(() => ({
				layoutShift: window.layoutShift,
				layoutShifts: window.layoutShifts,
			}))
			expect(layoutShift, layoutShifts.join('\n')).toBeLessThanOrEqual(0.001)
		})
	}
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	for (const { name, path } of pages) {
		test(`${name}: lazy images load as the visitor scrolls, nothing held back`, async ({ page }) => {
			await page.setViewportSize({ width: 412, height: 823 })
			await page.goto(shop().url + path())
			await expect(page.locator('html[data-media-later]')).not.toBeAttached()
			await expectLazyImagesToLoadOnScroll(page)
		})
	}
})
