import { matchRouteChain, type RouteEntries } from '../app/utils/route-area'

/**
 * One spelling per address (docs/decisions/0012-canonical-addresses-and-route-areas.md). The router matches paths
 * ignoring letter case and after percent-decoding, so `/Admin//orders/`, `/%61dmin/orders` and
 * `/admin/orders` are one page; every layer (page cache, logs, links) sees only the canonical one,
 * because every other spelling is redirected to it:
 * - percent-encoding: decoded, then encoded again one way (RFC 3986 path characters kept as they
 *   are, everything else as upper-case UTF-8 escapes, as browsers send it);
 * - empty segments (double slashes) and a trailing slash dropped (the root stays `/`);
 * - the fixed words of the matched route in their written letter case (`/Admin/Orders/5` →
 *   `/admin/orders/5`); values (ids, slugs, media keys) keep theirs;
 * - React Router's data requests (`.data`, `/_.data` for a trailing slash) the same way.
 * Dot segments (`..`) and bad escapes are no address a browser sends: not found and bad request.
 */
export type PathVerdict = { kind: 'canonical' } | { kind: 'redirect'; path: string } | { kind: 'not-found' } | { kind: 'bad-request' }

// encodeURIComponent escapes these, though RFC 3986 lets a path segment carry them as they are.
const SUB_DELIMITERS = /%(24|26|2B|2C|3B|3D|3A|40)/g

function encodeSegment(decoded: string) {
	return encodeURIComponent(decoded).replace(SUB_DELIMITERS, (escape) => decodeURIComponent(escape))
}

/** The document path a data request stands for, and how to turn a document path back into one. */
function splitDataSuffix(path: string) {
	if (path.endsWith('/_.data')) return { document: path.slice(0, -'_.data'.length), data: true }
	if (path.endsWith('.data')) return { document: path.slice(0, -'.data'.length), data: true }
	return { document: path, data: false }
}

export function canonicalPath(rawPath: string, routes: RouteEntries): PathVerdict {
	const { document, data } = splitDataSuffix(rawPath)
	const segments: string[] = []
	for (const raw of document.split('/')) {
		if (raw === '') continue
		let decoded: string
		try {
			decoded = decodeURIComponent(raw)
		} catch {
			return { kind: 'bad-request' }
		}
		if (decoded === '.' || decoded === '..') return { kind: 'not-found' }
		try {
			segments.push(encodeSegment(decoded))
		} catch {
			// A lone surrogate (`%ED%A0%80`) cannot be written as UTF-8.
			return { kind: 'bad-request' }
		}
	}
	const pattern = (matchRouteChain(routes, `/${segments.join('/')}`) ?? []).flatMap((route) =>
		(route.path ?? '').split('/').filter(Boolean),
	)
	for (const [i, word] of pattern.entries()) {
		// Past a splat or an optional segment, the positions of the pattern and the path part ways.
		if (word === '*' || word.endsWith('?')) break
		if (!word.startsWith(':') && segments[i]?.toLowerCase() === word.toLowerCase()) segments[i] = word
	}
	const path = `/${segments.join('/')}`
	const canonical = data ? (path === '/' ? '/_.data' : `${path}.data`) : path
	return canonical === rawPath ? { kind: 'canonical' } : { kind: 'redirect', path: canonical }
}

/** Whether a request path is React Router's data request for a page (`/about.data`, `/_.data`). */
export function isDataPath(path: string) {
	return splitDataSuffix(path).data
}

/** The document path of a canonical request path (`/admin/orders.data` → `/admin/orders`). */
export function documentPath(canonical: string) {
	const { document } = splitDataSuffix(canonical)
	return document === '' ? '/' : document
}
