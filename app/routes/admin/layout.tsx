import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Outlet, redirect, type ShouldRevalidateFunctionArgs, useLocation, useRouteLoaderData } from 'react-router'

import { MenuIcon } from '~/components/admin/icons'
import { NavigationStatus } from '~/components/admin/navigation-status'
import { SellerText } from '~/components/admin/seller-text'
import { AdminSidebar, SIDEBAR_ID } from '~/components/admin/sidebar'
import { isSidebarState, readSidebarState, sidebarCookie, type SidebarState } from '~/components/admin/sidebar-state'
import { FlashMessage } from '~/components/ui/flash-message'
import { useAdminFlash, useAdminI18n } from '~/hooks/use-admin-i18n'
import { adminMessages } from '~/i18n/messages.server'
import { getShopSettings } from '~/models/site.server'
import type { loader as rootLoader } from '~/root'
import { requireAdmin } from '~/services/session.server'
import { isHttpsOrigin } from '~/utils/cookies.server'
import { redirectMovedAddress } from '~/utils/moved-addresses'
import { requestFacts } from '~/utils/request-context.server'

import type { Route } from './+types/layout'

const EVENTS_PATH = '/admin/events'

// Installable: the admin's web app manifest and the icon iOS uses for the home screen.
export const links: Route.LinksFunction = () => [
	{ rel: 'manifest', href: '/admin.webmanifest' },
	{ rel: 'apple-touch-icon', href: '/icons/admin-192.png' },
]

// The guard runs for every admin page, `.data` request, action and resource route below this layout.
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }, next) => {
		// The live dashboard's event stream cannot follow a redirect to the sign-in page: it gets a 401.
		if (new URL(request.url).pathname === EVENTS_PATH && (await requestFacts(context).admin()) === null) {
			return new Response('Unauthorized', { status: 401, headers: { 'Cache-Control': 'no-store' } })
		}
		await requireAdmin({ request, context })
		const response = await next()
		// no-transform keeps the compression middleware from buffering the event stream.
		const stream = response.headers.get('Content-Type')?.startsWith('text/event-stream')
		response.headers.set('Cache-Control', stream ? 'no-store, no-transform' : 'no-store')
		return response
	},
	redirectMovedAddress,
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, context })
	const url = new URL(request.url)
	// Without JS the sidebar toggle is a link: remember the choice, then show the same page again.
	const wanted = url.searchParams.get('sidebar')
	if (wanted !== null) {
		url.searchParams.delete('sidebar')
		const headers = isSidebarState(wanted) ? { 'Set-Cookie': sidebarCookie(wanted, isHttpsOrigin()) } : undefined
		throw redirect(`${url.pathname}${url.search}`, { headers })
	}
	const { shopName } = await getShopSettings()
	return {
		sidebar: readSidebarState(request.headers.get('Cookie'), isHttpsOrigin()),
		shopName,
		// The frame's texts and every form's messages, in the account's language (docs/decisions/0045).
		...adminMessages(admin.locale, 'admin', 'adminForms'),
	}
}

/**
 * The frame's data changes only with the settings (the shop's name, the admin's language): other
 * saves and searches leave it, and its texts, where they are.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return formAction?.startsWith('/admin/settings') ? defaultShouldRevalidate : false
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const { t, rich } = useAdminI18n()
	const flash = useAdminFlash(useRouteLoaderData<typeof rootLoader>('root')?.flash ?? null, 'admin.dismissMessage')
	const [state, setState] = useState<SidebarState>(loaderData.sidebar)
	const [open, setOpen] = useState(false)
	const openRef = useRef(open)
	openRef.current = open
	// Closing the drawer (button, backdrop, Escape) puts focus back on the menu button once the page
	// behind is no longer inert.
	const returnFocus = useRef(false)
	useEffect(() => {
		if (open || !returnFocus.current) return
		returnFocus.current = false
		document.getElementById('admin-menu-button')?.focus()
	}, [open])
	const { pathname } = useLocation()

	// The server's answer wins when it changes; a tap on a link in the drawer navigates, and the drawer
	// closes behind it.
	const [seen, setSeen] = useState({ sidebar: loaderData.sidebar, pathname })
	if (seen.sidebar !== loaderData.sidebar || seen.pathname !== pathname) {
		if (seen.sidebar !== loaderData.sidebar) setState(loaderData.sidebar)
		if (seen.pathname !== pathname) setOpen(false)
		setSeen({ sidebar: loaderData.sidebar, pathname })
	}
	// The drawer exists only on phones: growing the window past that closes it (and frees the page).
	useEffect(() => {
		const wide = window.matchMedia('(min-width: 768px)')
		const onChange = () => wide.matches && setOpen(false)
		wide.addEventListener('change', onChange)
		return () => wide.removeEventListener('change', onChange)
	}, [])

	const toggleCollapsed = useCallback(() => {
		setState((current) => {
			const next = current === 'collapsed' ? 'expanded' : 'collapsed'
			document.cookie = sidebarCookie(next, location.protocol === 'https:')
			return next
		})
	}, [])

	useEffect(() => {
		function onKey(event: KeyboardEvent) {
			if (event.key === 'Escape' && openRef.current) closeDrawer()
			if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
				event.preventDefault()
				if (window.matchMedia('(max-width: 767px)').matches) setOpen((o) => !o)
				else toggleCollapsed()
			}
		}
		window.addEventListener('keydown', onKey)
		return () => window.removeEventListener('keydown', onKey)
	}, [toggleCollapsed])

	function openDrawer(event: MouseEvent) {
		event.preventDefault()
		setOpen(true)
	}
	function closeDrawer(event?: MouseEvent) {
		event?.preventDefault()
		setOpen(false)
		returnFocus.current = true
		if (window.location.hash === `#${SIDEBAR_ID}`)
			history.replaceState(history.state, '', window.location.pathname + window.location.search)
	}

	return (
		<div className="min-h-dvh md:flex" data-sidebar={state}>
			<a
				href="#main"
				inert={open}
				className="sr-only z-[60] rounded bg-white px-4 py-3 text-maroon-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
			>
				{t('admin.skipToContent')}
			</a>
			{/* While the drawer is open the page behind it is inert: focus and screen readers stay in the drawer. */}
			<div
				inert={open}
				data-admin-top-bar
				className="sticky top-0 z-30 flex h-14 print:hidden items-center gap-2 border-b border-stone-200 bg-white px-2 md:hidden"
			>
				<a
					id="admin-menu-button"
					href={`#${SIDEBAR_ID}`}
					onClick={openDrawer}
					aria-controls={SIDEBAR_ID}
					aria-expanded={open}
					className="inline-flex size-11 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100"
				>
					<MenuIcon />
					<span className="sr-only">{t('admin.openMenu')}</span>
				</a>
				<span className="truncate font-serif text-lg text-maroon-900">
					{rich('admin.adminTitle', { shop: <SellerText>{loaderData.shopName}</SellerText> })}
				</span>
			</div>
			{flash ? <FlashMessage flash={flash} /> : null}
			<NavigationStatus />
			<AdminSidebar
				state={state}
				open={open}
				shopName={loaderData.shopName}
				onToggle={(event) => {
					event.preventDefault()
					toggleCollapsed()
				}}
				onClose={closeDrawer}
			/>
			<main id="main" inert={open} tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 outline-none sm:px-6 md:px-8 md:py-8 print:p-0">
				<Outlet />
			</main>
		</div>
	)
}
