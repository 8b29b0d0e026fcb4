import { describe, expect, test } from 'vitest'

import { sitemapXml } from './sitemap'

const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/product/${i + 1}`, lastmod: '2026-01-01' }))
const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

describe('sitemap', () => {
	test('one list while it fits', () => {
		const xml = sitemapXml(entries, 'https://shop.example', null, 5)
		expect(xml).toContain('<urlset')
		expect(locs(xml)).toHaveLength(5)
		expect(sitemapXml(entries, 'https://shop.example', '2', 5)).toBeNull()
	})

	test('past the part size, an index of parts, each part its own slice', () => {
		const index = sitemapXml(entries, 'https://shop.example', null, 2)
		expect(index).toContain('<sitemapindex')
		expect(locs(index)).toEqual([
			'https://shop.example/sitemap.xml?part=1',
			'https://shop.example/sitemap.xml?part=2',
			'https://shop.example/sitemap.xml?part=3',
		])
		expect(locs(sitemapXml(entries, 'https://shop.example', '3', 2))).toEqual(['https://shop.example/product/5'])
		for (const part of ['0', '4', 'x', '01', '1e3']) expect(sitemapXml(entries, 'https://shop.example', part, 2)).toBeNull()
	})
})
