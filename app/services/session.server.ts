import { createCookie, replace } from 'react-router'

import { SERVER_LIMITS } from '~/constants.server'
import { createSession, deleteSession, getSessionAdmin } from '~/models/sessions.server'
import { cookieAttributes, cookieName } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'
import { type RequestAdmin, type RequestArgs, type RequestFacts, requestFacts } from '~/utils/request-context.server'

let cookie: ReturnType<typeof createCookie> | undefined

/** The signed cookie that carries only the random session id. */
function sessionCookie() {
	if (!cookie) {
		const env = getEnv()
		cookie = createCookie(cookieName('session'), {
			...cookieAttributes(),
			secrets: [env.SESSION_SECRET],
			maxAge: SERVER_LIMITS.sessionMaxDays * 24 * 3600,
		})
	}
	return cookie
}

async function readSessionId(cookieHeader: string | null): Promise<string | null> {
	const value = await sessionCookie().parse(cookieHeader)
	return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * Who is asking (utils/request-context.server.ts): the address as the server saw it; the session
 * cookie and the admin of its session are read on first use, once, and kept for the rest of the request.
 */
export function readRequestFacts(clientAddress: string, cookieHeader: string | null): RequestFacts {
	let sessionId: Promise<string | null> | undefined
	let admin: Promise<RequestAdmin | null> | undefined
	const facts: RequestFacts = {
		clientAddress,
		sessionId: () => (sessionId ??= readSessionId(cookieHeader)),
		admin: () => (admin ??= facts.sessionId().then((id) => (id ? getSessionAdmin(id) : null))),
		sessionChanged(session) {
			sessionId = Promise.resolve(session?.id ?? null)
			admin = Promise.resolve(session?.admin ?? null)
		},
	}
	return facts
}

/** Only same-site paths: never `//host`, `/\host` or absolute URLs. */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/admin') {
	if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
		return fallback
	}
	if (/[\p{Cc}\\]/u.test(target)) return fallback
	return target
}

// The page a `.data` request (React Router's client navigation fetch) stands for:
// `/admin/products.data` → `/admin/products`, `/admin/_.data` → `/admin/`.
function documentPath(pathname: string) {
	if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length)
	return pathname.replace(/\.data$/, '')
}

// `_routes` (which loaders to run) and `index` belong to the data request, not to the page.
function stripDataParams(params: URLSearchParams) {
	const kept = new URLSearchParams(params)
	kept.delete('_routes')
	kept.delete('index')
	return kept.size ? `?${kept}` : ''
}

/**
 * Every admin loader, action and resource route calls this. Without a live session it throws a
 * redirect to /auth that replaces the history entry and remembers where the admin was going.
 */
export async function requireAdmin({ request, context }: RequestArgs): Promise<RequestAdmin> {
	const facts = requestFacts(context)
	const admin = await facts.admin()
	if (admin) return admin
	const url = new URL(request.url)
	const target = request.method === 'GET' ? `${documentPath(url.pathname)}${stripDataParams(url.searchParams)}` : '/admin'
	const params = new URLSearchParams()
	if (target !== '/admin') params.set('redirectTo', target)
	throw replace(params.size ? `/auth?${params}` : '/auth', {
		headers: { 'Set-Cookie': await signedOutCookie(facts), 'Cache-Control': 'no-store' },
	})
}

/** Starts a fresh session (a new id every sign-in) and returns its Set-Cookie header. */
export async function startSession(facts: RequestFacts, admin: RequestAdmin) {
	const id = await createSession(admin.id)
	facts.sessionChanged({ id, admin })
	return sessionCookie().serialize(id)
}

/** The Set-Cookie header that clears the session cookie; the rest of the request sees no session. */
export async function signedOutCookie(facts: RequestFacts) {
	facts.sessionChanged(null)
	return sessionCookie().serialize('', { maxAge: 0 })
}

/** Deletes the current session row; returns the Set-Cookie header that clears the cookie. */
export async function endSession(facts: RequestFacts) {
	const id = await facts.sessionId()
	const hadSession = (await facts.admin()) !== null
	if (id) await deleteSession(id)
	return { cookie: await signedOutCookie(facts), hadSession }
}
