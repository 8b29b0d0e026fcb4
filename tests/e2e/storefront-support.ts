import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// Shared checks of the storefront specs (not a spec itself).

/**
 * No serious or critical accessibility violation on the page as it is now. "Label in name" (WCAG 2.5.3:
 * a control's name holds the words it shows, so a visitor who speaks to the phone can say them) is one
 * of axe's experimental rules, so it is asked for by name.
 */
export async function expectNoSeriousA11yViolations(page: Page, where?: string) {
	// Legacy mode runs axe in the page alone: the default opens a second page to gather the results of
	// frames, which no screen here has, and injects axe twice (about a second of every check).
	const results = await new AxeBuilder({ page })
		.setLegacyMode()
		.options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
		.analyze()
	const serious = results.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
	expect(serious, where).toEqual([])
}

/** The document is no wider than the viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalScroll(page: Page) {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}))
	expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** The content of a <meta> (by name or property) or the canonical link. */
export async function metaContent(page: Page, key: string) {
	if (key === 'canonical') return page.locator('link[rel="canonical"]').getAttribute('href')
	return page.locator(`meta[name="${key}"], meta[property="${key}"]`).first().getAttribute('content')
}

/** Every JSON-LD block of the page, parsed (tests assert its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonLd(page: Page): Promise<Array<Record<string, any>>> {
	const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
	return blocks.map((b) => JSON.parse(b))
}

/** The decoded `text` of a wa.me redirect target, with the number it goes to. */
export function parseWhatsAppLocation(location: string | undefined | null) {
	expect(location).toBeTruthy()
	const url = new URL(location!)
	expect(url.origin).toBe('https://wa.me')
	return { number: url.pathname.slice(1), text: url.searchParams.get('text') }
}

/**
 * The storefront's shareable pages, by name; `seeded` holds the saree and post they show, filled in
 * once the spec has seeded them (the paths are read when a test runs).
 */
export function shareablePages(seeded: { productId: number; blogSlug: string }): Array<{ name: string; path: () => string }> {
	return [
		{ name: 'home', path: () => '/' },
		{ name: 'collections', path: () => '/collections' },
		{ name: 'product', path: () => `/product/${seeded.productId}` },
		{ name: 'blogs', path: () => '/blogs' },
		{ name: 'blog post', path: () => `/blog/${seeded.blogSlug}` },
		{ name: 'about', path: () => '/about' },
	]
}
