import { expect, test } from '@playwright/test'

import { ADMIN_EMAIL, ADMIN_PASSWORD, type Shop, useShop } from '../helpers/shop'
import { form, raw, shownText } from './auth-helpers'

// On an https origin every cookie the shop sets is a `__Host-` cookie (Secure, Path=/, no Domain), so
// no sibling subdomain or plain-http page can plant or overwrite one; on http (localhost) browsers
// refuse that prefix, so the plain names are used. The https shop here is reached over plain http by
// the test, which sends the cookies back itself, as the TLS proxy in front of a real shop would.

const https = useShop({ env: { APP_ORIGIN: 'https://shop.example.test', TRUST_PROXY: '1' } })
const http = useShop()

/**
 * A browser's post on the https shop, as the TLS proxy in front of it passes it on: the browser's
 * Origin, and the protocol and host it asked for.
 */
const THROUGH_PROXY = { Origin: 'https://shop.example.test', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'shop.example.test:443' }
const postTo = (shop: Shop) => (shop === https() ? { headers: THROUGH_PROXY, noOrigin: true } : {})

/** Signs in over HTTP and returns every Set-Cookie header of the answer. */
async function signIn(shop: Shop) {
	const response = await raw(shop, '/auth', {
		method: 'POST',
		body: form({ intent: 'sign-in', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
		...postTo(shop),
	})
	expect(response.status).toBe(302)
	return response.headers.getSetCookie()
}

const pair = (header: string) => header.split(';')[0]!
const named = (headers: string[], name: string) => headers.find((h) => h.startsWith(`${name}=`))

test('on https: session, flash and device cookies are __Host- cookies, and they work when sent back', async () => {
	const set = await signIn(https())
	expect(set.map((h) => h.split('=')[0]).sort()).toEqual(['__Host-device', '__Host-flash', '__Host-session'])
	for (const header of set) {
		expect(header).toMatch(/; Secure/i)
		expect(header).toMatch(/; Path=\/(;|$)/)
		expect(header).not.toMatch(/; Domain=/i)
		expect(header).toMatch(/; HttpOnly/i)
	}
	const cookie = set.map(pair).join('; ')
	const admin = await raw(https(), '/admin', { cookie })
	expect(admin.status).toBe(200)
	expect(await shownText(admin)).toContain('Signed in successfully!')

	// The same values under the plain names open nothing there: only __Host- cookies are read.
	const plain = set.map((h) => pair(h).replace(/^__Host-/, '__')).join('; ')
	const refused = await raw(https(), '/admin', { cookie: plain })
	expect(refused.status).toBe(302)
	expect(refused.headers.get('location')).toMatch(/^\/auth/)

	// The admin sidebar's preference cookie follows the same rule.
	const sidebar = await raw(https(), '/admin?sidebar=collapsed', { cookie })
	const sidebarCookie = named(sidebar.headers.getSetCookie(), '__Host-sidebar_state')
	expect(sidebarCookie).toMatch(/^__Host-sidebar_state=collapsed; Path=\/; .*Secure/)
	expect(await (await raw(https(), '/admin', { cookie: `${cookie}; ${pair(sidebarCookie!)}` })).text()).toContain(
		'data-sidebar="collapsed"',
	)

	// Signing out clears the __Host- session cookie (a clearing cookie needs the same attributes).
	const out = await raw(https(), '/auth/sign-out', { method: 'POST', cookie, ...postTo(https()) })
	expect(named(out.headers.getSetCookie(), '__Host-session')).toMatch(/^__Host-session=; .*Max-Age=0.*Secure/i)
	expect((await raw(https(), '/admin', { cookie })).headers.get('location')).toMatch(/^\/auth/)
})

test('on http (localhost): the plain names, without Secure (browsers refuse __Host- there)', async () => {
	const set = await signIn(http())
	expect(set.map((h) => h.split('=')[0]).sort()).toEqual(['__device', '__flash', '__session'])
	for (const header of set) expect(header).not.toMatch(/; Secure/i)
	expect((await raw(http(), '/admin', { cookie: set.map(pair).join('; ') })).status).toBe(200)
})
