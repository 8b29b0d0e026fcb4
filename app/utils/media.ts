// URLs of stored media. Shared by server and browser code.

/**
 * Widths every stored image is resized to (those not wider than the original). 200 is for thumbnails
 * (96 px shown on a phone of up to 2× density): a fifth of the bytes of the 360 px copy.
 */
export const IMAGE_WIDTHS = [200, 360, 720, 1080, 1600] as const
export const IMAGE_FORMATS = ['webp', 'jpg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

export function mediaUrl(key: string) {
	return `/media/${key}`
}

/** The derivative widths of an image whose largest stored width is `maxWidth`. */
export function imageWidths(maxWidth: number): number[] {
	const widths: number[] = IMAGE_WIDTHS.filter((w) => w < maxWidth)
	widths.push(Math.min(maxWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!))
	return widths
}

export function imageUrl(key: string, width: number, format: ImageFormat = 'jpg') {
	return `${mediaUrl(key)}/${width}.${format}`
}

/** The smallest stored width that is at least `wanted` (or the largest there is). */
export function pickWidth(maxWidth: number, wanted: number) {
	const widths = imageWidths(maxWidth)
	return widths.find((w) => w >= wanted) ?? widths[widths.length - 1]!
}

export function imageSrcSet(key: string, maxWidth: number, format: ImageFormat) {
	return imageWidths(maxWidth)
		.map((w) => `${imageUrl(key, w, format)} ${w}w`)
		.join(', ')
}

export type StoredImage = { key: string; width: number; height: number }

/** A stored video and its poster frame (none without ffmpeg). */
export type StoredVideo = { videoKey: string; posterKey: string | null }

/** A video poster as a picture: `src` is the original JPEG; the rest is null when it has no derivatives. */
export type PosterPicture = {
	src: string
	webpSrcSet: string | null
	jpgSrcSet: string | null
	/** A 3:4 crop of the centre, for portrait phones (a one-candidate srcset with its width). */
	portraitWebp: string | null
	portraitJpg: string | null
}
