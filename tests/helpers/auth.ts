import { createHash, randomBytes } from 'node:crypto'

import type { BrowserContext } from '@playwright/test'
import { createCookie } from 'react-router'

import type { Locale } from '../../app/i18n/locales'
import { setAdminLocale } from '../../app/models/admin.server'
import { SESSION_SECRET, type Shop } from './shop'

/**
 * Signs the admin in without the sign-in form (for specs about other admin screens): writes a
 * session row the way the app does and gives the browser the signed cookie.
 */
export async function signInAs(context: BrowserContext, shop: Shop) {
	const cookieValue = await adminSessionCookie(shop)
	await context.addCookies([{ name: '__session', value: cookieValue, url: shop.url, httpOnly: true, sameSite: 'Lax' }])
}

/** A signed `__session` cookie value for a fresh admin session (for fetch-based tests). */
export async function adminSessionCookie(shop: Pick<Shop, 'db'>) {
	const id = randomBytes(32).toString('base64url')
	const now = new Date()
	await shop
		.db()
		.insertInto('sessions')
		.values({
			id_hash: createHash('sha256').update(id).digest('hex'),
			admin_id: 1,
			created_at: now.toISOString(),
			last_seen_at: now.toISOString(),
			expires_at: new Date(now.getTime() + 24 * 3600 * 1000).toISOString(),
		})
		.execute()
	const cookie = createCookie('__session', { secrets: [SESSION_SECRET], path: '/' })
	const header = await cookie.serialize(id)
	return header.split(';')[0]!.slice('__session='.length)
}

/** Sets the admin account's language, as its account page does (docs/decisions/0045). */
export async function setAccountLocale(shop: Shop, locale: Locale) {
	await setAdminLocale(1, locale, shop.db())
}
