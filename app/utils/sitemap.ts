// A sitemap holds at most 50 000 addresses (sitemaps.org); past that, /sitemap.xml becomes a sitemap
// index of parts (/sitemap.xml?part=1, ?part=2 …), each well under the limit.

import { xmlText } from '~/utils/xml'

export const SITEMAP_PART_SIZE = 45_000

export type SitemapEntry = { path: string; lastmod?: string }

const document = (lines: string[]) => ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n')

/**
 * The XML for `/sitemap.xml?part=…` (`part` as sent, null when absent): the whole list while it fits in
 * one part, else an index of the parts; null for a part that does not exist.
 */
export function sitemapXml(entries: SitemapEntry[], origin: string, part: string | null, partSize = SITEMAP_PART_SIZE): string | null {
	const parts = Math.max(1, Math.ceil(entries.length / partSize))
	if (parts > 1 && part === null) {
		return document([
			'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
			...Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${xmlText(`${origin}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`),
			'</sitemapindex>',
		])
	}
	const n = part === null ? 1 : /^[1-9]\d{0,5}$/.test(part) ? Number(part) : 0
	if (n < 1 || n > parts) return null
	return document([
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...entries
			.slice((n - 1) * partSize, n * partSize)
			.map((e) => `  <url><loc>${xmlText(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${xmlText(e.lastmod)}</lastmod>` : ''}</url>`),
		'</urlset>',
	])
}
