import { type ComponentType, type MouseEvent, type SVGProps, useEffect, useRef } from 'react'
import { Form, Link, useLocation } from 'react-router'

import { useAdminI18n } from '~/hooks/use-admin-i18n'
import type { MessageKey } from '~/i18n/translate'

import {
	AddIcon,
	BlogsIcon,
	CategoriesIcon,
	CloseIcon,
	CollapseIcon,
	CustomersIcon,
	DashboardIcon,
	ExpandIcon,
	HeroIcon,
	OrdersIcon,
	PenIcon,
	ProductsIcon,
	ReportsIcon,
	SettingsIcon,
	SignOutIcon,
	StoryIcon,
	TrashIcon,
} from './icons'
import { SellerText } from './seller-text'
import type { SidebarState } from './sidebar-state'

type NavItem = {
	label: MessageKey
	to: string
	icon: ComponentType<SVGProps<SVGSVGElement>>
	isActive: (pathname: string) => boolean
}

const under =
	(...prefixes: string[]) =>
	(pathname: string) =>
		prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`))

/** A collection's screens but its "new" one, which has an item of its own. */
const collection = (path: string) => (pathname: string) => under(path)(pathname) && !under(`${path}/new`)(pathname)

export const NAV_ITEMS: NavItem[] = [
	{ label: 'admin.navDashboard', to: '/admin', icon: DashboardIcon, isActive: (p) => p === '/admin' || p === '/admin/' },
	{ label: 'admin.navProducts', to: '/admin/products', icon: ProductsIcon, isActive: collection('/admin/products') },
	{ label: 'admin.navAddProduct', to: '/admin/products/new', icon: AddIcon, isActive: under('/admin/products/new') },
	{ label: 'admin.navBlogs', to: '/admin/blogs', icon: BlogsIcon, isActive: collection('/admin/blogs') },
	{ label: 'admin.navAddBlog', to: '/admin/blogs/new', icon: PenIcon, isActive: under('/admin/blogs/new') },
	{ label: 'admin.navOrders', to: '/admin/orders', icon: OrdersIcon, isActive: under('/admin/orders') },
	{ label: 'admin.navCustomers', to: '/admin/customers', icon: CustomersIcon, isActive: under('/admin/customers') },
	{ label: 'admin.navReports', to: '/admin/reports', icon: ReportsIcon, isActive: under('/admin/reports') },
	{ label: 'admin.navHeroSettings', to: '/admin/hero-settings', icon: HeroIcon, isActive: under('/admin/hero-settings') },
	{ label: 'admin.navStorySettings', to: '/admin/story-settings', icon: StoryIcon, isActive: under('/admin/story-settings') },
	{ label: 'admin.navCategories', to: '/admin/settings/categories', icon: CategoriesIcon, isActive: under('/admin/settings/categories') },
	{
		label: 'admin.navSettings',
		to: '/admin/settings',
		icon: SettingsIcon,
		isActive: (p) => under('/admin/settings')(p) && !under('/admin/settings/categories')(p),
	},
	{ label: 'admin.navTrash', to: '/admin/trash', icon: TrashIcon, isActive: under('/admin/trash') },
]

export const SIDEBAR_ID = 'admin-sidebar'

/**
 * The admin navigation. On phones (< 768 px) it is an 18rem drawer opened from the top bar; on larger
 * screens a 16rem column that collapses to 3rem of icons. Without JS the drawer opens through its
 * #fragment (:target) and the collapse toggle is a link the layout loader turns into the cookie.
 */
export function AdminSidebar({
	state,
	open,
	shopName,
	onToggle,
	onClose,
}: {
	state: SidebarState
	open: boolean
	shopName: string
	onToggle: (event: MouseEvent) => void
	onClose: (event?: MouseEvent) => void
}) {
	const { t } = useAdminI18n()
	const { pathname, search } = useLocation()
	const collapsed = state === 'collapsed'
	const firstLink = useRef<HTMLAnchorElement>(null)

	useEffect(() => {
		if (open) firstLink.current?.focus()
	}, [open])

	const toggleParams = new URLSearchParams(search)
	toggleParams.set('sidebar', collapsed ? 'expanded' : 'collapsed')
	const hiddenLabel = collapsed ? 'md:sr-only' : ''

	return (
		<>
			<aside
				id={SIDEBAR_ID}
				aria-label={t('admin.sidebarLabel')}
				className={`group/sidebar print:hidden fixed inset-y-0 left-0 z-50 flex w-72 flex-col border-r border-maroon-900 bg-maroon-900 text-maroon-50 shadow-xl transition-transform duration-200 md:sticky md:top-0 md:z-auto md:h-dvh md:translate-x-0 md:shadow-none md:visible ${
					open ? 'visible translate-x-0' : 'invisible -translate-x-full target:visible target:translate-x-0'
				} ${collapsed ? 'md:w-12' : 'md:w-64'}`}
			>
				<div
					className={`flex h-14 shrink-0 items-center gap-2 border-b border-white/10 px-3 ${collapsed ? 'md:justify-center md:px-0' : ''}`}
				>
					<Link to="/admin" className={`min-w-0 flex-1 truncate font-serif text-lg text-gold-100 ${collapsed ? 'md:hidden' : ''}`}>
						<SellerText>{shopName}</SellerText>
					</Link>
					<a
						href={`?${toggleParams}`}
						onClick={onToggle}
						className="hidden size-11 items-center justify-center rounded-md text-maroon-50 hover:bg-white/10 md:inline-flex"
						aria-label={t(collapsed ? 'admin.expandSidebar' : 'admin.collapseSidebar')}
						title={t(collapsed ? 'admin.expandSidebarShortcut' : 'admin.collapseSidebarShortcut')}
						aria-controls={SIDEBAR_ID}
						aria-expanded={!collapsed}
					>
						{collapsed ? <ExpandIcon /> : <CollapseIcon />}
					</a>
					{/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- without JavaScript the drawer is the #admin-sidebar target; this link leaves it */}
					<a
						href="#"
						onClick={(e) => onClose(e)}
						className="inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
						aria-label={t('admin.closeMenu')}
					>
						<CloseIcon />
					</a>
				</div>
				<nav aria-label={t('admin.sectionsLabel')} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden py-2">
					<ul className={`space-y-1 px-2 ${collapsed ? 'md:px-0.5' : ''}`}>
						{NAV_ITEMS.map((item, i) => {
							const active = item.isActive(pathname)
							return (
								<li key={item.to}>
									<Link
										ref={i === 0 ? firstLink : undefined}
										to={item.to}
										prefetch="intent"
										aria-current={active ? 'page' : undefined}
										title={collapsed ? t(item.label) : undefined}
										className={`flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${
											active ? 'bg-gold-100 text-maroon-900' : 'text-maroon-50 hover:bg-white/10'
										} ${collapsed ? 'md:justify-center md:px-0' : ''}`}
									>
										<item.icon />
										<span className={hiddenLabel}>{t(item.label)}</span>
									</Link>
								</li>
							)
						})}
					</ul>
				</nav>
				<Form method="post" action="/auth/sign-out" className={`border-t border-white/10 p-2 ${collapsed ? 'md:px-0.5' : ''}`}>
					<button
						type="submit"
						title={collapsed ? t('admin.signOut') : undefined}
						className={`flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-maroon-50 hover:bg-white/10 ${
							collapsed ? 'md:justify-center md:px-0' : ''
						}`}
					>
						<SignOutIcon />
						<span className={hiddenLabel}>{t('admin.signOut')}</span>
					</button>
				</Form>
			</aside>
			{/* The dimmed page behind the open drawer closes it when tapped. */}
			{/* eslint-disable-next-line jsx-a11y/anchor-is-valid, jsx-a11y/anchor-has-content -- without JavaScript the drawer is the #admin-sidebar target; this link leaves it */}
			<a
				href="#"
				tabIndex={-1}
				aria-hidden="true"
				onClick={(e) => onClose(e)}
				className={`fixed inset-0 z-40 bg-black/50 md:hidden ${open ? 'block' : 'hidden [#admin-sidebar:target~&]:block'}`}
			/>
		</>
	)
}
