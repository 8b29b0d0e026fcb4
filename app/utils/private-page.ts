import type { MiddlewareFunction } from 'react-router'

// A public-area page that is one person's own (the customer's order page, the seller's draft preview):
// no cache keeps it, browser or shared, no search engine lists it, and no address of it leaves with a
// link followed from it.

const PRIVATE_PAGE_HEADERS = {
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
}

/**
 * A route middleware that sets the private headers on whatever the route answers: the page, its `.data`,
 * a redirect, and an error its boundary draws (a 404 too, so no cache keeps a refusal either).
 */
export const privatePage: MiddlewareFunction<Response> = async (_args, next) => {
	const response = await next()
	for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) response.headers.set(name, value)
	return response
}
