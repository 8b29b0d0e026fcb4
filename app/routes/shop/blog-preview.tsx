import { data, redirect } from 'react-router'

import { DraftBanner } from '~/components/admin/draft-banner'
import { localizedPath } from '~/i18n/locales'
import { pageMessages } from '~/i18n/messages.server'
import { findBlogForPreview } from '~/models/blogs.server'
import { draftBannerOf } from '~/services/draft-preview.server'
import { privatePage } from '~/utils/private-page'
import { parseRecordId } from '~/utils/record-id'
import { requestFacts } from '~/utils/request-context.server'

import type { Route } from './+types/blog-preview'
import BlogPost, { ErrorBoundary, meta as blogMeta } from './blog'

// A draft post as the shop will show it, for the signed-in seller only (docs/decisions/0041). Anyone
// else gets the post page's own 404, whether the post exists or not. Never kept by any cache: no
// SHAREABLE_PAGE handle (the page cache passes it by) and `private, no-store` on every answer.

export const middleware: Route.MiddlewareFunction[] = [privatePage]

export function meta(args: Route.MetaArgs) {
	// The public page's texts, without its canonical address and alternates (a draft has none yet).
	const tags = blogMeta(args as unknown as Parameters<typeof blogMeta>[0]).filter((tag) => !('tagName' in tag))
	return [...tags.filter((tag) => !('name' in tag && tag.name === 'robots')), { name: 'robots', content: 'noindex, nofollow' }]
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const messages = pageMessages(request, 'blog')
	// Asked first, so a stranger's answer does not depend on whether the post exists (nor its timing).
	const admin = await requestFacts(context).admin()
	const id = parseRecordId(params.id)
	const post = admin === null || id === null ? null : await findBlogForPreview(id, messages.locale)
	if (!post || !admin) throw data(messages, { status: 404 })
	// Published already: the shop's own page is the preview.
	if (post.status !== 'draft') throw redirect(localizedPath(`/blog/${encodeURIComponent(post.slug)}`, messages.locale))
	return { ...messages, post, banner: draftBannerOf(admin.locale) }
}

export default function BlogPreview(props: Route.ComponentProps) {
	return (
		<>
			<DraftBanner banner={props.loaderData.banner} editHref={`/admin/blogs/${props.loaderData.post.id}/edit`} />
			<BlogPost {...(props as unknown as Parameters<typeof BlogPost>[0])} />
		</>
	)
}

export { ErrorBoundary }
