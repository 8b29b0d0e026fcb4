// File types decided by their first bytes, never by the name or the browser's claim.

import { isoMediaKind } from './iso-media'

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp'
export type VideoType = 'mp4' | 'mov' | 'webm' | 'ogg' | 'avi'

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

export function detectImageType(bytes: Uint8Array): ImageType | null {
	if (bytes.length < 12) return null
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
	if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
	if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
	return null
}

/** A video we may store, from its first bytes (for MP4 and MOV, the whole `ftyp` box: see iso-media.ts). */
export function detectVideoType(bytes: Uint8Array): VideoType | null {
	if (bytes.length < 12) return null
	// A HEIC photo or M4A audio is an ISO media file too, but not a video.
	const iso = isoMediaKind(bytes)
	if (iso) return iso === 'mp4-video' ? 'mp4' : iso === 'quicktime' ? 'mov' : null
	if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm'
	if (ascii(bytes, 0, 4) === 'OggS') return 'ogg'
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'avi'
	return null
}

export const CONTENT_TYPES: Record<string, string> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	webp: 'image/webp',
	avif: 'image/avif',
	mp4: 'video/mp4',
	mov: 'video/quicktime',
	webm: 'video/webm',
	ogg: 'video/ogg',
	ogv: 'video/ogg',
}
