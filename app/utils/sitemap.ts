// A sitemap holds at most 50 000 addresses (sitemaps.org); past that, /sitemap.xml becomes a sitemap
// index of parts (/sitemap.xml?part=1, ?part=2 …), each well under the limit.
//
// Every page is listed in each language (`/product/5`, `/te/product/5`, `/hi/product/5`), each with
// the alternates of all three and x-default (Google's hreflang in sitemaps).

import { LOCALE_TAGS, LOCALES, localizedPath } from '~/i18n/locales'
import { xmlText } from '~/utils/xml'

export const SITEMAP_PART_SIZE = 45_000

/** A page by its English path. */
export type SitemapEntry = { path: string; lastmod?: string }

function urlXml(entry: SitemapEntry, origin: string, locale: (typeof LOCALES)[number]) {
	const link = (hreflang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlText(origin + path)}"/>`
	const alternates = [
		...LOCALES.map((other) => link(LOCALE_TAGS[other], localizedPath(entry.path, other))),
		link('x-default', entry.path),
	].join('')
	const lastmod = entry.lastmod ? `<lastmod>${xmlText(entry.lastmod)}</lastmod>` : ''
	return `  <url><loc>${xmlText(origin + localizedPath(entry.path, locale))}</loc>${lastmod}${alternates}</url>`
}

const document = (lines: string[]) => ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n')

/**
 * The XML for `/sitemap.xml?part=…` (`part` as sent, null when absent): the whole list while it fits in
 * one part, else an index of the parts; null for a part that does not exist.
 */
export function sitemapXml(pages: SitemapEntry[], origin: string, part: string | null, partSize = SITEMAP_PART_SIZE): string | null {
	const entries = pages.flatMap((page) => LOCALES.map((locale) => ({ page, locale })))
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
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
		...entries.slice((n - 1) * partSize, n * partSize).map(({ page, locale }) => urlXml(page, origin, locale)),
		'</urlset>',
	])
}
