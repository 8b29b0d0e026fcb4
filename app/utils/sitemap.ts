// A sitemap holds at most 50 000 addresses and 50 MB (sitemaps.org); past 5 000 addresses,
// /sitemap.xml becomes a sitemap index of parts (/sitemap.xml?part=1, ?part=2 …).
//
// Every page is listed in each language (`/product/5`, `/te/product/5`, `/hi/product/5`), each with
// the alternates of all three and x-default (Google's hreflang in sitemaps). That makes an address
// about 460 bytes: a part of 5 000 is about 2.3 MB, written in about 30 ms.

import { LOCALE_TAGS, LOCALES, localizedPath } from '~/i18n/locales'
import { xmlText } from '~/utils/xml'

const SITEMAP_PART_SIZE = 5_000

/** A page by its English path. */
export type SitemapEntry = { path: string; lastmod?: string }

/** The `<url>` elements of one page: one per language, each listing them all (built once per page). */
function pageXml(entry: SitemapEntry, origin: string): string[] {
	const hrefs = LOCALES.map((locale) => xmlText(origin + localizedPath(entry.path, locale)))
	const alternates =
		LOCALES.map((locale, i) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[locale]}" href="${hrefs[i]}"/>`).join('') +
		`<xhtml:link rel="alternate" hreflang="x-default" href="${hrefs[0]}"/>`
	const lastmod = entry.lastmod ? `<lastmod>${xmlText(entry.lastmod)}</lastmod>` : ''
	return hrefs.map((href) => `  <url><loc>${href}</loc>${lastmod}${alternates}</url>`)
}

/** The `<url>` elements from `start` to `end` (in the order: each page, each language). */
function partOf(pages: SitemapEntry[], origin: string, start: number, end: number) {
	const perPage = LOCALES.length
	const out: string[] = []
	for (let i = Math.floor(start / perPage); i < pages.length && i * perPage < end; i++) {
		const urls = pageXml(pages[i]!, origin)
		for (let j = 0; j < perPage; j++) if (i * perPage + j >= start && i * perPage + j < end) out.push(urls[j]!)
	}
	return out
}

const document = (lines: string[]) => ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n')

/**
 * The XML for `/sitemap.xml?part=…` (`part` as sent, null when absent): the whole list while it fits in
 * one part, else an index of the parts; null for a part that does not exist.
 */
export function sitemapXml(pages: SitemapEntry[], origin: string, part: string | null, partSize = SITEMAP_PART_SIZE): string | null {
	const count = pages.length * LOCALES.length
	const parts = Math.max(1, Math.ceil(count / partSize))
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
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
		...partOf(pages, origin, (n - 1) * partSize, n * partSize),
		'</urlset>',
	])
}
