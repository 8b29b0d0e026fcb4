import fs from 'node:fs'
import path from 'node:path'

import type { NextFunction, Request, Response } from 'express'

import { preferredEncoding } from './content-encoding'

/**
 * Sends the build's `.br` / `.gz` copies of hashed assets (written by the precompress step in
 * vite.config.ts) to browsers that accept them; the static handler after this then serves that file.
 * Assets without a copy (or browsers that accept neither) fall through to on-the-fly compression.
 */
export function precompressedAssets(assetsDir: string) {
	const available = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : [])
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const name = req.path.slice(1)
		const br = available.has(`${name}.br`)
		const gz = available.has(`${name}.gz`)
		if (!br && !gz) return next()
		res.vary('Accept-Encoding')
		const encoding = preferredEncoding(req.headers['accept-encoding'], br && gz ? ['br', 'gzip'] : br ? ['br'] : ['gzip'])
		if (encoding === 'identity') return next()
		res.type(path.extname(name))
		res.setHeader('Content-Encoding', encoding)
		req.url = `/${name}.${encoding === 'br' ? 'br' : 'gz'}`
		next()
	}
}
