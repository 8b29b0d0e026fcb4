import { LIMITS } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { isoMediaKind } from '~/utils/iso-media'

// Rules and messages for uploaded images, shared by the server (which enforces them) and the
// browser (which checks the same things before a long upload starts).

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}MB`

// Refs to the catalogue (adminPhotos): every page with a photo field sends that area.
export const IMAGE_MESSAGES = {
	tooMany: (max: number = LIMITS.maxProductImages) => messageRef('adminPhotos.tooMany', { max }),
	tooLarge: (name: string, maxBytes: number = LIMITS.maxImageBytes) =>
		messageRef('adminPhotos.tooLarge', { name, max: megabytes(maxBytes) }),
	notSupported: (name: string) => messageRef('adminPhotos.notSupported', { name }),
	tooManyPixels: (name: string, width: number, height: number) =>
		messageRef('adminPhotos.tooManyPixels', { name, width, height, max: LIMITS.maxImagePixels / 1_000_000 }),
	// iPhones take HEIC photos; the shop's image library cannot decode HEVC, so they are refused by name.
	heic: (name: string) => messageRef('adminPhotos.heic', { name }),
	oneCover: messageRef('adminPhotos.oneCover'),
	onePicture: messageRef('adminPhotos.onePicture'),
	chooseAgain: messageRef('adminPhotos.chooseAgain'),
} as const

/** The same magic-byte test the server makes, so the browser can refuse a renamed file at once. */
export function looksLikeImage(bytes: Uint8Array) {
	if (bytes.length < 12) return false
	const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true
	if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return true
	if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return true
	return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP'
}

/** Why a file that is not an image we take is refused: a HEIC photo says how to send it instead. */
export function notAnImageMessage(name: string, bytes: Uint8Array) {
	return isoMediaKind(bytes) === 'heic-photo' ? IMAGE_MESSAGES.heic(name) : IMAGE_MESSAGES.notSupported(name)
}

/** Enough of a file's start for its type: an ISO media file's `ftyp` box lists its brands. */
export const IMAGE_HEAD_BYTES = 256

/** Client-side checks of one chosen file; the first problem's message, or null. */
export async function checkImageFile(file: File, maxBytes: number = LIMITS.maxImageBytes): Promise<string | null> {
	if (file.size > maxBytes) return IMAGE_MESSAGES.tooLarge(file.name, maxBytes)
	const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer())
	return looksLikeImage(head) ? null : notAnImageMessage(file.name, head)
}
