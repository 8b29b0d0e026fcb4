// The caching and compression part of `npm run bench`: what the server answers for a page, its hashed
// script and style, a data request, an image from /media, and revalidation of that image.

export type CachingCheck = { resource: string; url: string; detail: string; ok: boolean }

const IMMUTABLE = /\bpublic\b.+\bmax-age=31536000\b.+\bimmutable\b/

async function head(url: string, headers: Record<string, string> = {}) {
	const response = await fetch(url, { headers: { 'Accept-Encoding': 'br, gzip', ...headers } })
	const body = await response.arrayBuffer()
	return { status: response.status, headers: response.headers, bytes: body.byteLength }
}

/** Every check the issue's caching target names, on real URLs taken from `pagePath`'s HTML. */
export async function checkCaching(origin: string, pagePath: string): Promise<CachingCheck[]> {
	const checks: CachingCheck[] = []
	const html = await (await fetch(origin + pagePath)).text()
	const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
	const style = /\/assets\/[\w.-]+\.css/.exec(html)?.[0]
	const image = /\/media\/images\/[\w/.-]+\.webp/.exec(html)?.[0]
	if (!script || !style || !image) throw new Error(`${pagePath} names no script, style or /media image: cannot check caching`)

	const page = await head(origin + pagePath)
	const encoding = (h: Headers) => h.get('content-encoding') ?? 'none'
	checks.push({
		resource: 'HTML page',
		url: pagePath,
		detail: `${encoding(page.headers)}`,
		ok: /^(?:br|gzip)$/.test(encoding(page.headers)),
	})
	const data = await head(`${origin}${pagePath}.data`)
	checks.push({
		resource: 'data request (client navigation)',
		url: `${pagePath}.data`,
		detail: `${encoding(data.headers)}`,
		ok: data.status === 200 && /^(?:br|gzip)$/.test(encoding(data.headers)),
	})
	// Responses under 1 KB are sent as they are (compressing them saves next to nothing).
	const icon = await head(`${origin}/favicon.svg`)
	checks.push({
		resource: 'SVG icon',
		url: '/favicon.svg',
		detail: icon.bytes < 1024 ? `${icon.bytes} bytes: under 1 KB, sent as is` : encoding(icon.headers),
		ok: icon.status === 200 && (icon.bytes < 1024 || /^(?:br|gzip)$/.test(encoding(icon.headers))),
	})
	for (const [resource, url] of [
		['hashed script', script],
		['hashed style', style],
	] as const) {
		const answer = await head(origin + url)
		const cacheControl = answer.headers.get('cache-control') ?? ''
		checks.push({
			resource,
			url,
			detail: `${cacheControl}; ${encoding(answer.headers)}`,
			ok: IMMUTABLE.test(cacheControl) && /^(?:br|gzip)$/.test(encoding(answer.headers)),
		})
	}
	const media = await head(origin + image)
	const mediaCache = media.headers.get('cache-control') ?? ''
	checks.push({ resource: 'image in /media', url: image, detail: mediaCache, ok: media.status === 200 && IMMUTABLE.test(mediaCache) })
	// Revalidation: the stored validator sent back must bring a 304 with no body.
	for (const [validator, condition] of [
		['etag', 'If-None-Match'],
		['last-modified', 'If-Modified-Since'],
	] as const) {
		const value = media.headers.get(validator)
		const answer = value ? await head(origin + image, { [condition]: value }) : null
		checks.push({
			resource: `/media revalidated with ${condition}`,
			url: image,
			detail: answer ? `${answer.status}, ${answer.bytes} bytes` : `no ${validator}`,
			ok: answer?.status === 304 && answer.bytes === 0,
		})
	}
	return checks
}
