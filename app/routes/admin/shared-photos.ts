import { LIMITS } from '~/constants'
import { recordAttemptUnlessLimited } from '~/models/auth-failures.server'
import { sha256 } from '~/models/sessions.server'
import { addressBucket, getClientAddress } from '~/utils/client-ip.server'
import { CONTENT_TYPES, detectImageType } from '~/utils/file-types.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { logSecurityEvent } from '~/utils/security-log.server'
import { getAdminId, requireAdmin } from '~/utils/session.server'
import {
	holdOfRequest,
	holdSharedPhotos,
	readHeldPhoto,
	readSharedPhotos,
	sharedPhotosCookie,
	sharedPhotosMessages,
} from '~/utils/shared-photos.server'
import { THROTTLE_WINDOW_MS, throttledHeaders } from '~/utils/throttle.server'

import type { Route } from './+types/shared-photos'

// The share target of the installed admin (/admin.webmanifest): the phone's share sheet posts the chosen
// photos here. It sits outside the admin layout because a share may come before sign-in: the photos are
// held (app/utils/shared-photos.server.ts) and Add Product, behind the sign-in, shows them attached.

/** Add Product with the held photos; the admin guard sends a signed-out visitor through sign-in first. */
export const ADD_SHARED_PATH = '/admin/add-product?shared=1'

// Outside the admin layout, so it sets the admin's no-store itself, on data requests too.
export const middleware: Route.MiddlewareFunction[] = [
	async (_args, next) => {
		const response = await next()
		response.headers.set('Cache-Control', 'no-store')
		return response
	},
]

export async function action({ request }: Route.ActionArgs) {
	const clientAddress = getClientAddress(request)
	const bySeller = (await getAdminId(request)) !== null
	// Strangers (no session yet) may post a few shares per address, counted before the body is read so
	// refused ones count too: a loop of posts cannot churn the holding area or the server's time.
	if (!bySeller) {
		const check = await recordAttemptUnlessLimited([sha256(`shared-photos:ip:${addressBucket(clientAddress)}`)], {
			limit: LIMITS.throttleAttempts,
			windowMs: THROTTLE_WINDOW_MS,
		})
		if (!check.allowed) {
			logSecurityEvent({ event: 'throttled', outcome: 'refused', clientAddress, detail: 'shared-photos per address' })
			const retryAfterSeconds = Math.max(1, Math.ceil(check.retryAfterMs / 1000))
			return new Response('Too many shares from this address. Please wait a few minutes.', {
				status: 429,
				headers: { ...throttledHeaders(retryAfterSeconds), 'Content-Type': 'text/plain; charset=utf-8' },
			})
		}
	}
	const { files, notes } = await readSharedPhotos(request)
	if (files.length === 0) {
		logSecurityEvent({ event: 'photos-shared', outcome: 'refused', clientAddress, detail: 'no-image' })
		return redirectWithFlash(request, '/admin/add-product', { type: 'error', message: notes.join(' ') || sharedPhotosMessages.none })
	}
	const token = await holdSharedPhotos(files, notes, { bySeller })
	if (!token) {
		logSecurityEvent({ event: 'photos-shared', outcome: 'refused', clientAddress, detail: 'holding-area-full' })
		return redirectWithFlash(request, '/admin/add-product', { type: 'error', message: sharedPhotosMessages.full })
	}
	logSecurityEvent({ event: 'photos-shared', outcome: 'success', clientAddress, detail: `${files.length} photos` })
	return new Response(null, {
		status: 303,
		headers: { Location: ADD_SHARED_PATH, 'Set-Cookie': await sharedPhotosCookie().serialize(token) },
	})
}

/** A held photo, for Add Product's preview: only to the signed-in admin, only from this browser's own hold. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
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
