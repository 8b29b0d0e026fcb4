import crypto from 'node:crypto'

import { createCookie } from 'react-router'

import { SERVER_LIMITS } from '~/constants.server'
import { sha256 } from '~/models/sessions.server'
import { cookieAttributes, cookieName } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'

// A device cookie (OWASP's defence against lock-out by strangers): set at every successful sign-in,
// signed with SESSION_SECRET, kept for a year. It opens nothing by itself; it only tells the sign-in
// throttle "this browser has proved it knows the password before", so its attempts are counted on
// their own instead of against the account, which strangers may have locked (services/throttle.server.ts).
// It carries a random id and a hash of the account it was earned for; another account's does not count.

type DeviceCookieValue = { id: string; account: string }

let cookie: ReturnType<typeof createCookie> | undefined

function deviceCookie() {
	cookie ??= createCookie(cookieName('device'), {
		...cookieAttributes(),
		secrets: [getEnv().SESSION_SECRET],
		maxAge: SERVER_LIMITS.deviceCookieDays * 24 * 3600,
	})
	return cookie
}

function accountTag(email: string) {
	return sha256(`device-account:${email.trim().toLowerCase()}`)
}

function isDeviceCookieValue(value: unknown): value is DeviceCookieValue {
	const v = value as Partial<DeviceCookieValue> | null
	return typeof v?.id === 'string' && /^[\w-]{22}$/.test(v.id) && typeof v.account === 'string'
}

/** The id of this browser's device cookie when it was earned by signing in as `email`; else null. */
export async function readDeviceId(request: Request, email: string): Promise<string | null> {
	const value: unknown = await deviceCookie().parse(request.headers.get('Cookie'))
	return isDeviceCookieValue(value) && value.account === accountTag(email) ? value.id : null
}

/** The Set-Cookie header after a successful sign-in: this browser's device id (kept if it had one), for another year. */
export async function deviceCookieHeader(request: Request, email: string) {
	const id = (await readDeviceId(request, email)) ?? crypto.randomBytes(16).toString('base64url')
	return deviceCookie().serialize({ id, account: accountTag(email) } satisfies DeviceCookieValue)
}
