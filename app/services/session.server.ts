import { createCookie, replace } from 'react-router'

import { LIMITS } from '~/constants'
import { createSession, deleteSession, getSessionAdminId } from '~/models/sessions.server'
import { cookieAttributes, cookieName } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'

let cookie: ReturnType<typeof createCookie> | undefined

/** The signed cookie that carries only the random session id. */
export function sessionCookie() {
	if (!cookie) {
		const env = getEnv()
		cookie = createCookie(cookieName('session'), {
			...cookieAttributes(),
			secrets: [env.SESSION_SECRET],
			maxAge: LIMITS.sessionMaxDays * 24 * 3600,
		})
	}
	return cookie
}

export async function readSessionId(request: Request): Promise<string | null> {
	const value = await sessionCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value.length > 0 ? value : null
}

/** The signed-in admin's id, or null (missing, tampered, expired or revoked cookie). */
export async function getAdminId(request: Request): Promise<number | null> {
	const id = await readSessionId(request)
	return id ? getSessionAdminId(id) : null
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
export async function requireAdmin(request: Request): Promise<number> {
	const adminId = await getAdminId(request)
	if (adminId !== null) return adminId
	const url = new URL(request.url)
	const target = request.method === 'GET' ? `${documentPath(url.pathname)}${stripDataParams(url.searchParams)}` : '/admin'
	const params = new URLSearchParams()
	if (target !== '/admin') params.set('redirectTo', target)
	throw replace(params.size ? `/auth?${params}` : '/auth', {
		headers: { 'Set-Cookie': await sessionCookie().serialize('', { maxAge: 0 }), 'Cache-Control': 'no-store' },
	})
}

/** Starts a fresh session (a new id every sign-in) and returns its Set-Cookie header. */
export async function startSession(adminId: number) {
	const id = await createSession(adminId)
	return sessionCookie().serialize(id)
}

/** Deletes the current session row; returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request) {
	const id = await readSessionId(request)
	const hadSession = id !== null && (await getSessionAdminId(id)) !== null
	if (id) await deleteSession(id)
	return { cookie: await sessionCookie().serialize('', { maxAge: 0 }), hadSession }
}
