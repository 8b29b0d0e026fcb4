import routes from '../../app/routes'
import type { RouteEntries } from '../../app/utils/route-area'

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
