import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

import { useI18n } from '~/hooks/use-i18n'
import { LOCALE_NAMES } from '~/i18n/locales'

import { BrandMark, CloseIcon, LanguageIcon, MenuIcon, SearchIcon, WhatsAppIcon } from './icons'
import { LanguageSwitcher } from './language-switcher'
import { ShortlistLink } from './shortlist'
import { WhatsAppLink } from './whatsapp-link'

/** The main pages, by their English paths (links go to the page's language through `path`). */
export const NAV_LINKS = [
	{ to: '/', label: 'shop.navHome' },
	{ to: '/collections', label: 'shop.navCollections' },
	{ to: '/about', label: 'shop.navAbout' },
	{ to: '/blogs', label: 'shop.navBlogs' },
] as const

/** Past this many pixels, scrolling down hides the header; scrolling up shows it again. */
const HIDE_AFTER_PX = 100

/**
 * The header. Below 768 px the menu is a <details> whose content is styled as a bottom drawer: it opens
 * and closes without JavaScript; with JavaScript it also closes on Escape, outside taps and navigation.
 */
export function SiteHeader({ shopName }: { shopName: string }) {
	const [scrolledAway, setScrolledAway] = useState(false)
	const [menuOpen, setMenuOpen] = useState(false)
	const detailsRef = useRef<HTMLDetailsElement>(null)
	const summaryRef = useRef<HTMLElement>(null)
	const location = useLocation()
	const { locale, t, path } = useI18n()

	useEffect(() => {
		let lastY = window.scrollY
		let frame = 0
		const onScroll = () => {
			if (frame) return
			frame = requestAnimationFrame(() => {
				frame = 0
				const y = window.scrollY
				if (y <= HIDE_AFTER_PX) setScrolledAway(false)
				else if (y > lastY + 2) setScrolledAway(true)
				else if (y < lastY - 2) setScrolledAway(false)
				lastY = y
			})
		}
		window.addEventListener('scroll', onScroll, { passive: true })
		return () => {
			window.removeEventListener('scroll', onScroll)
			cancelAnimationFrame(frame)
		}
	}, [])

	// A visitor may open the drawer before the scripts start (it is a plain <details> until then):
	// take its state over as it is, and close it only when the address changes after that.
	useEffect(() => {
		if (detailsRef.current?.open) setMenuOpen(true)
	}, [])

	const address = `${location.pathname}${location.search}`
	const shownAddress = useRef(address)
	useEffect(() => {
		if (shownAddress.current === address) return
		shownAddress.current = address
		closeMenu()
	}, [address])

	useEffect(() => {
		if (!menuOpen) return
		const onKey = (event: KeyboardEvent) => {
			if (event.key !== 'Escape') return
			closeMenu()
			summaryRef.current?.focus()
		}
		document.addEventListener('keydown', onKey)
		const overflow = document.body.style.overflow
		document.body.style.overflow = 'hidden'
		detailsRef.current?.querySelector<HTMLElement>('[data-drawer] a')?.focus()
		return () => {
			document.removeEventListener('keydown', onKey)
			document.body.style.overflow = overflow
		}
	}, [menuOpen])

	function closeMenu() {
		if (detailsRef.current) detailsRef.current.open = false
	}

	const hidden = scrolledAway && !menuOpen
	return (
		<header
			// No transform while shown: a transformed ancestor would trap the fixed drawer inside the header.
			className={`sticky top-0 z-40 border-b border-gold-200/70 bg-cream/95 shadow-[0_1px_0_rgb(0_0_0/0.02)] transition-transform duration-300 ${hidden ? '-translate-y-full' : ''}`}
			data-hidden={hidden ? 'true' : 'false'}
			onFocusCapture={() => setScrolledAway(false)}
		>
			<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-3 sm:px-6 md:h-20 lg:px-8">
				<Link to={path('/')} className="flex min-w-0 items-center gap-2 sm:gap-2.5" aria-label={t('shop.homeLink', { shop: shopName })}>
					<BrandMark className="h-7 w-7 shrink-0 min-[400px]:h-8 min-[400px]:w-8 md:h-9 md:w-9" />
					{/* On the narrowest phones a long name breaks inside a word rather than run under the icons. */}
					<span className="min-w-0 font-serif text-base leading-tight [overflow-wrap:anywhere] text-maroon-900 min-[400px]:text-lg lg:text-2xl">
						{shopName}
					</span>
				</Link>

				<nav aria-label={t('shop.navMain')} className="hidden md:block">
					<ul className="flex items-center gap-1 lg:gap-2">
						{NAV_LINKS.map((link) => (
							<li key={link.to}>
								<NavLink
									to={path(link.to)}
									end={link.to === '/'}
									prefetch="intent"
									className={({ isActive }) =>
										`relative rounded-md px-2 py-2 text-[0.95rem] font-medium whitespace-nowrap transition-colors lg:px-3 hover:text-maroon-800 ${
											isActive
												? 'text-maroon-800 after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded after:bg-gold-500'
												: 'text-stone-700'
										}`
									}
								>
									{t(link.label)}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>

				<div className="flex shrink-0 items-center gap-1 sm:gap-2">
					<details className="relative hidden md:block">
						{/* Between 768 and 1280 px the nav needs the room: the button is its icon, still named. */}
						<summary className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1.5 rounded-full text-sm font-medium whitespace-nowrap text-maroon-900 transition-colors hover:bg-maroon-50 xl:px-2.5">
							<LanguageIcon className="h-5 w-5" />
							<span className="sr-only">{t('shop.language')}: </span>
							<span className="sr-only xl:not-sr-only">{LOCALE_NAMES[locale]}</span>
						</summary>
						<LanguageSwitcher
							className="absolute top-full right-0 z-50 mt-1 min-w-40 rounded-xl border border-gold-200 bg-cream p-1.5 shadow-lg"
							linkClassName={(current) =>
								`flex min-h-11 items-center rounded-lg px-3 ${current ? 'font-semibold text-maroon-800' : 'text-stone-800 hover:bg-maroon-50'}`
							}
						/>
					</details>
					<Link
						to={`${path('/collections')}#search`}
						aria-label={t('shop.searchSarees')}
						className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-maroon-900 transition-colors hover:bg-maroon-50"
					>
						<SearchIcon className="h-6 w-6" />
					</Link>
					<ShortlistLink className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-maroon-900 transition-colors hover:bg-maroon-50" />
					<WhatsAppLink className="hidden min-h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-maroon-800 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-maroon-900 md:inline-flex lg:px-5">
						<WhatsAppIcon className="h-5 w-5" />
						<span className="sr-only lg:not-sr-only">{t('shop.contact')}</span>
					</WhatsAppLink>

					<details ref={detailsRef} data-menu className="md:hidden" onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
						<summary
							ref={summaryRef}
							className="relative z-50 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-full border border-maroon-800/20 bg-white px-2.5 text-sm font-semibold text-maroon-900 min-[400px]:px-4"
						>
							{menuOpen ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
							{/* Below 400 px the shop's name needs the room: the button is its icon, still named "Menu". */}
							<span className="sr-only min-[400px]:not-sr-only">{t('shop.menu')}</span>
						</summary>
						<div className="fixed inset-0 z-40 bg-maroon-950/50" onClick={closeMenu} aria-hidden="true" />
						<div
							data-drawer
							className="fixed inset-x-0 bottom-0 z-50 max-h-[85svh] overflow-y-auto rounded-t-3xl border-t-4 border-gold-400 bg-cream px-6 pt-4 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-2xl motion-safe:animate-[drawer-up_220ms_ease-out]"
						>
							<div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-stone-300" aria-hidden="true" />
							<nav aria-label={t('shop.navMobile')}>
								<ul className="divide-y divide-gold-200">
									{NAV_LINKS.map((link) => (
										<li key={link.to}>
											<NavLink
												to={path(link.to)}
												end={link.to === '/'}
												className={({ isActive }) =>
													`flex min-h-14 items-center font-serif text-xl ${isActive ? 'text-maroon-800' : 'text-stone-800'}`
												}
											>
												{t(link.label)}
											</NavLink>
										</li>
									))}
								</ul>
							</nav>
							<LanguageSwitcher
								className="mt-4 flex gap-2"
								linkClassName={(current) =>
									`flex min-h-11 items-center rounded-full border px-4 text-sm ${current ? 'border-maroon-800 bg-maroon-800 font-semibold text-white' : 'border-maroon-800/30 text-maroon-900'}`
								}
							/>
							<WhatsAppLink className="mt-5 flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-maroon-800 px-5 font-semibold text-white">
								<WhatsAppIcon className="h-5 w-5" />
								{t('shop.contact')}
							</WhatsAppLink>
							<button
								type="button"
								onClick={closeMenu}
								className="mt-3 hidden min-h-11 w-full items-center justify-center rounded-full text-sm font-medium text-stone-700 js:flex"
							>
								{t('shop.closeMenu')}
							</button>
						</div>
					</details>
				</div>
			</div>
		</header>
	)
}
