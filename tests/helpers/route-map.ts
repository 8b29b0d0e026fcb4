import routes from '../../app/routes'
import { routeArea, type RouteEntries } from '../../app/utils/route-area'

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigEntry[] }

/** app/routes.ts as React Router's manifest describes it: ids (the module path unless named), parents, files. */
export function routeMap(): { entries: RouteEntries; files: Record<string, string> } {
	const entries: RouteEntries = { root: { id: 'root', path: '' } }
	const files: Record<string, string> = { root: 'root.tsx' }
	const walk = (list: ConfigEntry[], parentId: string) => {
		for (const entry of list) {
			const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')
			entries[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive }
			files[id] = entry.file
			if (entry.children) walk(entry.children, id)
		}
	}
	walk(routes as ConfigEntry[], 'root')
	return { entries, files }
}

export type PageRoute = { pattern: string; routeId: string; index: boolean }

/** Every page (leaf) route of app/routes.ts with its full URL pattern, in the given area. */
export function pageRoutes(area: 'admin' | 'auth' | 'public'): PageRoute[] {
	const { entries } = routeMap()
	const isParent = new Set(Object.values(entries).map((e) => e?.parentId))
	return Object.values(entries)
		.filter((e) => e && !isParent.has(e.id))
		.map((e) => {
			const chain: string[] = []
			for (let id: string | undefined = e!.id; id; id = entries[id]?.parentId) chain.unshift(id)
			const pattern = `/${chain
				.map((id) => entries[id]?.path ?? '')
				.filter(Boolean)
				.join('/')}`.replace(/\/+/g, '/')
			return { pattern, routeId: e!.id, index: !!e!.index, area: routeArea(chain) }
		})
		.filter((r) => r.area === area)
		.map(({ pattern, routeId, index }) => ({ pattern, routeId, index }))
}

export type RecordIds = { product?: number; blog?: number; order?: number }

/**
 * A URL for a route pattern: `:id` becomes the id of the record the address is about (a product, a
 * blog post, an order) when the test made one, else 1. A screen for another kind of record still
 * answers as its area does with a missing id (a sign-in redirect, or the admin's "not found"), so
 * a new admin screen is covered by the specs that walk every route without teaching them. A customer
 * (`:key`) is a phone's digits; an import's upload (`:upload`), an id nobody was given.
 */
export function fillPattern(pattern: string, ids: RecordIds) {
	return pattern.replace(/:(\w+)/g, (_, name: string) => {
		// A customer's page is by their phone's digits (app/utils/customer-path.ts): one nobody has.
		if (name === 'key' && pattern.includes('customers')) return '919000000001'
		// A catalogue import's upload is 32 hex digits (app/schemas/catalogue-import.ts): one never made.
		if (name === 'upload' && pattern.includes('import')) return '0'.repeat(32)
		if (name !== 'id') throw new Error(`No test value for :${name} in ${pattern}: teach tests/helpers/route-map.ts about it`)
		const kind = (['product', 'blog', 'order'] as const).find((k) => pattern.includes(k))
		return String((kind && ids[kind]) || 1)
	})
}
