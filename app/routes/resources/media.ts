import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'

import { bringBackMediaDir, publicMediaUrl } from '~/services/media-bucket.server'
import { uploadsDir } from '~/services/storage.server'
import { CONTENT_TYPES } from '~/utils/file-types.server'

import type { Route } from './+types/media'

const NOT_FOUND = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })

// Keys are random and never reused, so a stored file never changes under its URL.
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Resolves a media path inside UPLOADS_DIR, or null for anything else (`..`, dot-files, unknown types). */
function resolveMediaPath(splat: string | undefined) {
	if (!splat) return null
	let decoded: string
	try {
		decoded = decodeURIComponent(splat)
	} catch {
		return null
	}
	const segments = decoded.split(/[\\/]/)
	if (segments.some((s) => s === '' || s.startsWith('.') || s.includes('\0'))) return null
	const ext = path.extname(decoded).slice(1).toLowerCase()
	const type = CONTENT_TYPES[ext]
	if (!type) return null
	const root = uploadsDir()
	const file = path.resolve(root, ...segments)
	if (!file.startsWith(root + path.sep)) return null
	return { file, type, key: segments.join('/') }
}

// With MEDIA_PUBLIC_URL a file already in the bucket is fetched from there (or its CDN) instead.
const REDIRECT_CACHE = 'public, max-age=86400'

/**
 * The file on this disk; one missing here but named by the database is first brought back from the
 * media bucket when one is configured (a restored or second machine).
 */
async function statMediaFile(file: string, key: string) {
	const stat = await fsp.stat(file).catch(() => null)
	if (stat || !(await bringBackMediaDir(key))) return stat?.isFile() ? stat : null
	const again = await fsp.stat(file).catch(() => null)
	return again?.isFile() ? again : null
}

/** Parses a single `bytes=` range; null when absent or unusable (then the whole file is sent). */
export function parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
	if (!header) return null
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
	if (!match) return null
	const [, from, to] = match
	if (from === '' && to === '') return null
	let start: number
	let end: number
	if (from === '') {
		const suffix = Number(to)
		if (suffix === 0) return 'unsatisfiable'
		start = Math.max(0, size - suffix)
		end = size - 1
	} else {
		start = Number(from)
		end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
	}
	if (start >= size || start > end) return 'unsatisfiable'
	return { start, end }
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const found = resolveMediaPath(params['*'])
	if (!found) return NOT_FOUND()
	const { file, type, key } = found
	const elsewhere = await publicMediaUrl(key)
	if (elsewhere) return new Response(null, { status: 302, headers: { Location: elsewhere, 'Cache-Control': REDIRECT_CACHE } })
	const stat = await statMediaFile(file, key)
	if (!stat) return NOT_FOUND()
	const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
	const lastModified = stat.mtime.toUTCString()
	const headers = new Headers({
		'Content-Type': type,
		'Cache-Control': IMMUTABLE,
		'X-Content-Type-Options': 'nosniff',
		'Content-Security-Policy': "default-src 'none'; sandbox",
		'Cross-Origin-Resource-Policy': 'same-origin',
		'Accept-Ranges': 'bytes',
		ETag: etag,
		'Last-Modified': lastModified,
	})

	const ifNoneMatch = request.headers.get('If-None-Match')
	const ifModifiedSince = request.headers.get('If-Modified-Since')
	const notModified = ifNoneMatch
		? ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
		: ifModifiedSince
			? new Date(ifModifiedSince).getTime() >= Math.floor(stat.mtimeMs / 1000) * 1000
			: false
	if (notModified) return new Response(null, { status: 304, headers })

	const ifRange = request.headers.get('If-Range')
	const rangeAllowed = !ifRange || ifRange === etag || ifRange === lastModified
	const range = rangeAllowed ? parseRange(request.headers.get('Range'), stat.size) : null
	if (range === 'unsatisfiable') {
		headers.set('Content-Range', `bytes */${stat.size}`)
		return new Response(null, { status: 416, headers })
	}
	const { start, end } = range ?? { start: 0, end: stat.size - 1 }
	headers.set('Content-Length', String(stat.size === 0 ? 0 : end - start + 1))
	if (range) headers.set('Content-Range', `bytes ${start}-${end}/${stat.size}`)
	const body =
		request.method === 'HEAD' || stat.size === 0
			? null
			: (Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>)
	return new Response(body, { status: range ? 206 : 200, headers })
}
