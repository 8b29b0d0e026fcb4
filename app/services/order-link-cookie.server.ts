import { createCookie } from 'react-router'

import { sha256 } from '~/models/sessions.server'
import { cookieAttributes, cookieName } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'

// A browser that has opened an order's page keeps a signed note of it (docs/decisions/0035). Strangers
// who guess links from the customer's network can make the guess throttle refuse that network; the note
// lets her own browser open her page all the same, while a guesser, who has no note for a link it does
// not know, is still refused. The note holds hashes of the last few links opened, never the links. (It
// opens no page by itself: the link is still needed. The page cache renders without cookies, so it
// changes no shared page.)

const KEPT_LINKS = 5
const KEPT_DAYS = 180

let cookie: ReturnType<typeof createCookie> | undefined

function noteCookie() {
	cookie ??= createCookie(cookieName('orders-seen'), {
		...cookieAttributes(),
		secrets: [getEnv().SESSION_SECRET],
		maxAge: KEPT_DAYS * 24 * 3600,
	})
	return cookie
}

function linkTag(token: string) {
	return sha256(`order-link:${token}`).slice(0, 32)
}

async function seenTags(request: Request): Promise<string[]> {
	const value: unknown = await noteCookie().parse(request.headers.get('Cookie'))
	return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : []
}

/** Whether this browser opened the page of this link before (its signed note says so). */
export async function hasOpenedOrderLink(request: Request, token: string) {
	return (await seenTags(request)).includes(linkTag(token))
}

/** The Set-Cookie header that adds this link to the browser's note (the newest few kept). */
export async function openedOrderLinkHeader(request: Request, token: string) {
	const tag = linkTag(token)
	const kept = [tag, ...(await seenTags(request)).filter((seen) => seen !== tag)].slice(0, KEPT_LINKS)
	return noteCookie().serialize(kept)
}
