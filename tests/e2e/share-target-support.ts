import http from 'node:http'

import { createCookie } from 'react-router'
import sharp from 'sharp'

import { SESSION_SECRET, type Shop } from '../helpers/shop'

// Shared by the share-target specs: shares of a chosen size, posted the way the phone's share sheet
// posts them (multipart, no origin, Sec-Fetch-Site: none), from a chosen loopback address.

export const SHARE_BOUNDARY = '----share-sheet-for-test'

/** A real JPEG padded after its end to `bytes` (decoders stop at the end marker, so it is a readable photo). */
export async function paddedPhoto(seed: number, bytes: number) {
	const jpeg = await sharp({ create: { width: 64, height: 80, channels: 3, background: { r: 30 * seed, g: 90, b: 120 } } })
		.jpeg()
		.toBuffer()
	return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)])
}

/** The share sheet's multipart body: every photo in the `photos` field. */
export function shareBody(photos: Buffer[]) {
	const parts = photos.flatMap((photo, i) => [
		Buffer.from(
			`--${SHARE_BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="IMG_${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
		),
		photo,
		Buffer.from('\r\n'),
	])
	return Buffer.concat([...parts, Buffer.from(`--${SHARE_BOUNDARY}--\r\n`)])
}

export type ShareAnswer = { status: number; location: string | null; flash: string | null; cookies: string[] }

const flashCookie = createCookie('__flash', { secrets: [SESSION_SECRET], path: '/' })

/** The message a refused share leaves for the next page (the signed `__flash` cookie), if any. */
async function flashOf(cookies: string[]) {
	const header = cookies.find((c) => c.startsWith('__flash='))
	if (!header) return null
	const data = (await flashCookie.parse(header.split(';')[0]!)) as { __flash_flash__?: { message: string } } | null
	return data?.__flash_flash__?.message ?? null
}

/**
 * Posts a share as the phone's share sheet does, from `localAddress` (each loopback address is another
 * client to the shop). Status 0 when the connection broke before any answer.
 */
export function postShare(shop: Shop, body: Buffer, options: { cookie?: string; localAddress?: string } = {}) {
	return new Promise<ShareAnswer>((resolve) => {
		const request = http.request(`${shop.url}/admin/shared-photos`, {
			method: 'POST',
			localAddress: options.localAddress,
			headers: {
				'Content-Type': `multipart/form-data; boundary=${SHARE_BOUNDARY}`,
				'Content-Length': String(body.length),
				'Sec-Fetch-Site': 'none',
				...(options.cookie ? { Cookie: options.cookie } : {}),
			},
		})
		request.on('response', (response) => {
			response.resume()
			const cookies = response.headers['set-cookie'] ?? []
			response.on('end', async () =>
				resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, flash: await flashOf(cookies), cookies }),
			)
		})
		request.on('error', () => resolve({ status: 0, location: null, flash: null, cookies: [] }))
		request.end(body)
	})
}
