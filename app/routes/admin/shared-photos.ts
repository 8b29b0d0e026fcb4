import { SERVER_LIMITS } from '~/constants.server'
import type { Locale } from '~/i18n/locales'
import { adminLocale, serverTranslator } from '~/i18n/messages.server'
import { getAdmin } from '~/models/admin.server'
import { recordAttemptUnlessLimited } from '~/models/auth-failures.server'
import { sha256 } from '~/models/sessions.server'
import { readDeviceId } from '~/services/device-cookie.server'
import { requireAdmin } from '~/services/session.server'
import {
	admitShare,
	announcedLength,
	holdOfRequest,
	holdSharedPhotos,
	readHeldPhoto,
	readSharedPhotos,
	SHARE_BYTES,
	SHARED_PHOTOS_MESSAGES,
	sharedPhotosCookie,
	type Sharer,
} from '~/services/shared-photos.server'
import { THROTTLE_WINDOW_MS, throttledHeaders } from '~/services/throttle.server'
import { addressBucket } from '~/utils/client-ip.server'
import { CONTENT_TYPES, detectImageType } from '~/utils/file-types.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { drainBody } from '~/utils/forms.server'
import { type RequestFacts, requestFacts } from '~/utils/request-context.server'
import { logSecurityEvent } from '~/utils/security-log.server'

import type { Route } from './+types/shared-photos'

// The share target of the installed admin (/admin.webmanifest): the phone's share sheet posts the chosen
// photos here. It sits outside the admin layout because a share may come before sign-in: the photos are
// held (app/services/shared-photos.server.ts) and Add Product, behind the sign-in, shows them attached.

/** Add Product with the held photos; the admin guard sends a signed-out visitor through sign-in first. */
export const ADD_SHARED_PATH = '/admin/products/new?shared=1'

// Outside the admin layout, so it sets the admin's no-store itself, on data requests too.
export const middleware: Route.MiddlewareFunction[] = [
	async (_args, next) => {
		const response = await next()
		response.headers.set('Cache-Control', 'no-store')
		return response
	},
]

export async function action({ request, context }: Route.ActionArgs) {
	const facts = requestFacts(context)
	const { clientAddress } = facts
	const { sharer, throttleKey, locale } = await whoShares(request, facts)
	// Shares without a session are counted before the body is read, so refused ones count too: a loop of
	// posts cannot churn the holding area or the server's time. Strangers are counted per address; the
	// seller's own browser per browser, so strangers behind her address cannot use up her shares.
	if (throttleKey) {
		const check = await recordAttemptUnlessLimited([throttleKey], { limit: SERVER_LIMITS.throttleAttempts, windowMs: THROTTLE_WINDOW_MS })
		if (!check.allowed) {
			logSecurityEvent({
				event: 'throttled',
				outcome: 'refused',
				clientAddress,
				detail: `shared-photos per ${sharer === 'stranger' ? 'address' : 'browser'}`,
			})
			const retryAfterSeconds = Math.max(1, Math.ceil(check.retryAfterMs / 1000))
			return refusedUnread(
				request,
				new Response(`Too many shares from this ${sharer === 'stranger' ? 'address' : 'browser'}. Please wait a few minutes.`, {
					status: 429,
					headers: { ...throttledHeaders(retryAfterSeconds), 'Content-Type': 'text/plain; charset=utf-8' },
				}),
			)
		}
	}
	const admission = admitShare(request, sharer)
	if (!admission.ok) {
		logSecurityEvent({ event: 'photos-shared', outcome: 'refused', clientAddress, detail: admission.reason })
		if (admission.reason === 'length-required')
			return refusedUnread(
				request,
				new Response('Length required', { status: 411, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
			)
		const message = admission.reason === 'too-large' ? SHARED_PHOTOS_MESSAGES.tooLargeSignedOut : SHARED_PHOTOS_MESSAGES.full
		return refusedUnread(request, await refusedShare(request, locale, message))
	}
	try {
		const { share, notes } = await readSharedPhotos({ request, context }, sharer)
		if (!share) {
			logSecurityEvent({ event: 'photos-shared', outcome: 'refused', clientAddress, detail: 'no-image' })
			// A flash holds one message: the first photo's problem says why.
			return refusedShare(request, locale, notes[0] ?? SHARED_PHOTOS_MESSAGES.none)
		}
		const token = await holdSharedPhotos(share, { bySeller: sharer !== 'stranger' })
		if (!token) {
			logSecurityEvent({ event: 'photos-shared', outcome: 'refused', clientAddress, detail: 'holding-area-full' })
			return refusedShare(request, locale, SHARED_PHOTOS_MESSAGES.full)
		}
		logSecurityEvent({ event: 'photos-shared', outcome: 'success', clientAddress, detail: `${share.photos.length} photos` })
		return new Response(null, {
			status: 303,
			headers: { Location: ADD_SHARED_PATH, 'Set-Cookie': await sharedPhotosCookie().serialize(token) },
		})
	} finally {
		admission.release()
	}
}

/**
 * The signed-in seller; her browser signed out, known by the device cookie its sign-in left; or a stranger.
 * `locale`: the language its messages are written in (the account's, or the browser's for a stranger).
 */
async function whoShares(request: Request, facts: RequestFacts): Promise<{ sharer: Sharer; throttleKey: string | null; locale: Locale }> {
	const signedIn = await facts.admin()
	if (signedIn !== null) return { sharer: 'seller', throttleKey: null, locale: signedIn.locale }
	const admin = await getAdmin()
	const deviceId = admin ? await readDeviceId(request, admin.email) : null
	if (admin && deviceId) return { sharer: 'sellers-browser', throttleKey: sha256(`shared-photos:device:${deviceId}`), locale: admin.locale }
	return {
		sharer: 'stranger',
		throttleKey: sha256(`shared-photos:ip:${addressBucket(facts.clientAddress)}`),
		locale: adminLocale(request, null),
	}
}

/**
 * Back to the add-product form with why the share was refused, written out on the server: signed out,
 * it is read on the sign-in page, which has none of the photos' texts.
 */
function refusedShare(request: Request, locale: Locale, message: string) {
	return redirectWithFlash(request, '/admin/products/new', { type: 'error', message: serverTranslator(locale, 'adminPhotos').msg(message) })
}

/**
 * A share refused before its body was read. One no larger than a share is read and dropped first, so the
 * phone shows the answer rather than a broken connection; a larger one (or one of unknown size) is not
 * worth reading: the connection closes after the answer.
 */
async function refusedUnread(request: Request, response: Response) {
	const length = announcedLength(request)
	if (length !== null && length <= SHARE_BYTES) await drainBody(request, SHARE_BYTES)
	else response.headers.set('Connection', 'close')
	return response
}

/** A held photo, for Add Product's preview: only to the signed-in admin, only from this browser's own hold. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin({ request, context })
	const index = Number(new URL(request.url).searchParams.get('photo'))
	const hold = await holdOfRequest(request)
	const bytes = hold && Number.isInteger(index) ? await readHeldPhoto(hold, index) : null
	const type = bytes ? detectImageType(bytes) : null
	if (!bytes || !type)
		return new Response('Not found', {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	return new Response(bytes, {
		headers: { 'Content-Type': CONTENT_TYPES[type]!, 'X-Content-Type-Options': 'nosniff' },
	})
}
