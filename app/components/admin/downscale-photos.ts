// Phone cameras take 12-megapixel photos of 4–6 MB; the shop keeps nothing wider than 1600 px. Over a
// slow mobile uplink, the browser makes each photo smaller before it is sent: longest side 2560 px
// (room for every size the server derives), JPEG at quality 0.88, turned upright by its EXIF
// orientation (the copy carries no EXIF, so nothing turns it again). A photo the browser cannot read
// (HEIC on most browsers), one already small enough, or one whose copy would not be smaller is sent
// as it is. The server checks every upload by its bytes and limits exactly as before.

const MAX_SIDE = 2560
const QUALITY = 0.88
/** JPEG and WebP only: a PNG may have transparency, which a JPEG would turn black. */
const DOWNSCALED_TYPES = new Set(['image/jpeg', 'image/webp'])

export type Savings = { before: number; after: number }

async function downscale(file: File): Promise<File> {
	if (!DOWNSCALED_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return file
	let bitmap: ImageBitmap
	try {
		bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
	} catch {
		return file
	}
	try {
		const scale = MAX_SIDE / Math.max(bitmap.width, bitmap.height)
		if (scale >= 1) return file
		const canvas = document.createElement('canvas')
		canvas.width = Math.round(bitmap.width * scale)
		canvas.height = Math.round(bitmap.height * scale)
		const context = canvas.getContext('2d')
		if (!context) return file
		context.imageSmoothingQuality = 'high'
		context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
		const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY))
		if (!blob || blob.size >= file.size) return file
		return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg', lastModified: file.lastModified })
	} catch {
		return file
	} finally {
		bitmap.close()
	}
}

/** The form with each photo made smaller where that helps, and how many bytes the photos took before and after. */
export async function downscalePhotos(formData: FormData): Promise<{ formData: FormData; savings: Savings | null }> {
	const out = new FormData()
	let before = 0
	let after = 0
	for (const [name, value] of formData.entries()) {
		if (value instanceof File && value.size > 0 && value.type.startsWith('image/')) {
			const smaller = await downscale(value)
			before += value.size
			after += smaller.size
			out.append(name, smaller, smaller.name)
		} else {
			out.append(name, value)
		}
	}
	return { formData: out, savings: before > after ? { before, after } : null }
}

/** 4_718_592 → "4.5 MB". */
export function formatBytes(bytes: number) {
	return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}
