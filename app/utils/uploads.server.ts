import {
	FormDataParseError,
	MaxFileSizeExceededError,
	MaxFilesExceededError,
	MaxTotalSizeExceededError,
	MultipartParseError,
	parseFormData,
	type FileUpload,
} from '@remix-run/form-data-parser'
import { imageMessages } from '../schemas/image-upload'
import { detectImageType } from './file-types.server'
import { drainReader, FORM_UNREADABLE, hasUnreasonableFieldNames, withoutUnreasonableFieldNames } from './forms.server'
import { storeImage, UnsupportedImageError } from './images.server'
import type { StoredImage } from './media'
import { deleteMedia, DISK_FULL_MESSAGE, isDiskFull, uploadsDir } from './storage.server'

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
}

export type ParsedUpload =
	| { ok: true; formData: FormData; files: UploadedFile[] }
	/** `formData` holds the text fields that arrived before the refused file, to refill the form. */
	| { ok: false; formData: FormData; field: string; message: string }

const MAX_TEXT_BYTES = 1024 * 1024

/**
 * Parses a (multipart) form submission with hard limits on the number and size of files. The files
 * stay in memory (bounded by the limits) so nothing is written before the whole form is known to be
 * acceptable. Over a limit, the parser stops reading and the answer names the file that broke it.
 */
export async function parseUploadForm(request: Request, limits: UploadLimits): Promise<ParsedUpload> {
	const maxTotalSize = limits.maxTotalSize ?? limits.maxFiles * limits.maxFileSize + MAX_TEXT_BYTES
	const boundary = multipartBoundary(request.headers.get('Content-Type'))
	const index = boundary ? new MultipartIndex(boundary) : null
	const tapped = index && request.body ? tap(request.body, (chunk) => index.write(chunk)) : null
	const parsedRequest = tapped
		? new Request(request.url, { method: request.method, headers: request.headers, body: tapped.stream, duplex: 'half' } as RequestInit)
		: request

	const files: UploadedFile[] = []
	try {
		const formData = await parseFormData(
			parsedRequest,
			{ maxFiles: limits.maxFiles, maxFileSize: limits.maxFileSize, maxTotalSize },
			async (upload: FileUpload) => {
				// A file input left empty still sends a part: no name, no bytes.
				if (upload.size === 0 && (upload.name === '' || upload.name === 'file-upload')) return null
				if (!limits.fileFields.includes(upload.fieldName)) return null
				files.push({ field: upload.fieldName, name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) })
				return null
			},
		)
		if (hasUnreasonableFieldNames(formData)) {
			return { ok: false, formData: withoutUnreasonableFieldNames(formData), field: limits.fileFields[0] ?? 'file', message: FORM_UNREADABLE }
		}
		return { ok: true, formData, files }
	} catch (error) {
		// Read what is left of a refused upload, so the browser gets our answer rather than a reset connection.
		await tapped?.drainRest(4 * maxTotalSize)
		const field = limits.fileFields[0] ?? 'file'
		if (error instanceof MaxFilesExceededError) {
			return {
				ok: false,
				formData: textFields(index),
				field,
				message: limits.tooManyMessage ?? imageMessages.tooMany(limits.maxFiles),
			}
		}
		if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
			const offender = index
				? error instanceof MaxFileSizeExceededError
					? index.firstPartOver(limits.maxFileSize)
					: index.currentPart()
				: null
			return {
				ok: false,
				formData: textFields(index, offender),
				field: offender?.name && limits.fileFields.includes(offender.name) ? offender.name : field,
				message: imageMessages.tooLarge(offender?.filename ?? 'upload', limits.maxFileSize),
			}
		}
		// A body cut off on the way (or not a form at all) is the sender's problem, not a server error.
		if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
			return { ok: false, formData: textFields(index), field, message: FORM_UNREADABLE }
		}
		throw error
	}
}

/**
 * Checks every file's bytes first (so a fake image stores nothing), then stores them one by one.
 * If one still fails to decode, the ones already stored are removed again.
 */
export async function storeUploadedImages(
	files: UploadedFile[],
): Promise<{ ok: true; images: StoredImage[] } | { ok: false; message: string }> {
	for (const file of files) {
		if (!detectImageType(file.bytes)) return { ok: false, message: imageMessages.notSupported(file.name) }
	}
	const stored: StoredImage[] = []
	for (const file of files) {
		try {
			stored.push(await storeImage(file.bytes))
		} catch (error) {
			await deleteMedia(stored.map((image) => image.key))
			if (error instanceof UnsupportedImageError) return { ok: false, message: imageMessages.notSupported(file.name) }
			if (isDiskFull(error)) {
				console.error(`Upload refused: no space left for media in ${uploadsDir()}`)
				return { ok: false, message: DISK_FULL_MESSAGE }
			}
			throw error
		}
	}
	return { ok: true, images: stored }
}

/** The text fields read before a refusal, to refill the form (minus names no form of ours sends). */
function textFields(index: MultipartIndex | null, until?: PartInfo | null) {
	return withoutUnreasonableFieldNames(index?.textFields(until) ?? new FormData())
}

function multipartBoundary(contentType: string | null) {
	if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null
	const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
	return match ? (match[1] ?? match[2] ?? null) : null
}

/**
 * Passes a stream through unchanged, showing each chunk to `see` just before the reader gets it.
 * When the reader gives up (a limit was hit), the source is left open for `drainRest`: cancelling it
 * would close the connection before the answer is sent.
 */
function tap(source: ReadableStream<Uint8Array>, see: (chunk: Uint8Array) => void) {
	const reader = source.getReader()
	let finished = false
	const stream = new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				const { done, value } = await reader.read()
				if (done) {
					finished = true
					return controller.close()
				}
				see(value)
				controller.enqueue(value)
			},
		},
		// No read-ahead: the index is never further along than the parser by more than one chunk.
		{ highWaterMark: 0 },
	)
	/** Reads and drops the rest of the body, up to `limit` bytes (then the connection is given up on). */
	async function drainRest(limit: number) {
		if (!finished) await drainReader(reader, limit)
	}
	return { stream, drainRest }
}

type PartInfo = {
	name: string
	filename: string | null
	size: number
	complete: boolean
	text: Buffer[]
}

/**
 * A light second look at the multipart bytes the parser reads: where each part starts, its field and
 * file name, how big it is, and the values of text fields. The parser's limit errors do not say
 * which file broke the limit nor keep the fields read so far; this does, cheaply.
 */
export class MultipartIndex {
	readonly parts: PartInfo[] = []
	private readonly delimiter: Buffer
	private carry: Buffer = Buffer.alloc(0)
	private state: 'seek' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'seek'
	private textBytes = 0

	constructor(boundary: string) {
		this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1')
		// The first delimiter has no CRLF before it; pretend it has.
		this.write(Buffer.from('\r\n', 'latin1'))
	}

	write(chunk: Uint8Array) {
		if (this.state === 'done') return
		let buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
		this.carry = Buffer.alloc(0)
		let i = 0
		for (;;) {
			if (this.state === 'seek' || this.state === 'body') {
				const found = buf.indexOf(this.delimiter, i)
				if (found === -1) {
					const keep = Math.max(i, buf.length - (this.delimiter.length - 1))
					this.addContent(buf.subarray(i, keep))
					this.carry = Buffer.from(buf.subarray(keep))
					return
				}
				this.addContent(buf.subarray(i, found))
				const current = this.parts.at(-1)
				if (this.state === 'body' && current) current.complete = true
				i = found + this.delimiter.length
				this.state = 'after-delimiter'
			}
			if (this.state === 'after-delimiter') {
				if (buf.length - i < 2) {
					this.carry = Buffer.from(buf.subarray(i))
					return
				}
				if (buf[i] === 0x2d && buf[i + 1] === 0x2d) {
					this.state = 'done'
					return
				}
				i += 2
				this.state = 'headers'
			}
			if (this.state === 'headers') {
				const end = buf.indexOf('\r\n\r\n', i, 'latin1')
				if (end === -1) {
					if (buf.length - i > 16 * 1024) this.state = 'done'
					else this.carry = Buffer.from(buf.subarray(i))
					return
				}
				this.parts.push({ ...parseDisposition(buf.subarray(i, end).toString('utf8')), size: 0, complete: false, text: [] })
				i = end + 4
				this.state = 'body'
			}
		}
	}

	private addContent(bytes: Buffer) {
		const part = this.state === 'body' ? this.parts.at(-1) : undefined
		if (!part || bytes.length === 0) return
		part.size += bytes.length
		if (part.filename === null && this.textBytes + bytes.length <= MAX_TEXT_BYTES) {
			part.text.push(Buffer.from(bytes))
			this.textBytes += bytes.length
		}
	}

	/** The first file part (in order) larger than `limit`, else the part being read. */
	firstPartOver(limit: number) {
		return this.parts.find((p) => p.filename !== null && p.size > limit) ?? this.currentPart()
	}

	currentPart() {
		return this.parts.at(-1) ?? null
	}

	/** The complete text fields, in order, that came before `until` (all of them without it). */
	textFields(until?: PartInfo | null) {
		const form = new FormData()
		for (const part of this.parts) {
			if (part === until) break
			if (part.filename !== null || !part.complete || !part.name) continue
			form.append(part.name, Buffer.concat(part.text).toString('utf8'))
		}
		return form
	}
}

function parseDisposition(headers: string): { name: string; filename: string | null } {
	const line = headers.split('\r\n').find((l) => /^content-disposition:/i.test(l)) ?? ''
	const param = (key: string) => {
		const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line) ?? new RegExp(`;\\s*${key}=([^;\\s]+)`, 'i').exec(line)
		return match ? match[1]!.replace(/\\(.)/g, '$1').replace(/%22/g, '"') : null
	}
	return { name: param('name') ?? '', filename: param('filename') }
}
