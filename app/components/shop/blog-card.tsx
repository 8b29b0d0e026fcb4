import { Link } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import type { BlogCard as BlogCardData } from '~/models/blogs.server'

import { ArrowRightIcon } from './icons'
import { ImagePlaceholder, Picture } from './picture'
import { PostByline } from './post-byline'

/** The seller's text not in the page's language (not translated) says which it is in. */
const BLOG_GRID_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw'

/** `priority`: the first card of the list (its cover is the page's largest paint). */
export function BlogCard({ blog, fallbackAuthor, priority = false }: { blog: BlogCardData; fallbackAuthor: string; priority?: boolean }) {
	const { t, path, textLang } = useI18n()
	const href = path(`/blog/${blog.slug}`)
	return (
		<article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-900/5 transition-shadow hover:shadow-md">
			<div className="aspect-[2/1] overflow-hidden bg-maroon-900">
				{blog.cover ? (
					<Picture
						image={blog.cover}
						alt=""
						sizes={BLOG_GRID_SIZES}
						priority={priority}
						imgClassName="h-full w-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
					/>
				) : (
					<ImagePlaceholder label={t('blog.noImage')} showLabel className="h-full w-full" />
				)}
			</div>
			<div className="flex flex-1 flex-col p-6">
				{blog.tags.length ? (
					<ul className="mb-3 flex flex-wrap gap-2" aria-label={t('blog.tags')}>
						{blog.tags.slice(0, 3).map((tag) => (
							<li key={tag} className="rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-gold-700">
								{tag}
							</li>
						))}
					</ul>
				) : null}
				<h2 className="font-serif text-2xl leading-snug text-maroon-900" lang={textLang(blog.langs.title)}>
					<Link to={href} className="hover:text-maroon-700">
						{blog.title}
					</Link>
				</h2>
				<p className="mt-3 flex-1 leading-relaxed text-stone-700" lang={textLang(blog.langs.excerpt)}>
					{blog.excerpt}
				</p>
				<PostByline
					className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600"
					author={blog.authorName || fallbackAuthor}
					post={blog}
				/>
				<Link
					to={href}
					className="mt-5 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-maroon-800 hover:text-maroon-900"
					aria-label={t('blog.readNowNamed', { title: blog.title })}
				>
					{t('blog.readNow')}
					<ArrowRightIcon className="h-5 w-5 transition-transform group-hover:translate-x-1" />
				</Link>
			</div>
		</article>
	)
}
