import { data, isRouteErrorResponse, Link, redirect, useMatches, useRouteError } from 'react-router'

import { ErrorPanel, ShopRouteError } from '~/components/shop/error-panel'
import { ArrowLeftIcon, WhatsAppIcon } from '~/components/shop/icons'
import { JsonLd } from '~/components/shop/json-ld'
import { container, Eyebrow, Ornament, OUTLINE_BUTTON, PRIMARY_BUTTON } from '~/components/shop/page-bits'
import { ImagePlaceholder, Picture } from '~/components/shop/picture'
import { PostByline } from '~/components/shop/post-byline'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShopLayoutData } from '~/hooks/use-shop-layout-data'
import { localizedPath } from '~/i18n/locales'
import { pageMessages, requestLocale } from '~/i18n/messages.server'
import { findPublishedBlog } from '~/models/blogs.server'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { absoluteUrl, blogPostingJsonLd, seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/blog'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

/**
 * A missing post is a 404 whose data carries the blog's texts (its loader data never arrives), so its
 * error view and title are in the page's language too.
 */
function errorData(error: unknown) {
	return isRouteErrorResponse(error) ? error.data : undefined
}

/** The seller's text not in the page's language (not translated) says which it is in. */
export function meta({ loaderData, matches, error }: Route.MetaArgs) {
	const { t, locale } = translatorOfMatches([...matches, { data: errorData(error) }])
	const layout = layoutDataFromMatches(matches)
	const siteName = layout?.shop.shopName ?? 'Handloom Silk Sarees'
	if (!layout || !loaderData) {
		// Any other failure carries no blog texts: the layout's (shop.*) name it.
		const notFound = isRouteErrorResponse(error) && error.status === 404
		return [
			{ title: notFound ? t('blog.notFoundMetaTitle', { shop: siteName }) : `${t('shop.errorTitle')} – ${siteName}` },
			{ name: 'description', content: notFound ? t('blog.notFoundText') : t('shop.errorText') },
			{ name: 'robots', content: 'noindex' },
		]
	}
	const { post } = loaderData
	return seoMeta({
		origin: layout.origin,
		path: `/blog/${post.slug}`,
		locale,
		siteName,
		type: 'article',
		title: `${post.title} – ${siteName}`,
		description: post.description,
		image: post.cover ? shareImage(layout.origin, post.cover, post.title) : layout.shareImage,
		article: {
			publishedTime: post.date,
			modifiedTime: post.updatedAt,
			author: post.authorName || siteName,
			tags: post.tags,
		},
	})
}

export async function loader({ params, request }: Route.LoaderArgs) {
	const locale = requestLocale(request)
	const post = await findPublishedBlog(params.id, locale)
	if (!post) throw data(pageMessages(request, 'blog'), { status: 404 })
	// An old slug (the title changed) moves to the current address for good; the id and slug both stay valid.
	if (params.id !== post.slug && params.id !== String(post.id)) {
		throw redirect(localizedPath(`/blog/${encodeURIComponent(post.slug)}`, locale), 301)
	}
	return { ...pageMessages(request, 'blog'), post }
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
	const { post } = loaderData
	const { shop, origin } = useShopLayoutData()
	const { t, rich, path, textLang } = useI18n()
	const author = post.authorName || shop.shopName
	const url = absoluteUrl(origin, path(`/blog/${post.slug}`))
	return (
		<article className="pb-16 sm:pb-24">
			<header className="bg-gradient-to-b from-gold-50 to-cream">
				<div className={`${container('max-w-3xl')} pt-10 pb-8 text-center sm:pt-14`}>
					<Link
						to={path('/blogs')}
						className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-maroon-800 hover:underline"
					>
						<ArrowLeftIcon className="h-4 w-4" />
						{t('blog.allPosts')}
					</Link>
					{post.tags.length ? <Eyebrow className="mt-4">{post.tags.join(' · ')}</Eyebrow> : null}
					<h1 className="mt-4 font-serif text-4xl leading-tight text-balance text-maroon-900 sm:text-5xl" lang={textLang(post.langs.title)}>
						{post.title}
					</h1>
					<PostByline
						className="mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-stone-600"
						author={rich('blog.byAuthor', { author: <span className="font-semibold text-stone-800">{author}</span> })}
						post={post}
					/>
					<Ornament className="mt-6" />
				</div>
			</header>
			<div className={container('max-w-4xl')}>
				{/* The cover's text alternative is the post's title, in the title's language. */}
				<div className="overflow-hidden rounded-2xl bg-maroon-900 shadow-md" lang={post.cover ? textLang(post.langs.title) : undefined}>
					{post.cover ? (
						<Picture
							image={post.cover}
							alt={post.title}
							sizes="(min-width: 896px) 848px, 92vw"
							priority
							fallbackWidth={1080}
							imgClassName="h-auto w-full"
						/>
					) : (
						<ImagePlaceholder label={t('blog.noImage')} showLabel className="aspect-[2/1] w-full" />
					)}
				</div>
			</div>
			<div className={container('max-w-3xl')}>
				<div className="prose-silk mt-12" lang={textLang(post.langs.content)} dangerouslySetInnerHTML={{ __html: post.html }} />
				<aside className="mt-16 rounded-2xl bg-maroon-900 p-8 text-center text-white">
					<p className="font-serif text-2xl text-gold-200">{t('blog.ctaTitle')}</p>
					<p className="mt-2 text-maroon-100">{t('blog.ctaText')}</p>
					<div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
						<Link to={path('/collections')} className={`${PRIMARY_BUTTON} bg-gold-300! text-maroon-950! hover:bg-gold-200!`}>
							{t('blog.ctaCollection')}
						</Link>
						<WhatsAppLink className={`${OUTLINE_BUTTON} border-gold-200! text-white! hover:bg-white/10!`}>
							<WhatsAppIcon className="h-5 w-5" />
							{t('blog.ctaWhatsApp')}
						</WhatsAppLink>
					</div>
				</aside>
			</div>
			<JsonLd
				data={blogPostingJsonLd({
					origin,
					url,
					title: post.title,
					description: post.description,
					imageUrl: post.cover ? shareImage(origin, post.cover, post.title).url : null,
					datePublished: post.date,
					dateModified: post.updatedAt,
					author,
					publisher: shop.shopName,
					tags: post.tags,
					// The posting's language is its text's: English where the seller has not translated it.
					locale: post.langs.content,
				})}
			/>
		</article>
	)
}

export function ErrorBoundary() {
	const matches = useMatches()
	const { t, path } = translatorOfMatches([...matches, { data: errorData(useRouteError()) }])
	return (
		<ShopRouteError
			notFound={
				<ErrorPanel
					title={t('blog.notFoundTitle')}
					primary={{ to: path('/blogs'), label: t('blog.notFoundBack') }}
					secondary={{ to: path('/'), label: t('shop.returnHome') }}
				>
					<p>{t('blog.notFoundText')}</p>
				</ErrorPanel>
			}
		/>
	)
}
