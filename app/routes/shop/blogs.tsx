import { BlogCard } from '~/components/shop/blog-card'
import { CONTAINER, EmptyState, PageHeading } from '~/components/shop/page-bits'
import { Pagination } from '~/components/shop/pagination'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShopLayoutData } from '~/hooks/use-shop-layout-data'
import { localeOfPath, localizedPath } from '~/i18n/locales'
import { pageMessages, requestLocale } from '~/i18n/messages.server'
import { listPublishedBlogs } from '~/models/blogs.server'
import { parsePage } from '~/utils/page-number'
import { shareablePageWithQuery } from '~/utils/route-area'
import { seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/blogs'

const PAGE_SIZE = 12

/** The list's English address (seoMeta and path() make the page's own language of it). */
function blogsHref(page: number) {
	return page > 1 ? `/blogs?page=${page}` : '/blogs'
}

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts), under
// its canonical address (the page number, in the page's language).
export const handle = shareablePageWithQuery((url) =>
	localizedPath(blogsHref(parsePage(url.searchParams.get('page'))), localeOfPath(url.pathname)),
)

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const { t, locale } = translatorOfMatches(matches)
	const layout = layoutDataFromMatches(matches)
	if (!layout) return [{ title: t('blog.listTitle') }]
	const { shop, origin } = layout
	const page = loaderData?.page ?? 1
	const cover = loaderData?.blogs.find((b) => b.cover)
	return seoMeta({
		origin,
		path: blogsHref(page),
		locale,
		siteName: shop.shopName,
		title: page > 1 ? t('blog.listMetaTitlePage', { page, shop: shop.shopName }) : t('blog.listMetaTitle', { shop: shop.shopName }),
		description: t('blog.listMetaDescription', { shop: shop.shopName }),
		image: cover?.cover ? shareImage(origin, cover.cover, cover.title) : layout.shareImage,
		noindex: (loaderData?.blogs.length ?? 0) === 0,
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const page = parsePage(new URL(request.url).searchParams.get('page'))
	const { blogs, total } = await listPublishedBlogs({ page, pageSize: PAGE_SIZE }, requestLocale(request))
	return { ...pageMessages(request, 'blog'), blogs, page, total, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
	const { blogs, page, pageCount, total } = loaderData
	const { shop } = useShopLayoutData()
	const { t, path } = useI18n()
	return (
		<>
			<PageHeading eyebrow={t('blog.listEyebrow')} title={t('blog.listHeading')}>
				<p>{t('blog.listIntro')}</p>
			</PageHeading>
			<div className={`${CONTAINER} py-12 sm:py-16`}>
				{blogs.length === 0 ? (
					<EmptyState title={total > 0 ? t('blog.emptyPage') : t('blog.emptyNone')}>
						<p>{t('blog.emptyText')}</p>
					</EmptyState>
				) : (
					<>
						<ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
							{blogs.map((blog, i) => (
								<li key={blog.id}>
									<BlogCard blog={blog} fallbackAuthor={shop.shopName} priority={i === 0} />
								</li>
							))}
						</ul>
						<Pagination page={page} pageCount={pageCount} hrefFor={(p) => path(blogsHref(p))} />
					</>
				)}
			</div>
		</>
	)
}
