import { type MiddlewareFunction, redirect } from 'react-router'

// Admin addresses take one spelling per collection: `/admin/<things>/new` and `/admin/<things>/:id/edit`
// (docs/decisions/0031-admin-addresses.md). The editors' earlier addresses are still routed (app/routes.ts)
// because they sit on the seller's phone as bookmarks and in forms she may have open: a visit moves on
// for good (301); a form posted there is saved as before, since a redirect would drop what she typed
// for clients that do not send a form again.

/** Each earlier address (a React Router pattern under /admin) and the one it moved to. */
const MOVED_ADMIN_ADDRESSES = [
	{ from: '/admin/add-product', to: '/admin/products/new' },
	{ from: '/admin/edit-product/:id', to: '/admin/products/:id/edit' },
	{ from: '/admin/add-blog', to: '/admin/blogs/new' },
	{ from: '/admin/blogs/edit/:id', to: '/admin/blogs/:id/edit' },
] as const

// React Router's data requests (`/admin/add-product.data?_routes=…`) stand for the page they load.
const DATA_SUFFIX = /\.data$/
const ROUTER_PARAMS = ['_routes', 'index']

function pattern(path: string) {
	return new RegExp(`^${path.replace(/:id/g, '([^/]+)')}$`, 'i')
}

/** Where an earlier admin address now lives, with its query string; null for any other address. */
function movedAdminAddress(url: URL): string | null {
	const data = DATA_SUFFIX.test(url.pathname)
	const pathname = url.pathname.replace(DATA_SUFFIX, '')
	for (const { from, to } of MOVED_ADMIN_ADDRESSES) {
		const match = pattern(from).exec(pathname)
		if (!match) continue
		let query = url.search
		if (data) {
			const search = new URLSearchParams(url.search)
			for (const name of ROUTER_PARAMS) search.delete(name)
			query = search.size ? `?${search}` : ''
		}
		// The id stays as the address spelled it (still percent-encoded).
		return `${to.replace(':id', match[1] ?? '')}${query}`
	}
	return null
}

/** Admin middleware: a visit (GET or HEAD) to an earlier address is sent on to its new one. */
export const redirectMovedAddress: MiddlewareFunction<Response> = ({ request }, next) => {
	if (request.method !== 'GET' && request.method !== 'HEAD') return next()
	const moved = movedAdminAddress(new URL(request.url))
	return moved === null ? next() : redirect(moved, 301)
}
