import { listSitemapBlogs } from '~/models/blogs.server'
import { listSitemapProducts } from '~/models/products.server'
import { getEnv } from '~/utils/env.server'
import { xmlText } from '~/utils/xml'

/** Home, collections, about, blogs, every active product and every published post. */
export async function loader() {
	const origin = getEnv().APP_ORIGIN
	const [products, blogs] = await Promise.all([listSitemapProducts(), listSitemapBlogs()])
	const entries: Array<{ path: string; lastmod?: string }> = [
		{ path: '/' },
		{ path: '/collections' },
		{ path: '/about' },
		{ path: '/blogs' },
		...products.map((p) => ({ path: `/product/${p.id}`, lastmod: p.updatedAt })),
		...blogs.map((b) => ({ path: `/blog/${encodeURIComponent(b.slug)}`, lastmod: b.updatedAt })),
	]
	const body = [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...entries.map(
			(e) => `  <url><loc>${xmlText(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${xmlText(e.lastmod)}</lastmod>` : ''}</url>`,
		),
		'</urlset>',
		'',
	].join('\n')
	return new Response(body, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
