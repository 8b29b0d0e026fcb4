import { useEffect } from 'react'
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation, useRouteLoaderData } from 'react-router'

import { MAIN_ID } from '~/components/shop/first-paint'
import { FloatingWhatsAppButton } from '~/components/shop/floating-whatsapp'
import { LanguageSuggestion } from '~/components/shop/language-switcher'
import { NavigationProgress } from '~/components/shop/navigation-progress'
import { CollectionsPending } from '~/components/shop/page-bits'
import type { ShopLayoutData } from '~/components/shop/shop-data'
import { isShortlistChangeElsewhere } from '~/components/shop/shortlist'
import { SiteFooter } from '~/components/shop/site-footer'
import { SiteHeader } from '~/components/shop/site-header'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { FlashMessage } from '~/components/ui/flash-message'
import { useI18n } from '~/hooks/use-i18n'
import { useNonce } from '~/hooks/use-nonce'
import { useIsLoading } from '~/hooks/use-pending'
import { pageMessages, serverTranslator } from '~/i18n/messages.server'
import { getNewestProductImage } from '~/models/products-storefront.server'
import { getShopSettings } from '~/models/site.server'
import type { loader as rootLoader } from '~/root'
import { getEnv } from '~/utils/env.server'
import { MEDIA_LATER_ATTRIBUTE } from '~/utils/hydrate-later'
import { shareImage } from '~/utils/seo'

import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs): Promise<ShopLayoutData> {
	const origin = getEnv().APP_ORIGIN
	const { locale, messages } = pageMessages(request, 'shop')
	const { t } = serverTranslator(locale, 'shop')
	const [shop, newest] = await Promise.all([getShopSettings(), getNewestProductImage().catch(() => null)])
	return {
		shop,
		origin,
		shareImage: newest ? shareImage(origin, newest, t('shop.shareImageAlt', { shop: shop.shopName })) : null,
		locale,
		messages,
	}
}

// Shop details change rarely: moving between public pages does not reload them.
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
	return args.formMethod && args.formMethod !== 'GET' && !isShortlistChangeElsewhere(args) ? args.defaultShouldRevalidate : false
}

// Marks the document before anything is painted, so `js:` styles (slideshows, gallery) apply from the
// first frame and pages without JavaScript keep their all-visible layouts.
//
// It also holds lazy images back (hidden in their sized frames, see app.css) until the page's largest
// paint, when the script that starts hydration releases them (START_SCRIPTS in
// app/utils/hydrate-later.server.ts). Chromium starts every lazy image within about 1 250 px of the
// screen at the first layout, so on a phone the pictures below the hero would otherwise share the
// slow connection with the one being waited for. A page that never gets that far shows them a second
// after its load event; without JavaScript nothing is held back.
const MARK_JS = [
	`(function(){var d=document.documentElement;d.classList.add('js');d.setAttribute('${MEDIA_LATER_ATTRIBUTE}','');`,
	`addEventListener('load',function(){setTimeout(function(){d.removeAttribute('${MEDIA_LATER_ATTRIBUTE}')},1000)},{once:true})})()`,
].join('')

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
	const nonce = useNonce()
	const location = useLocation()
	const { shop } = loaderData
	const { t, rich, path } = useI18n()
	// A form posted without JavaScript (the shortlist's) comes back with its message.
	const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash

	// A client-side navigation that started outside the shop never ran the inline script.
	useEffect(() => {
		document.documentElement.classList.add('js')
	}, [])

	const collectionsPath = path('/collections')
	const loadingCollections = useIsLoading(collectionsPath) && location.pathname !== collectionsPath

	return (
		<>
			<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_JS }} />
			<a
				href={`#${MAIN_ID}`}
				className="sr-only z-[70] rounded-md bg-maroon-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
			>
				{t('shop.skipToContent')}
			</a>
			<div className="bg-maroon-900 px-4 py-2 text-center text-[0.8rem] leading-snug text-gold-100 sm:text-sm">
				{rich('shop.bannerBuy', { code: <strong className="font-semibold text-gold-300">{t('shop.bannerCode')}</strong> })}{' '}
				<WhatsAppLink className="font-semibold whitespace-nowrap text-white underline decoration-gold-400 underline-offset-2">
					{t('shop.bannerMessage')}
				</WhatsAppLink>
			</div>
			{flash ? <FlashMessage flash={flash} /> : null}
			<SiteHeader shopName={shop.shopName} />
			<NavigationProgress />
			<main id={MAIN_ID} tabIndex={-1} className="outline-none">
				{loadingCollections ? <CollectionsPending /> : <Outlet />}
			</main>
			<SiteFooter shop={shop} />
			<FloatingWhatsAppButton />
			<LanguageSuggestion />
		</>
	)
}
