import { createCookieSessionStorage, redirect } from 'react-router'

import { cookieAttributes, cookieName } from './cookies.server'
import { getEnv } from './env.server'
import type { RouteArea } from './route-area'

type FlashType = 'success' | 'error' | 'info'
export type Flash = {
	type: FlashType
	message: string
	title?: string
	/** A button beside the message that posts to `to` (an "Undo"), so it works without JavaScript. */
	action?: { label: string; to: string }
	/**
	 * The dismiss button's name, in the message's language. The storefront writes it with its message;
	 * an admin's message (a ref, or in her language) gets it from the layout that shows it
	 * (useAdminFlash), so a message that reaches the server without one is the admin's.
	 */
	dismiss?: string
}

let storage: ReturnType<typeof createCookieSessionStorage<object, { flash: Flash }>> | undefined

function flashStorage() {
	if (!storage) {
		const env = getEnv()
		storage = createCookieSessionStorage<object, { flash: Flash }>({
			cookie: { name: cookieName('flash'), ...cookieAttributes(), secrets: [env.SESSION_SECRET] },
		})
	}
	return storage
}

/** A Set-Cookie header carrying a one-time message for the next page. */
export async function flashHeader(request: Request, flash: Flash) {
	const s = flashStorage()
	const session = await s.getSession(request.headers.get('Cookie'))
	session.flash('flash', flash)
	return s.commitSession(session)
}

/** Redirects and shows `flash` on the page it lands on (rendered by the root layout, no JS needed). */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, init: ResponseInit = {}) {
	const headers = new Headers(init.headers)
	headers.append('Set-Cookie', await flashHeader(request, flash))
	return redirect(to, { ...init, headers })
}

/**
 * Reads (and consumes) the pending flash message for a page of `area`; send back the returned header.
 * A message meant for the other side of the shop is consumed unseen: an admin's message never shows
 * on a storefront page (in her language, or as a ref the storefront cannot read), nor the reverse.
 */
export async function readFlash(request: Request, area: RouteArea) {
	const s = flashStorage()
	const session = await s.getSession(request.headers.get('Cookie'))
	const flash = session.get('flash') ?? null
	const shown = flash && (flash.dismiss !== undefined) === (area === 'public') ? flash : null
	return { flash: shown, headers: flash ? { 'Set-Cookie': await s.commitSession(session) } : undefined }
}
