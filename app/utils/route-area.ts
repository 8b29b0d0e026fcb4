import { matchRoutes, type RouteObject } from 'react-router'

// Which part of the shop an address belongs to, decided from the route React Router matches (never
// from the spelling of the address: the router matches `/Admin/orders` and `/%61dmin/orders` too).
// One rule for the server (page cache, headers, entry.server) and the browser (root revalidation).

export type RouteArea = 'admin' | 'auth' | 'public'

/** A route as the server build (`build.routes`) and the browser's route manifest both describe it. */
type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
export type RouteEntries = Record<string, RouteEntry | undefined>

/**
 * A route's area is the folder of its module under app/routes (route ids are the module's path
 * without extension unless app/routes.ts names one), inherited by every route below it: a child
 * with its own id (`admin-add-product`) sits under `routes/admin/layout`. Everything else is public.
 * routes.test.ts checks this against the files named in app/routes.ts.
 */
const AREA_FOLDERS: ReadonlyArray<readonly [string, RouteArea]> = [
	['routes/admin/', 'admin'],
	['routes/auth/', 'auth'],
]

/** The area of a chain of matched route ids (root first). */
export function routeArea(matchedIds: readonly string[]): RouteArea {
	for (const id of matchedIds) {
		for (const [folder, area] of AREA_FOLDERS) if (id.startsWith(folder)) return area
	}
	return 'public'
}

const trees = new WeakMap<RouteEntries, RouteObject[]>()

function routeTree(routes: RouteEntries): RouteObject[] {
	let tree = trees.get(routes)
	if (tree) return tree
	const byParent = new Map<string | undefined, RouteEntry[]>()
	for (const route of Object.values(routes)) {
		if (!route) continue
		const siblings = byParent.get(route.parentId) ?? []
		siblings.push(route)
		byParent.set(route.parentId, siblings)
	}
	const build = (parentId: string | undefined): RouteObject[] =>
		(byParent.get(parentId) ?? []).map((route) =>
			route.index
				? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
				: { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
		)
	tree = build(undefined)
	trees.set(routes, tree)
	return tree
}

export type MatchedRoute = { id: string; path?: string }

// matchRoutes ranks and compiles every route on each call (about a millisecond of CPU here), so
// recent answers are remembered; any path not among them is simply matched again.
const REMEMBERED_PATHS = 1_000
const remembered = new WeakMap<RouteEntries, Map<string, MatchedRoute[] | null>>()

/** The routes React Router matches for a document path (root first), or null when none does. */
export function matchRouteChain(routes: RouteEntries, pathname: string): MatchedRoute[] | null {
	let known = remembered.get(routes)
	if (!known) remembered.set(routes, (known = new Map()))
	if (known.has(pathname)) return known.get(pathname)!
	const matches = matchRoutes(routeTree(routes), pathname)
	const chain = matches ? matches.map((m) => ({ id: m.route.id!, path: m.route.path })) : null
	if (known.size >= REMEMBERED_PATHS) known.delete(known.keys().next().value!)
	known.set(pathname, chain)
	return chain
}

/** The area of a document path; an address no route matches is public (the shop's not-found page). */
export function areaOfPath(routes: RouteEntries, pathname: string): RouteArea {
	return routeArea(matchRouteChain(routes, pathname)?.map((m) => m.id) ?? [])
}

/**
 * The `handle` a public page exports to let the server keep one rendering of it for every visitor
 * (server/page-cache.ts). Nothing else is ever kept: admin and sign-in pages cannot opt in.
 */
export const SHAREABLE_PAGE = { shareable: true } as const

export function isShareableHandle(handle: unknown) {
	return typeof handle === 'object' && handle !== null && (handle as { shareable?: unknown }).shareable === true
}

/**
 * The handle of a shareable page that reads its query string: `canonicalAddress` turns a request's
 * address into the page's one spelling of it (the parameters it reads, valid, in a fixed order). The
 * page cache keeps and renders that address, so `?utm_source=…` or `?page=abc` cost no entry of their own.
 */
export function shareablePageWithQuery(canonicalAddress: (url: URL) => string) {
	return { ...SHAREABLE_PAGE, canonicalAddress }
}

/**
 * The canonical address a handle names for `url`: its own rule for a page that reads its query string,
 * the bare path for any other shareable page (it reads no parameter, so `?utm_source=…` is the same
 * page); null for a page that is not shareable.
 */
export function canonicalAddressOf(handle: unknown, url: URL): string | null {
	if (!isShareableHandle(handle)) return null
	const canonical = (handle as { canonicalAddress?: unknown }).canonicalAddress
	return typeof canonical === 'function' ? String((canonical as (url: URL) => unknown)(url)) : url.pathname
}
