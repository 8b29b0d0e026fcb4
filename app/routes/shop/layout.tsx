import { useEffect } from 'react'
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation } from 'react-router'

import { MEDIA_LATER_ATTRIBUTE } from '~/components/shop/below-the-fold'
import { MAIN_ID } from '~/components/shop/first-paint'
import { FloatingWhatsAppButton } from '~/components/shop/floating-whatsapp'
import { NavigationProgress } from '~/components/shop/navigation-progress'
import { CollectionsPending } from '~/components/shop/page-bits'
import type { ShopLayoutData } from '~/components/shop/shop-data'
import { isShortlistChangeElsewhere } from '~/components/shop/shortlist'
import { SiteFooter } from '~/components/shop/site-footer'
import { SiteHeader } from '~/components/shop/site-header'
import { WhatsAppLink } from '~/components/shop/whatsapp-link'
import { useIsLoading } from '~/components/ui/pending'
import { getNewestProductImage } from '~/models/products.server'
import { getShopSettings } from '~/models/site.server'
import { getEnv } from '~/utils/env.server'
import { useNonce } from '~/utils/nonce'
import { shareImage } from '~/utils/seo'

import type { Route } from './+types/layout'

export async function loader(): Promise<ShopLayoutData> {
	const origin = getEnv().APP_ORIGIN
	const [shop, newest] = await Promise.all([getShopSettings(), getNewestProductImage().catch(() => null)])
	return {
		shop,
		origin,
		shareImage: newest ? shareImage(origin, newest, `A handloom silk saree from ${shop.shopName}`) : null,
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

	// A client-side navigation that started outside the shop never ran the inline script.
	useEffect(() => {
		document.documentElement.classList.add('js')
	}, [])

	const loadingCollections = useIsLoading('/collections') && location.pathname !== '/collections'

	return (
		<>
			<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_JS }} />
			<a
				href={`#${MAIN_ID}`}
				className="sr-only z-[70] rounded-md bg-maroon-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
			>
				Skip to content
			</a>
			<div className="bg-maroon-900 px-4 py-2 text-center text-[0.8rem] leading-snug text-gold-100 sm:text-sm">
				To purchase, send the <strong className="font-semibold text-gold-300">product code</strong> to us on WhatsApp.{' '}
				<WhatsAppLink className="font-semibold whitespace-nowrap text-white underline decoration-gold-400 underline-offset-2">
					Message us
				</WhatsAppLink>
			</div>
			<SiteHeader shopName={shop.shopName} />
			<NavigationProgress />
			<main id={MAIN_ID} tabIndex={-1} className="outline-none">
				{loadingCollections ? <CollectionsPending /> : <Outlet />}
			</main>
			<SiteFooter shop={shop} />
			<FloatingWhatsAppButton />
		</>
	)
}
