import { listSitemapBlogs } from '~/models/blogs.server'
import { listSitemapProducts } from '~/models/products.server'
import { getEnv } from '~/utils/env.server'
import { type SitemapEntry, sitemapXml } from '~/utils/sitemap'

/** Home, collections, about, blogs, every active product and every published post, in each language (an index of parts past 5 000 addresses). */
export async function loader({ request }: { request: Request }) {
	const origin = getEnv().APP_ORIGIN
	const [products, blogs] = await Promise.all([listSitemapProducts(), listSitemapBlogs()])
	const entries: SitemapEntry[] = [
		{ path: '/' },
		{ path: '/collections' },
		{ path: '/about' },
		{ path: '/blogs' },
		...products.map((p) => ({ path: `/product/${p.id}`, lastmod: p.updatedAt })),
		...blogs.map((b) => ({ path: `/blog/${encodeURIComponent(b.slug)}`, lastmod: b.updatedAt })),
	]
	const body = sitemapXml(entries, origin, new URL(request.url).searchParams.get('part'))
	if (body === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	return new Response(body, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
