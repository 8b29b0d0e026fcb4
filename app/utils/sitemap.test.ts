import { describe, expect, test } from 'vitest'

import { sitemapXml } from './sitemap'

const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/product/${i + 1}`, lastmod: '2026-01-01' }))
const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

describe('sitemap', () => {
	test('one list while it fits: every page in each language, with its alternates', () => {
		const xml = sitemapXml(entries, 'https://shop.example', null, 15)
		expect(xml).toContain('<urlset')
		expect(locs(xml)).toHaveLength(15)
		expect(locs(xml).slice(0, 3)).toEqual([
			'https://shop.example/product/1',
			'https://shop.example/te/product/1',
			'https://shop.example/hi/product/1',
		])
		const alternates =
			'<xhtml:link rel="alternate" hreflang="en-IN" href="https://shop.example/product/1"/>' +
			'<xhtml:link rel="alternate" hreflang="te-IN" href="https://shop.example/te/product/1"/>' +
			'<xhtml:link rel="alternate" hreflang="hi-IN" href="https://shop.example/hi/product/1"/>' +
			'<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/product/1"/>'
		expect(xml).toContain(`<url><loc>https://shop.example/te/product/1</loc><lastmod>2026-01-01</lastmod>${alternates}</url>`)
		expect(locs(sitemapXml([{ path: '/' }], 'https://shop.example', null))).toEqual([
			'https://shop.example/',
			'https://shop.example/te',
			'https://shop.example/hi',
		])
		expect(sitemapXml(entries, 'https://shop.example', '2', 15)).toBeNull()
	})

	test('past the part size, an index of parts, each part its own slice', () => {
		const index = sitemapXml(entries, 'https://shop.example', null, 6)
		expect(index).toContain('<sitemapindex')
		expect(locs(index)).toEqual([
			'https://shop.example/sitemap.xml?part=1',
			'https://shop.example/sitemap.xml?part=2',
			'https://shop.example/sitemap.xml?part=3',
		])
		expect(locs(sitemapXml(entries, 'https://shop.example', '3', 6)).filter((loc) => !loc?.includes('xhtml'))).toEqual([
			'https://shop.example/product/5',
			'https://shop.example/te/product/5',
			'https://shop.example/hi/product/5',
		])
		for (const part of ['0', '4', 'x', '01', '1e3']) expect(sitemapXml(entries, 'https://shop.example', part, 6)).toBeNull()
	})
})
