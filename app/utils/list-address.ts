/**
 * An admin list's address as the seller was looking at it: the filters and search in use (empty ones
 * left out, so the address stays short and shareable) and the page past the first.
 */
export function listAddress(path: string, filters: Record<string, string | null | undefined>, page = 1) {
	const params = new URLSearchParams()
	for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
	if (page > 1) params.set('page', String(page))
	return params.size ? `${path}?${params}` : path
}
