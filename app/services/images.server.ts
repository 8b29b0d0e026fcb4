import fsp from 'node:fs/promises'
import path from 'node:path'

import sharp, { type Sharp } from 'sharp'

import { LIMITS } from '~/constants'
import { detectImageType } from '~/utils/file-types.server'
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, imageWidths, type StoredImage } from '~/utils/media'

import { commitTempDir, isMediaFile, makeTempDir, mediaDirOf, removeTempDir } from './storage.server'

export class UnsupportedImageError extends Error {}

/** A photo whose header names more pixels than the shop decodes (LIMITS.maxImagePixels). */
export class TooManyPixelsError extends UnsupportedImageError {
	constructor(
		readonly width: number,
		readonly height: number,
	) {
		super(`${width} × ${height} pixels`)
	}
}

/** Whether an image of this size is beyond what the shop decodes. */
export function hasTooManyPixels({ width, height }: { width: number; height: number }) {
	return width * height > LIMITS.maxImagePixels
}

sharp.concurrency(2)
// libvips keeps recent operations and open files (up to 50 MiB) to reuse them: every image here is
// read once (an upload, a missing size, a share card), so the cache only held memory (docs/decisions/0044).
sharp.cache(false)

/** How each stored format is encoded (new uploads and sizes written later alike). */
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
	webp: (image) => image.webp({ quality: 72, effort: 4 }),
	jpg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
}

/**
 * The size of an image sharp can read (its bytes, or a file's path; header only, nothing decoded, so
 * any size is read), or null for one it cannot.
 */
export async function imageSize(image: Uint8Array | string): Promise<{ width: number; height: number } | null> {
	try {
		const { width, height } = await sharp(image, { limitInputPixels: false }).metadata()
		return width && height ? { width, height } : null
	} catch {
		return null
	}
}

/**
 * Stores one uploaded image as resized derivatives (WebP + JPEG at each width), auto-rotated by its
 * EXIF orientation and with all metadata (camera, location) stripped. The original bytes are not kept.
 */
export async function storeImage(bytes: Uint8Array): Promise<StoredImage> {
	if (!detectImageType(bytes)) throw new UnsupportedImageError('not a supported image')
	const size = await imageSize(bytes)
	if (size && hasTooManyPixels(size)) throw new TooManyPixelsError(size.width, size.height)
	let base: Sharp
	let width: number
	let height: number
	try {
		// rotate() with no angle applies the EXIF orientation; toBuffer() drops metadata.
		const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: LIMITS.maxImagePixels })
			.rotate()
			.resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], height: 2400, fit: 'inside', withoutEnlargement: true })
			.toColourspace('srgb')
			.raw()
			.toBuffer({ resolveWithObject: true })
		base = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
		width = info.width
		height = info.height
	} catch {
		throw new UnsupportedImageError('the image could not be read')
	}
	const dir = await makeTempDir()
	try {
		await Promise.all(
			imageWidths(width).flatMap((w) => {
				const resized = base.clone().resize({ width: w })
				return IMAGE_FORMATS.map((format) => ENCODE[format](resized.clone()).toFile(path.join(dir, `${w}.${format}`)))
			}),
		)
		for (const file of await fsp.readdir(dir)) {
			const handle = await fsp.open(path.join(dir, file), 'r+')
			await handle.sync()
			await handle.close()
		}
		const key = await commitTempDir(dir, 'images')
		return { key, width, height }
	} catch (error) {
		await removeTempDir(dir)
		throw error
	}
}

/** A copy of a stored image under a new key (a duplicated saree's photo), so each row owns its files. */
export async function copyStoredImage(image: StoredImage): Promise<StoredImage> {
	const source = mediaDirOf(image.key)
	if (!source) throw new UnsupportedImageError('not an image key')
	const dir = await makeTempDir()
	try {
		for (const file of (await fsp.readdir(source)).filter(isMediaFile)) {
			await fsp.copyFile(path.join(source, file), path.join(dir, file))
			const handle = await fsp.open(path.join(dir, file), 'r+')
			await handle.sync()
			await handle.close()
		}
		return { key: await commitTempDir(dir, 'images'), width: image.width, height: image.height }
	} catch (error) {
		await removeTempDir(dir)
		throw error
	}
}

/**
 * Images stored before a width was added to IMAGE_WIDTHS lack that derivative, yet pages now list it
 * in their srcset. Writes each missing one from the smallest stored JPEG that is wider (run on start;
 * a folder that is complete costs one directory read). Each file is written under a temporary name
 * and renamed into place. Returns how many files were written.
 */
export async function backfillImageDerivatives(uploadsRoot: string): Promise<number> {
	const imagesDir = path.join(uploadsRoot, 'images')
	const folders = await fsp.readdir(imagesDir, { withFileTypes: true }).catch(() => [])
	let written = 0
	for (const folder of folders) {
		if (!folder.isDirectory()) continue
		const dir = path.join(imagesDir, folder.name)
		const files = new Set(await fsp.readdir(dir))
		// A start interrupted while writing leaves its temporary file: it is removed, then redone.
		for (const file of files) {
			if (file.startsWith('.') && file.endsWith('.tmp')) {
				await fsp.rm(path.join(dir, file), { force: true })
				files.delete(file)
			}
		}
		const stored = [...files]
			.map((f) => /^(\d+)\.jpg$/.exec(f)?.[1])
			.filter(Boolean)
			.map(Number)
			.sort((a, b) => a - b)
		if (!stored.length) continue
		const largest = stored[stored.length - 1]!
		for (const width of imageWidths(largest)) {
			if (files.has(`${width}.webp`) && files.has(`${width}.jpg`)) continue
			const source = stored.find((w) => w > width)
			if (!source) continue
			const resized = sharp(path.join(dir, `${source}.jpg`)).resize({ width })
			for (const format of IMAGE_FORMATS) {
				const target = path.join(dir, `${width}.${format}`)
				if (files.has(`${width}.${format}`)) continue
				const temp = path.join(dir, `.${width}.${format}.${process.pid}.tmp`)
				try {
					await ENCODE[format](resized.clone()).toFile(temp)
					await fsp.rename(temp, target)
					written++
				} catch (error) {
					// A damaged stored file must not stop the shop: that size stays missing, as before.
					await fsp.rm(temp, { force: true })
					console.error(`Could not write ${path.relative(uploadsRoot, target)}: ${(error as Error).message}`)
				}
			}
		}
	}
	return written
}
