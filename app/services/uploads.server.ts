import { IMAGE_MESSAGES, notAnImageMessage } from '~/schemas/image-upload'
import { detectImageType } from '~/utils/file-types.server'
import { fileNameOf, type FormFields, readBody } from '~/utils/forms.server'
import type { StoredImage } from '~/utils/media'
import type { RequestArgs } from '~/utils/request-context.server'

import { storeImage, TooManyPixelsError, UnsupportedImageError } from './images.server'
import { deleteMedia, DISK_FULL_MESSAGE, isDiskFull, UPLOAD_UNREADABLE, uploadsDir } from './storage.server'

export type UploadedFile = { field: string; name: string; bytes: Uint8Array }

export type UploadLimits = {
	/** Form fields whose files are kept; files sent under any other name are ignored. */
	fileFields: readonly string[]
	maxFiles: number
	maxFileSize: number
	/** Defaults to every file at its limit plus 1 MB of text fields. */
	maxTotalSize?: number
	/** The message when more than maxFiles files arrive (default "Maximum N images allowed"). */
	tooManyMessage?: string
	/** The text fields the form takes (see readBody). */
	form: FormFields
}

export type ParsedUpload =
	| { ok: true; formData: FormData; files: UploadedFile[] }
	/** `formData` holds the text fields that arrived before the refused file, to refill the form. */
	| { ok: false; formData: FormData; field: string; message: string }

const MAX_TEXT_BYTES = 1024 * 1024

/**
 * Reads a form with image uploads (readBody) with hard limits on the number and size of files. The
 * files stay in memory (bounded by the limits) so nothing is written before the whole form is known to
 * be acceptable. Over a limit, reading stops and the answer names the file that broke it.
 */
export async function parseUploadForm(posted: RequestArgs, limits: UploadLimits): Promise<ParsedUpload> {
	const files: UploadedFile[] = []
	const read = await readBody(
		posted,
		{
			maxBytes: limits.maxTotalSize ?? limits.maxFiles * limits.maxFileSize + MAX_TEXT_BYTES,
			maxFiles: limits.maxFiles,
			maxFileBytes: limits.maxFileSize,
			form: limits.form,
		},
		(file) => {
			if (limits.fileFields.includes(file.name)) files.push({ field: file.name, name: fileNameOf(file), bytes: file.bytes })
		},
	)
	if (read.ok) return { ok: true, formData: read.formData, files }
	const field = limits.fileFields[0] ?? 'file'
	const { problem } = read
	if (problem.kind === 'too-many-files') {
		return { ok: false, formData: read.formData, field, message: limits.tooManyMessage ?? IMAGE_MESSAGES.tooMany(limits.maxFiles) }
	}
	if (problem.kind === 'too-large') {
		const offender = problem.file
		return {
			ok: false,
			formData: read.formData,
			field: offender && limits.fileFields.includes(offender.field) ? offender.field : field,
			message: IMAGE_MESSAGES.tooLarge(offender?.name || 'upload', limits.maxFileSize),
		}
	}
	return { ok: false, formData: read.formData, field, message: UPLOAD_UNREADABLE }
}

/**
 * Checks every file's bytes first (so a fake image stores nothing), then stores them one by one.
 * If one still fails to decode, the ones already stored are removed again.
 */
export async function storeUploadedImages(
	files: UploadedFile[],
): Promise<{ ok: true; images: StoredImage[] } | { ok: false; message: string }> {
	for (const file of files) {
		if (!detectImageType(file.bytes)) return { ok: false, message: notAnImageMessage(file.name, file.bytes) }
	}
	const stored: StoredImage[] = []
	for (const file of files) {
		try {
			stored.push(await storeImage(file.bytes))
		} catch (error) {
			await deleteMedia(stored.map((image) => image.key))
			if (error instanceof TooManyPixelsError)
				return { ok: false, message: IMAGE_MESSAGES.tooManyPixels(file.name, error.width, error.height) }
			if (error instanceof UnsupportedImageError) return { ok: false, message: IMAGE_MESSAGES.notSupported(file.name) }
			if (isDiskFull(error)) {
				console.error(`Upload refused: no space left for media in ${uploadsDir()}`)
				return { ok: false, message: DISK_FULL_MESSAGE }
			}
			throw error
		}
	}
	return { ok: true, images: stored }
}
