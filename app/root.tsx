import './app.css'

import { useEffect } from 'react'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from 'react-router'

import faviconSvg from '../public/favicon.svg?raw'
import type { Route } from './+types/root'
import { HOLD_PAINT_FOR_HEADER_JS } from './components/shop/first-paint'
import { ScriptFonts } from './components/shop/script-fonts'
import { isShopLayoutId } from './components/shop/shop-data'
import { isShortlistChangeElsewhere } from './components/shop/shortlist'
import { GeneralErrorBoundary } from './components/ui/general-error-boundary'
import { translatorOfMatches } from './hooks/use-i18n'
import { useNonce } from './hooks/use-nonce'
import { DEFAULT_LOCALE, LOCALE_TAGS, localeOfPath, localizedPath } from './i18n/locales'
import { readFlash } from './utils/flash.server'
import { requestArea } from './utils/request-context.server'
import { areaOfPath, type RouteEntries } from './utils/route-area'

// The icon travels inside the page (a quarter of a kilobyte): on a slow connection a separate request
// for it would open one more connection beside the page's largest image. /favicon.svg stays for
// anything that asks for it by address.
const FAVICON = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`

export async function loader({ request, context }: Route.LoaderArgs) {
	const { flash, headers } = await readFlash(request, requestArea(context))
	return data({ flash }, { headers })
}

// Public pages never set a flash message, so moving between them does not re-read it; a request that
// fails while browsing then reaches the page's own error boundary inside the shop layout, not this one.
// The areas come from the routes the browser knows (React Router's manifest, which already holds the
// next page's routes when this is asked).
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	// A shortlist change sent in the background answers with its own message.
	if (isShortlistChangeElsewhere({ formAction, currentUrl })) return false
	const routes =
		typeof window === 'undefined'
			? undefined
			: (window as { __reactRouterManifest?: { routes: RouteEntries } }).__reactRouterManifest?.routes
	if (!formMethod && routes && areaOfPath(routes, currentUrl.pathname) === 'public' && areaOfPath(routes, nextUrl.pathname) === 'public')
		return false
	return defaultShouldRevalidate
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const matches = useMatches()
	const storefront = matches.some((match) => isShopLayoutId(match.id))
	const pathLocale = localeOfPath(useLocation().pathname)
	// A storefront page's language is the address's: `/te/…` is Telugu whatever happened on the way
	// (errors included). The admin's is the account's, which its pages' data carry (docs/decisions/0045).
	const locale = storefront ? pathLocale : translatorOfMatches(matches).locale
	// Marks the document once React has taken it over (public pages start their scripts only after
	// their first paint), for anything that needs to know: end-to-end tests wait on it.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	return (
		<html lang={LOCALE_TAGS[locale]}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#6f1522" />
				<Meta />
				<link rel="icon" href={FAVICON} type="image/svg+xml" />
				<Links />
				{storefront || locale !== DEFAULT_LOCALE ? <ScriptFonts locale={locale} nonce={nonce} /> : null}
				{storefront ? (
					<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HOLD_PAINT_FOR_HEADER_JS }} />
				) : null}
			</head>
			<body>
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

// Reached only when the shop layout itself could not load (the database is unreadable): its texts
// never arrived, so this view is in English, with its way home in the address's language.
export function ErrorBoundary() {
	const home = localizedPath('/', localeOfPath(useLocation().pathname))
	const view = (notFound: boolean) => (
		<main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
			<h1 className="font-serif text-3xl text-maroon-800">{notFound ? 'Oops! Page not found' : 'Something went wrong'}</h1>
			<p className="text-stone-600">{notFound ? "The page you're looking for doesn't exist." : 'Please try again in a moment.'}</p>
			<a href={home} className="rounded-full bg-maroon-800 px-6 py-3 font-medium text-white hover:bg-maroon-900">
				Return to Home
			</a>
		</main>
	)
	return <GeneralErrorBoundary statusHandlers={{ 404: () => view(true) }} unexpectedErrorHandler={() => view(false)} />
}
