import crypto from 'node:crypto'
import { PassThrough, pipeline } from 'node:stream'
import { text } from 'node:stream/consumers'

import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from 'react-router'

import { NonceProvider } from './hooks/use-nonce'
import { getEnv } from './utils/env.server'
import { hydrateLater } from './utils/hydrate-later.server'
import { isShareableHandle, routeArea } from './utils/route-area'
import { inlineScriptHashes } from './utils/script-hashes.server'

export const streamTimeout = 5_000

/** `scripts`: the sources that let the page's own inline scripts run (a nonce, or their hashes). */
function contentSecurityPolicy(scripts: string) {
	// /media redirects files already in the bucket to MEDIA_PUBLIC_URL when it is set.
	const publicMedia = getEnv().MEDIA_PUBLIC_URL
	const media = publicMedia ? ` ${new URL(publicMedia).origin}` : ''
	return [
		"default-src 'self'",
		`script-src ${scripts} 'strict-dynamic'`,
		"style-src 'self' 'unsafe-inline'",
		`img-src 'self' data: blob:${media}`,
		`media-src 'self' blob:${media}`,
		"font-src 'self'",
		"connect-src 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
		"object-src 'none'",
		"base-uri 'none'",
	].join('; ')
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
	const matchedIds = routerContext.staticHandlerContext.matches.map((m) => m.route.id)
	const isPublic = routeArea(matchedIds) === 'public'
	if (!isPublic) responseHeaders.set('Cache-Control', 'no-store')
	// A shareable page is the same bytes for every visitor (server/page-cache.ts): no nonce, its CSP
	// names the hashes of its inline scripts, so it is rendered whole before its headers go out.
	// Every other page streams, with a fresh nonce per request (docs/decisions/0042).
	const shareable = isPublic && isShareableHandle(routerContext.routeModules[matchedIds.at(-1) ?? '']?.handle)
	const nonce = shareable ? undefined : crypto.randomBytes(16).toString('base64')
	if (nonce) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(`'nonce-${nonce}'`))
	// Bots and link previews (WhatsApp) get the whole document at once; people get it streamed.
	const waitForAll = shareable || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[waitForAll ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					// Public pages work without JavaScript: theirs loads after the first paint (see hydrate-later).
					const document = isPublic ? pipeline(body, hydrateLater(nonce), () => {}) : body
					if (shareable) {
						resolve(
							text(document).then((html) => {
								responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html).join(' ')))
								return new Response(html, { headers: responseHeaders, status: responseStatusCode })
							}),
						)
					} else {
						resolve(new Response(createReadableStreamFromReadable(document), { headers: responseHeaders, status: responseStatusCode }))
					}
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	// A request React Router refuses itself (a post to a page without a form, an address no route has) is
	// the client's doing, and the request log's line says it all: its stack trace would let anyone fill the log.
	if (isRouteErrorResponse(error) && error.status < 500) return
	// The path only: query strings can carry reset tokens.
	console.error(`Error on ${request.method} ${new URL(request.url).pathname}:`, error instanceof Error ? error.stack : error)
}
