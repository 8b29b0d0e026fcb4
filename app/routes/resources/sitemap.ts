import { listSitemapBlogs } from '~/models/blogs.server'
import { listSitemapCategories } from '~/models/categories.server'
import { listSitemapProducts } from '~/models/products-storefront.server'
import { type KeptBody, keptBody, keptPerContentVersion, keptResponse } from '~/services/kept-answers.server'
import { catalogueHref, parseCatalogueQuery } from '~/utils/catalogue-query'
import { getEnv } from '~/utils/env.server'
import { type SitemapEntry, sitemapXml } from '~/utils/sitemap'

/** Home, collections and each shown category with sarees, about, blogs, every listed product and published post (in each language, see sitemapXml). */
async function readSitemapPages(): Promise<SitemapEntry[]> {
	const [categories, products, blogs] = await Promise.all([listSitemapCategories(), listSitemapProducts(), listSitemapBlogs()])
	return [
		{ path: '/' },
		{ path: '/collections' },
		...categories.map((name) => ({ path: catalogueHref(parseCatalogueQuery(new URLSearchParams({ category: name }))) })),
		{ path: '/about' },
		{ path: '/blogs' },
		...products.map((p) => ({ path: `/product/${p.id}`, lastmod: p.updatedAt })),
		...blogs.map((b) => ({ path: `/blog/${encodeURIComponent(b.slug)}`, lastmod: b.updatedAt })),
	]
}

// Read once per catalogue change, like the feeds (app/services/kept-answers.server.ts); each part is
// written on its first request and kept with the pages it lists. Only parts that exist are kept, so
// however many `?part=` values arrive, the bodies kept are at most the parts of the sitemap.
const kept = keptPerContentVersion(async () => ({ pages: await readSitemapPages(), bodies: new Map<string | null, KeptBody>() }))

/** The sitemap, or past 5 000 addresses an index of its parts (`?part=N`). */
export async function loader({ request }: { request: Request }) {
	const { pages, bodies } = await kept()
	const part = new URL(request.url).searchParams.get('part')
	let body = bodies.get(part)
	if (!body) {
		const xml = sitemapXml(pages, getEnv().APP_ORIGIN, part)
		if (xml === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
		body = keptBody(xml)
		bodies.set(part, body)
	}
	return keptResponse(request, body, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' })
}
