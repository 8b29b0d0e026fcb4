import { data, Link } from 'react-router'

import { WhatsAppIcon } from '~/components/shop/icons'
import { container, EmptyState, OUTLINE_BUTTON, PageHeading, PRIMARY_BUTTON } from '~/components/shop/page-bits'
import { ImagePlaceholder, Picture } from '~/components/shop/picture'
import { Price } from '~/components/shop/price'
import { layoutDataFromMatches } from '~/components/shop/shop-data'
import { type ShortlistActionData, ShortlistForm } from '~/components/shop/shortlist'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { useHydrated } from '~/hooks/use-hydrated'
import { translatorOfMatches, useI18n } from '~/hooks/use-i18n'
import { useShortlist } from '~/hooks/use-shortlist'
import { localizedPath } from '~/i18n/locales'
import { pageMessages, requestLocale, serverTranslator } from '~/i18n/messages.server'
import { listListedProductsById } from '~/models/products-storefront.server'
import { shortlistChangeSchema } from '~/schemas/shortlist'
import { type Flash, redirectWithFlash } from '~/utils/flash.server'
import { readSubmission } from '~/utils/forms.server'
import { changeShortlist, SHORTLIST_MAX, SHORTLIST_PATH } from '~/utils/shortlist'
import { readShortlist, shortlistCookieHeader } from '~/utils/shortlist.server'
import { shortlistOrderPath } from '~/utils/whatsapp'

import type { Route } from './+types/shortlist'

// The visitor's shortlist (app/utils/shortlist.ts): personal, so never kept by the page cache (no
// SHAREABLE_PAGE handle), never stored by a browser cache nor indexed.

const PERSONAL = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

/** A saree's name not in the page's language (the seller has not translated it) says which it is in. */
export function meta({ matches }: Route.MetaArgs) {
	const { t } = translatorOfMatches(matches)
	const shopName = layoutDataFromMatches(matches)?.shop.shopName
	return [{ title: shopName ? t('shortlist.metaTitle', { shop: shopName }) : t('shortlist.title') }, { name: 'robots', content: 'noindex' }]
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	return actionHeaders.has('Set-Cookie') ? actionHeaders : loaderHeaders
}

export async function loader({ request }: Route.LoaderArgs) {
	const kept = readShortlist(request)
	const products = await listListedProductsById(kept, requestLocale(request))
	const headers = new Headers(PERSONAL)
	// Sarees the seller has since taken down leave the list (and the header's count) for good.
	if (products.length !== kept.length) headers.set('Set-Cookie', shortlistCookieHeader(products.map((product) => product.id)))
	return data({ ...pageMessages(request, 'shortlist'), products }, { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = await readSubmission({ request, context }, { schema: shortlistChangeSchema })
	const kept = readShortlist(request)
	// The forms post to the shortlist address in the page's language: the answer is in that language too.
	const locale = requestLocale(request)
	const { t } = serverTranslator(locale, 'shortlist', 'shop')
	const answer = (ids: number[], said: Omit<Flash, 'dismiss'>, status = 200) => {
		const headers = { ...PERSONAL, 'Set-Cookie': shortlistCookieHeader(ids) }
		const flash = { ...said, dismiss: t('shop.dismissMessage') }
		if (submission.status === 'success' && submission.value.inPlace) return data<ShortlistActionData>({ ids, flash }, { status, headers })
		return redirectWithFlash(request, localizedPath(SHORTLIST_PATH, locale), flash, { headers })
	}
	if (submission.status !== 'success') return answer(kept, { type: 'error', message: t('shortlist.flashFailed') }, 400)
	const change = submission.value
	if (change.intent === 'clear') return answer([], { type: 'success', message: t('shortlist.flashCleared') })
	const [product] = await listListedProductsById([change.productId], locale)
	if (!product) {
		const without = changeShortlist(kept, { intent: 'remove', productId: change.productId }).ids
		return answer(without, { type: 'error', message: t('shortlist.flashUnavailable') }, 404)
	}
	const { ids, full } = changeShortlist(kept, change)
	if (full) return answer(ids, { type: 'error', message: t('shortlist.flashFull', { max: SHORTLIST_MAX }) }, 409)
	return answer(ids, {
		type: 'success',
		message: t(change.intent === 'add' ? 'shortlist.flashAdded' : 'shortlist.flashRemoved', { name: product.name }),
	})
}

export default function Shortlist({ loaderData }: Route.ComponentProps) {
	// With scripts, a saree removed here leaves the list before the page's data comes back.
	const current = useShortlist()
	const hydrated = useHydrated()
	const products = hydrated ? loaderData.products.filter((product) => current.includes(product.id)) : loaderData.products
	const count = products.length
	const { t, rich, path, locale, textLang } = useI18n()

	return (
		<>
			<PageHeading eyebrow={t('shortlist.eyebrow')} title={t('shortlist.title')}>
				<p>{t('shortlist.intro')}</p>
			</PageHeading>
			<div className={`${container('max-w-3xl')} py-10 sm:py-14`}>
				{count === 0 ? (
					<EmptyState
						title={t('shortlist.emptyTitle')}
						action={
							<Link to={path('/collections')} className={PRIMARY_BUTTON}>
								{t('shop.browseCollections')}
							</Link>
						}
					>
						<p>{t('shortlist.emptyText', { max: SHORTLIST_MAX })}</p>
					</EmptyState>
				) : (
					<>
						<h2 className="font-serif text-2xl text-maroon-900" id="shortlist-title">
							{t('shortlist.sareeCount', { count })}
						</h2>
						<ul
							aria-labelledby="shortlist-title"
							className="mt-5 divide-y divide-gold-200/70 rounded-2xl bg-white shadow-sm ring-1 ring-stone-900/5"
						>
							{products.map((product) => (
								<li key={product.id} className="flex items-center gap-4 p-3 sm:p-4">
									<Link
										to={path(`/product/${product.id}`)}
										className="block w-20 shrink-0 overflow-hidden rounded-lg bg-maroon-50"
										tabIndex={-1}
										aria-hidden="true"
									>
										{product.image ? (
											<Picture
												image={product.image}
												alt=""
												sizes="80px"
												fallbackWidth={160}
												imgClassName="aspect-[3/4] h-auto w-full object-cover"
											/>
										) : (
											<ImagePlaceholder className="aspect-[3/4] w-full" />
										)}
									</Link>
									<div className="min-w-0 flex-1">
										<p className="font-serif text-lg leading-snug text-stone-900">
											<Link
												to={path(`/product/${product.id}`)}
												className="hover:text-maroon-800 hover:underline"
												lang={textLang(product.langs.name)}
											>
												{product.name}
											</Link>
										</p>
										<p className="mt-0.5 text-xs tracking-wide text-stone-600 uppercase">
											{t('shop.code')} <span className="font-semibold text-stone-800">{product.code}</span>
											{product.soldOut ? (
												<span className="ml-2 rounded-full bg-stone-800 px-2 py-0.5 font-bold text-white">{t('shop.soldOut')}</span>
											) : null}
										</p>
										<div className="mt-1">
											<Price salePricePaise={product.salePricePaise} originalPricePaise={product.originalPricePaise} />
										</div>
									</div>
									<ShortlistForm intent="remove" productId={product.id}>
										{(pending) => (
											<button
												type="submit"
												disabled={pending}
												className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-maroon-800 underline-offset-2 hover:underline"
											>
												{rich('shortlist.remove', {
													name: (
														<span className="sr-only" lang={textLang(product.langs.name)}>
															{product.name}
														</span>
													),
												})}
											</button>
										)}
									</ShortlistForm>
								</li>
							))}
						</ul>
						<div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
							<WhatsAppLink
								href={shortlistOrderPath(locale)}
								className="inline-flex min-h-13 flex-1 items-center justify-center gap-2 rounded-full bg-whatsapp px-6 text-base font-semibold sm:text-lg text-white shadow-md transition-colors hover:bg-[#0b5f40]"
							>
								<WhatsAppIcon className="h-6 w-6" />
								{t('shortlist.send')}
							</WhatsAppLink>
							<ShortlistForm intent="clear" className="contents">
								{(pending) => (
									<button type="submit" disabled={pending} className={`${OUTLINE_BUTTON} min-h-13`}>
										{t('shortlist.clear')}
									</button>
								)}
							</ShortlistForm>
						</div>
						<p className="mt-4 text-sm text-stone-600">{t('shortlist.sendNote')}</p>
					</>
				)}
			</div>
		</>
	)
}
