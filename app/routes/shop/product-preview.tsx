import { data, redirect } from 'react-router'

import { DraftBanner } from '~/components/admin/draft-banner'
import { localizedPath } from '~/i18n/locales'
import { pageMessages } from '~/i18n/messages.server'
import { getProductPreviewPage } from '~/models/products-storefront.server'
import { draftBannerOf } from '~/services/draft-preview.server'
import { privatePage } from '~/utils/private-page'
import { parseRecordId } from '~/utils/record-id'
import { requestFacts } from '~/utils/request-context.server'

import type { Route } from './+types/product-preview'
import ProductPage, { ErrorBoundary, meta as productMeta, SIMILAR_SAREES } from './product'

// A draft saree as the shop will show it, for the signed-in seller only (docs/decisions/0041). Anyone
// else gets the product page's own 404, whether the saree exists or not. Never kept by any cache: no
// SHAREABLE_PAGE handle (the page cache passes it by) and `private, no-store` on every answer.

export const middleware: Route.MiddlewareFunction[] = [privatePage]

export function meta(args: Route.MetaArgs) {
	// The public page's texts, without its canonical address and alternates (a draft has none yet).
	const tags = productMeta(args as unknown as Parameters<typeof productMeta>[0]).filter((tag) => !('tagName' in tag))
	return [...tags.filter((tag) => !('name' in tag && tag.name === 'robots')), { name: 'robots', content: 'noindex, nofollow' }]
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const messages = pageMessages(request, 'product')
	// Asked first, so a stranger's answer does not depend on whether the saree exists (nor its timing).
	const admin = await requestFacts(context).admin()
	const id = parseRecordId(params.id)
	const page = admin === null || id === null ? null : await getProductPreviewPage(id, SIMILAR_SAREES, messages.locale)
	if (!page || !admin) throw data(messages, { status: 404 })
	// Listed already: the shop's own page is the preview.
	if (page.product.status !== 'draft') throw redirect(localizedPath(`/product/${page.product.id}`, messages.locale))
	return { ...messages, ...page, banner: draftBannerOf(admin.locale) }
}

export default function ProductPreview(props: Route.ComponentProps) {
	return (
		<>
			<DraftBanner banner={props.loaderData.banner} editHref={`/admin/products/${props.loaderData.product.id}/edit`} />
			<ProductPage {...(props as unknown as Parameters<typeof ProductPage>[0])} />
		</>
	)
}

export { ErrorBoundary }
