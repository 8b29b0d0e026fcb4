import { useNavigation } from 'react-router'

import { useAdminI18n } from '~/hooks/use-admin-i18n'
import type { MessageKey } from '~/i18n/translate'

function loadingText(pathname: string): MessageKey {
	if (/^\/admin\/products\/[^/]+\/edit$/.test(pathname)) return 'admin.loadingProduct'
	if (pathname === '/admin/products') return 'admin.loadingProducts'
	if (/^\/admin\/blogs\/[^/]+\/edit$/.test(pathname)) return 'admin.loadingBlog'
	if (pathname === '/admin/blogs') return 'admin.loadingBlogs'
	return 'admin.loading'
}

/** A thin bar and a short text while the next admin screen loads (JS navigations only). */
export function NavigationStatus() {
	const { t } = useAdminI18n()
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin')
	return (
		<div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[70]">
			{loading ? (
				<>
					<div className="h-1 w-full animate-pulse bg-gold-500" />
					<p className="absolute top-2 right-2 rounded-full bg-white px-3 py-1 text-sm text-stone-800 shadow">
						{t(loadingText(navigation.location.pathname))}
					</p>
				</>
			) : null}
		</div>
	)
}
