import { createContext, type RouterContext, RouterContextProvider } from 'react-router'

import type { Locale } from '~/i18n/locales'

import type { RouteArea } from './route-area'

// Who is asking: read once per request by the server (server/app.ts) and handed to every middleware,
// loader, action and service of that request through React Router's typed context, never through a
// header (a client could send one). The session and the admin are looked up on first use and kept
// for the rest of the request (services/session.server.ts; docs/decisions/0029).

/** The signed-in admin, as far as a request needs to know: who, and the panel's language. */
export type RequestAdmin = { id: number; email: string; locale: Locale }

export type RequestFacts = {
	/**
	 * Express's `req.ip` under `trust proxy = TRUST_PROXY`: the socket peer or, behind that many
	 * reverse proxies, the address the outermost trusted one received the request from
	 * (X-Forwarded-For read from the right; entries further left may be forged).
	 */
	readonly clientAddress: string
	/** The id the signed session cookie carries (its signature checked, not its row), or null. */
	sessionId(): Promise<string | null>
	/** The admin of a live session, or null (no cookie, tampered, expired or revoked). */
	admin(): Promise<RequestAdmin | null>
	/** After this request started or ended a session: what the rest of the request sees. */
	sessionChanged(session: { id: string; admin: RequestAdmin } | null): void
}

const requestContext = createContext<RequestFacts>()
const areaContext = createContext<RouteArea>('public')

/** What every loader, action and middleware is given, and what code that needs the request's facts takes. */
export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> }

/** The request's facts; throws when the server did not provide them (a render outside server/app.ts). */
export function requestFacts(context: Readonly<RouterContextProvider>): RequestFacts {
	return context.get(requestContext)
}

/** The part of the shop the request's route belongs to (utils/route-area.ts), as the server matched it. */
export function requestArea(context: Readonly<RouterContextProvider>): RouteArea {
	return context.get(areaContext)
}

/** The context React Router's handler is given for a request (server/app.ts). */
export function routerContextOf(facts: RequestFacts, area: RouteArea = 'public') {
	return new RouterContextProvider(
		new Map<RouterContext, unknown>([
			[requestContext, facts],
			[areaContext, area],
		]),
	)
}
