import { data, Link, redirect } from 'react-router'

import { ErrorPanel, ShopRouteError } from '~/components/shop/error-panel'
import { ArrowLeftIcon, ClockIcon, WhatsAppIcon } from '~/components/shop/icons'
import { JsonLd } from '~/components/shop/json-ld'
import { container, Eyebrow, Ornament, OUTLINE_BUTTON, PRIMARY_BUTTON } from '~/components/shop/page-bits'
import { ImagePlaceholder, Picture } from '~/components/shop/picture'
import { layoutDataFromMatches, useShopLayoutData } from '~/components/shop/shop-data'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { findPublishedBlog } from '~/models/blogs.server'
import { formatDate } from '~/utils/dates'
import { SHAREABLE_PAGE } from '~/utils/route-area'
import { absoluteUrl, blogPostingJsonLd, seoMeta, shareImage } from '~/utils/seo'

import type { Route } from './+types/blog'

// The same for every visitor: the server may keep one rendering of it (server/page-cache.ts).
export const handle = SHAREABLE_PAGE

export function meta({ loaderData, matches }: Route.MetaArgs) {
	const layout = layoutDataFromMatches(matches)
	const siteName = layout?.shop.shopName ?? 'Handloom Silk Sarees'
	if (!layout || !loaderData) {
		return [
			{ title: `Blog not found – ${siteName}` },
			{ name: 'description', content: "The blog post you're looking for doesn't exist." },
			{ name: 'robots', content: 'noindex' },
		]
	}
	const { post } = loaderData
	return seoMeta({
		origin: layout.origin,
		path: `/blog/${post.slug}`,
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

export async function loader({ params }: Route.LoaderArgs) {
	const post = await findPublishedBlog(params.id)
	if (!post) throw data('Blog not found', { status: 404 })
	// An old slug (the title changed) moves to the current address for good; the id and slug both stay valid.
	if (params.id !== post.slug && params.id !== String(post.id)) {
		throw redirect(`/blog/${encodeURIComponent(post.slug)}`, 301)
	}
	return { post }
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
	const { post } = loaderData
	const { shop, origin } = useShopLayoutData()
	const author = post.authorName || shop.shopName
	const url = absoluteUrl(origin, `/blog/${post.slug}`)
	return (
		<article className="pb-16 sm:pb-24">
			<header className="bg-gradient-to-b from-gold-50 to-cream">
				<div className={`${container('max-w-3xl')} pt-10 pb-8 text-center sm:pt-14`}>
					<Link to="/blogs" className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-maroon-800 hover:underline">
						<ArrowLeftIcon className="h-4 w-4" />
						All posts
					</Link>
					{post.tags.length ? <Eyebrow className="mt-4">{post.tags.join(' · ')}</Eyebrow> : null}
					<h1 className="mt-4 font-serif text-4xl leading-tight text-balance text-maroon-900 sm:text-5xl">{post.title}</h1>
					<p className="mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-stone-600">
						<span>
							By <span className="font-semibold text-stone-800">{author}</span>
						</span>
						<span aria-hidden="true">·</span>
						<time dateTime={post.date}>{formatDate(post.date)}</time>
						<span aria-hidden="true">·</span>
						<span className="inline-flex items-center gap-1">
							<ClockIcon className="h-4 w-4" />
							{post.readMinutes} min read
						</span>
					</p>
					<Ornament className="mt-6" />
				</div>
			</header>
			<div className={container('max-w-4xl')}>
				<div className="overflow-hidden rounded-2xl bg-maroon-900 shadow-md">
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
						<ImagePlaceholder label="No Image" showLabel className="aspect-[2/1] w-full" />
					)}
				</div>
			</div>
			<div className={container('max-w-3xl')}>
				<div className="prose-silk mt-12" dangerouslySetInnerHTML={{ __html: post.html }} />
				<aside className="mt-16 rounded-2xl bg-maroon-900 p-8 text-center text-white">
					<p className="font-serif text-2xl text-gold-200">Found a saree you love?</p>
					<p className="mt-2 text-maroon-100">Send us its product code on WhatsApp and we will help you with the rest.</p>
					<div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
						<Link to="/collections" className={`${PRIMARY_BUTTON} bg-gold-300! text-maroon-950! hover:bg-gold-200!`}>
							Explore Collection
						</Link>
						<WhatsAppLink className={`${OUTLINE_BUTTON} border-gold-200! text-white! hover:bg-white/10!`}>
							<WhatsAppIcon className="h-5 w-5" />
							Chat on WhatsApp
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
				})}
			/>
		</article>
	)
}

export function ErrorBoundary() {
	return (
		<ShopRouteError
			notFound={
				<ErrorPanel
					title="Blog not found"
					primary={{ to: '/blogs', label: 'Back to all posts' }}
					secondary={{ to: '/', label: 'Return to Home' }}
				>
					<p>The blog post you're looking for doesn't exist.</p>
				</ErrorPanel>
			}
		/>
	)
}
