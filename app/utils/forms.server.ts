import fsp from 'node:fs/promises'

import { INTENT, STATE } from '@conform-to/dom'
import { parseWithZod } from '@conform-to/zod/v4'
import { parseFormData } from '@remix-run/form-data-parser'
import {
	getMultipartBoundary,
	MaxFileSizeExceededError,
	MaxTotalSizeExceededError,
	MultipartParser,
	type MultipartPart,
} from '@remix-run/multipart-parser'
import { data } from 'react-router'
import { z } from 'zod'
import type { $ZodType } from 'zod/v4/core'

import { SERVER_LIMITS } from '~/constants.server'

import { fitsShape, formShape, type ObjectShape, topList, variantShape } from './form-shape.server'
import { MultipartSplitter } from './multipart-splitter.server'
import { type RequestArgs, requestFacts } from './request-context.server'
import { logSecurityEvent } from './security-log.server'

// Every posted body is read here, whatever its encoding and whoever sends it: readFormData for forms
// without files, readBody (through uploads.server and videos.server) for forms with them, readBodyToDisk
// where the files go to disk as they arrive (the share target, which strangers may post to). Whatever
// arrives passes one gate before any form code sees it: the size limits, the names the form's own schema
// has (form-shape.server.ts) and the form library's reserved fields.

/** What the sender is told when a form's body cannot be used (cut off on the way, not a form, or tampered with). */
export const FORM_UNREADABLE = 'The form arrived incomplete or damaged. Please try again.'
export const FORM_TOO_LARGE = 'The form is too large to send. Please shorten the text and try again.'

// ── the form's fields ──

/**
 * The fields a form takes: the zod schema its action checks it with (see form-shape.server.ts), and the
 * lists of that schema whose Add and Remove buttons work without JavaScript (the form library's `insert`
 * and `remove` intents, posted as its reserved `__intent__` field, within the list's own maximum).
 */
export type FormFields<Schema extends $ZodType = $ZodType> = { schema: Schema; lists?: readonly string[] }

/** A form that takes no fields at all: only files (the share target), or a body that should be empty. */
const NO_FIELDS: FormFields = { schema: z.object({}) }

/**
 * Whether the gate refuses a form for this name: it spells a list index, a nesting or a path that no form
 * posted to this address has. A plain name the form does not take is no reason to refuse it (it is left
 * out before any form code sees the form: see keptFields).
 */
export function isRefusedFieldName(name: string, form: FormFields) {
	return /[.[\]]/.test(name) && !fitsShape(name, formShape(form.schema))
}

// ── the form library's reserved fields ──

// Conform posts two reserved fields: `__intent__` (a JSON control: validate, update, reset, insert,
// remove, reorder; its `update`, `insert` and `remove` write at any list index they name) and
// `__state__` (JSON, sent only by <FormStateInput>, which no form of ours renders). Parsing either is
// the attack: an `update` at index 10 000 000 builds a ten-million-entry list, malformed JSON throws.
const MAX_INTENT_LENGTH = 1024

/** Whether the reserved fields of a posted form are exactly what its own buttons send (or absent). */
function hasOnlyItsOwnIntents(formData: FormData, form: FormFields) {
	if (formData.has(STATE)) return false
	const intents = formData.getAll(INTENT)
	if (intents.length === 0) return true
	const [intent] = intents
	return intents.length === 1 && typeof intent === 'string' && isListIntent(intent, form)
}

/** `{"type":"insert"|"remove","payload":{"name":<a list>,"index":<within it>,"defaultValue":{…}}}` and nothing else. */
function isListIntent(serialized: string, form: FormFields) {
	if (serialized.length > MAX_INTENT_LENGTH) return false
	let intent: unknown
	try {
		intent = JSON.parse(serialized)
	} catch {
		return false
	}
	if (!isPlainObject(intent) || !hasOnlyKeys(intent, ['type', 'payload'])) return false
	const { type, payload } = intent
	if (!isPlainObject(payload) || typeof payload.name !== 'string' || !form.lists?.includes(payload.name)) return false
	const list = topList(formShape(form.schema), payload.name)
	if (!list) return false
	const isIndex = (value: unknown, below: number) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < below
	if (type === 'remove') return hasOnlyKeys(payload, ['name', 'index']) && isIndex(payload.index, list.max)
	if (type !== 'insert' || !hasOnlyKeys(payload, ['name', 'index', 'defaultValue'])) return false
	if (payload.index !== undefined && !isIndex(payload.index, list.max + 1)) return false
	const row = payload.defaultValue
	if (row === undefined) return true
	// A new row's first values: fields of the list's rows, as short texts.
	return (
		isPlainObject(row) &&
		list.item.kind === 'object' &&
		Object.entries(row).every(
			([key, value]) => fitsShape(key, list.item as ObjectShape) && typeof value === 'string' && value.length <= 100,
		)
	)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasOnlyKeys(value: Record<string, unknown>, allowed: string[]) {
	return Object.keys(value).every((key) => allowed.includes(key))
}

// ── the gate ──

export type FieldProblem = 'field-name' | 'reserved-field'

/** Why the gate refuses a posted form (no page of ours sends such a form), or null when it passes. */
export function formFieldProblem(formData: FormData, form: FormFields = NO_FIELDS): FieldProblem | null {
	for (const name of new Set(formData.keys())) if (name !== INTENT && name !== STATE && isRefusedFieldName(name, form)) return 'field-name'
	return hasOnlyItsOwnIntents(formData, form) ? null : 'reserved-field'
}

/**
 * What of a posted form its action gets: the fields of its shape (of its own variant, for a form that is
 * one of several), in order, and the list buttons' intent once the gate has passed it. Names the form does
 * not take go, so the form library never builds them and no answer that sends the form back repeats them.
 */
export function keptFields(formData: FormData, form: FormFields = NO_FIELDS, { withIntent = false } = {}) {
	const shape = variantShape(formShape(form.schema), formData)
	const kept = new FormData()
	const fits = new Map<string, boolean>()
	for (const [name, value] of formData) {
		if (name === INTENT) {
			if (withIntent) kept.append(name, value)
			continue
		}
		let fit = fits.get(name)
		if (fit === undefined) fits.set(name, (fit = fitsShape(name, shape)))
		if (fit) kept.append(name, value)
	}
	return kept
}

// ── reading ──

export type BodyLimits = {
	/** Most bytes of content the body may hold, files included. */
	maxBytes: number
	/** Most files (non-empty file parts, any field); default none. */
	maxFiles?: number
	/** Most bytes one file may hold; default maxBytes. */
	maxFileBytes?: number
	/** For a body read to disk: a lower limit for the files of some fields (a CSV beside a ZIP). */
	maxFileBytesOf?: Readonly<Record<string, number>>
	/** The fields the form takes (see FormFields); default none, only files. */
	form?: FormFields
	/** After a refusal, how much of the rest is read and dropped before the connection is given up on. */
	drainBytes?: number
}

type BodyProblem =
	| { kind: 'too-large'; file: { field: string; name: string } | null }
	| { kind: 'too-many-files' }
	/** Not a form at all, cut off on the way, or malformed. */
	| { kind: 'unreadable' }
	/** Readable, but the gate refuses its field names or reserved fields. */
	| { kind: 'refused'; reason: FieldProblem }

export type BodyRead =
	| { ok: true; formData: FormData }
	/** `formData` holds the text fields read before the problem (minus refused names), to refill the form. */
	| { ok: false; formData: FormData; problem: BodyProblem }

/** A file part, complete and in memory (within maxFileBytes); `onFile` decides what to keep. */
export type FilePart = MultipartPart & { name: string }

/** The file's name as the sender chose it: browsers send `"`, CR and LF in it as %22, %0D and %0A. */
export function fileNameOf(part: MultipartPart) {
	return (part.filename ?? '').replace(/%(?:22|0d|0a)/gi, (escaped) => decodeURIComponent(escaped))
}

const MAX_PARTS = 1000

/**
 * Reads a posted form (url-encoded or multipart) within `limits`, through the gate. Files go to `onFile`
 * one by one as each arrives complete; text fields are collected. Over a limit, for a body that is not a
 * readable form, and for fields the gate refuses, the rest of the body is read and dropped (so the
 * browser gets the answer rather than a reset connection) and the problem comes back.
 */
export async function readBody(
	posted: RequestArgs,
	limits: BodyLimits,
	onFile?: (file: FilePart) => Promise<void> | void,
): Promise<BodyRead> {
	const { request } = posted
	const contentType = request.headers.get('Content-Type') ?? ''
	const drain = () => drainBody(request, limits.drainBytes ?? 4 * limits.maxBytes)
	let read: BodyRead
	try {
		read = /^multipart\/form-data/i.test(contentType)
			? await readMultipart(request, getMultipartBoundary(contentType), limits, onFile)
			: await readSimpleForm(request, limits)
	} catch (error) {
		// `onFile` failed (its error is the caller's to answer): the browser still gets that answer.
		await drain()
		throw error
	}
	if (!read.ok) await drain()
	return throughTheGate(posted, read, limits.form)
}

/**
 * The gate, once a body is read: the fields the form takes (and, when it passes, its own Add/Remove
 * intent), or why it is refused; a refused form keeps its fitting fields, to be shown again.
 */
function throughTheGate({ context }: RequestArgs, read: BodyRead, form: FormFields | undefined): BodyRead {
	if (!read.ok) return { ok: false, formData: keptFields(read.formData, form), problem: read.problem }
	const reason = formFieldProblem(read.formData, form)
	if (!reason) return { ok: true, formData: keptFields(read.formData, form, { withIntent: true }) }
	// No page of ours sends this: someone is probing the forms.
	logSecurityEvent({ event: 'form-refused', outcome: 'refused', clientAddress: requestFacts(context).clientAddress, detail: reason })
	return { ok: false, formData: keptFields(read.formData, form), problem: { kind: 'refused', reason } }
}

/** Url-encoded bodies (and anything that is not multipart, which is refused as not a form). */
async function readSimpleForm(request: Request, limits: BodyLimits): Promise<BodyRead> {
	try {
		return { ok: true, formData: await parseFormData(request, { maxFiles: 0, maxTotalSize: limits.maxBytes, maxParts: MAX_PARTS }) }
	} catch (error) {
		const problem: BodyProblem = error instanceof MaxTotalSizeExceededError ? { kind: 'too-large', file: null } : { kind: 'unreadable' }
		return { ok: false, formData: new FormData(), problem }
	}
}

const utf8 = new TextDecoder()

/** Carries an error of `onFile` past the parser's error handling. */
class FileHandlerError extends Error {
	constructor(readonly cause: unknown) {
		super('The file handler failed')
	}
}

async function readMultipart(
	request: Request,
	boundary: string | null,
	limits: BodyLimits,
	onFile: ((file: FilePart) => Promise<void> | void) | undefined,
): Promise<BodyRead> {
	const formData = new FormData()
	const unreadable = (): BodyRead => ({ ok: false, formData, problem: { kind: 'unreadable' } })
	if (!boundary || !request.body) return unreadable()
	const parser = new MultipartParser(boundary, {
		maxFileSize: limits.maxFileBytes ?? limits.maxBytes,
		maxTotalSize: limits.maxBytes,
		maxParts: MAX_PARTS,
	})
	const trail = new PartTrail(boundary)
	const reader = request.body.getReader()
	let files = 0
	let chunk: Uint8Array | undefined
	let partsEnded = 0
	try {
		for (;;) {
			const next = await reader.read()
			if (next.done) break
			chunk = next.value
			partsEnded = 0
			trail.add(chunk)
			for (const part of parser.write(chunk)) {
				partsEnded++
				if (!part.name) continue
				if (!part.isFile) {
					// Browsers send UTF-8; anything else is kept as replacement characters rather than refused.
					formData.append(part.name, utf8.decode(part.bytes))
					continue
				}
				// A file input left empty still sends a part: no file name, no bytes.
				if (part.size === 0 && !part.filename) continue
				if (++files > (limits.maxFiles ?? 0)) return { ok: false, formData, problem: { kind: 'too-many-files' } }
				try {
					await onFile?.(part as FilePart)
				} catch (error) {
					throw new FileHandlerError(error)
				}
			}
			if (partsEnded) trail.partsEnded(chunk, partsEnded)
		}
		parser.finish()
		return { ok: true, formData }
	} catch (error) {
		if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
			if (chunk && partsEnded) trail.partsEnded(chunk, partsEnded)
			const part = trail.partBeingRead()
			const file = part?.name && part.filename !== undefined ? { field: part.name, name: fileNameOf(part) } : null
			return { ok: false, formData, problem: { kind: 'too-large', file } }
		}
		if (error instanceof FileHandlerError) throw error.cause
		// Anything else the parser or the stream says: a body cut off on the way, or not a form at all.
		return unreadable()
	} finally {
		reader.releaseLock()
	}
}

const CRLF = new Uint8Array([13, 10])
/** Room after the chunk where the last part ended for the next part's header (the parser's own header limit). */
const HEADER_ROOM = 8 * 1024 + 512

/**
 * The raw bytes from the chunk in which the last complete part ended, a little beyond: where the header
 * of the part after it lies. When a limit stops the parser in the middle of a part, the parser reads
 * that part's header again from here, so the refusal can name the file (the parser does not say which
 * part broke its limit).
 */
class PartTrail {
	private chunks: Uint8Array[] = [CRLF]
	private size = CRLF.length
	private room = HEADER_ROOM
	/** The n-th delimiter in the trail starts the part being read (the first one has no CRLF: added above). */
	private n = 1
	/** The last bytes of the body before the chunk just added, and up to its end: a delimiter may span chunks. */
	private before: Uint8Array = new Uint8Array(0)
	private last: Uint8Array = new Uint8Array(0)
	private readonly delimiter: Buffer

	constructor(private readonly boundary: string) {
		this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1')
	}

	add(chunk: Uint8Array) {
		const keep = this.delimiter.length - 1
		this.before = this.last
		this.last = chunk.length >= keep ? chunk.subarray(chunk.length - keep) : Buffer.concat([this.last, chunk]).subarray(-keep)
		if (this.size < this.room) {
			this.chunks.push(chunk)
			this.size += chunk.length
		}
	}

	/** `count` parts ended in `chunk` (the one just added): the next part starts after the count-th delimiter from there. */
	partsEnded(chunk: Uint8Array, count: number) {
		this.chunks = [this.before, chunk]
		this.size = this.before.length + chunk.length
		this.room = this.size + HEADER_ROOM
		this.n = count
	}

	partBeingRead(): MultipartPart | null {
		const bytes = Buffer.concat(this.chunks)
		let at = -1
		for (let i = 0; i < this.n; i++) {
			at = bytes.indexOf(this.delimiter, at + 1)
			if (at === -1) return null
		}
		// That part alone (header and what arrived of its content), closed here, for the parser to read.
		const message = Buffer.concat([bytes.subarray(at + CRLF.length), Buffer.from(`\r\n--${this.boundary}--\r\n`, 'latin1')])
		try {
			const first = new MultipartParser(this.boundary, { maxFileSize: message.length, maxTotalSize: message.length }).write(message).next()
			return first.done ? null : first.value
		} catch {
			return null
		}
	}
}

/**
 * The fields of a posted form without files (every form except the upload ones), through the gate: only
 * those `form` takes. A body that is not a readable form (another Content-Type, cut off, malformed, names
 * no form of ours sends, reserved fields it has no use for) is the sender's fault: 400 with a message,
 * never a 500; over `maxBytes` (default SERVER_LIMITS.maxFormBytes): 413.
 */
export async function readFormData(posted: RequestArgs, form: FormFields & { maxBytes?: number }): Promise<FormData> {
	const read = await readBody(posted, {
		maxBytes: form.maxBytes ?? SERVER_LIMITS.maxFormBytes,
		form,
		// The server caps url-encoded bodies at maxFormBytes up front; read that much so the answer arrives.
		drainBytes: 8 * SERVER_LIMITS.maxFormBytes,
	})
	if (read.ok) return read.formData
	if (read.problem.kind === 'too-large') throw data(FORM_TOO_LARGE, { status: 413 })
	throw data(FORM_UNREADABLE, { status: 400 })
}

/** A posted form without files (readFormData), checked by the schema it was read by. */
export async function readSubmission<Schema extends $ZodType>(posted: RequestArgs, form: FormFields<Schema> & { maxBytes?: number }) {
	return parseWithZod(await readFormData(posted, form), { schema: form.schema })
}

/** Reads and drops what is left of a request body, up to `limit` bytes (then the connection is given up). */
export async function drainBody(request: Request, limit: number) {
	const body = request.body
	if (!body || body.locked) return
	await drainReader(body.getReader(), limit)
}

/** Reads and drops what `reader` has left, up to `limit` bytes (then it is cancelled). */
async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
	let seen = 0
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) return
			seen += value.byteLength
			if (seen > limit) return await reader.cancel()
		}
	} catch {
		// The client went away: nothing left to answer.
	}
}

// ── reading with files to disk ──

/** A file part as its header names it: the form's field and the sender's file name. */
export type IncomingFile = { field: string; name: string }
/** A file part written whole to the path it was given. */
type FileOnDisk = IncomingFile & { path: string; bytes: number }
/** What readBodyToDisk read: `files` are the files written whole, also when a limit stopped the reading later. */
export type DiskBodyRead = BodyRead & { files: FileOnDisk[] }

/** Text fields of a body read to disk, all together: no form of ours sends more text than an ordinary form. */
const MAX_TEXT_BYTES = SERVER_LIMITS.maxFormBytes

/**
 * readBody for a body whose files must never be whole in memory: each file part's content is written,
 * as it arrives, to the path `pathFor` gives for it (null: read and dropped). The same limits and the
 * same gate as readBody. A file cut off by a limit stays where it was written, for the caller to remove
 * with the rest of its folder.
 */
export async function readBodyToDisk(
	posted: RequestArgs,
	limits: BodyLimits,
	pathFor: (file: IncomingFile) => Promise<string | null> | string | null,
): Promise<DiskBodyRead> {
	const { request } = posted
	const contentType = request.headers.get('Content-Type') ?? ''
	if (!/^multipart\/form-data/i.test(contentType)) return { ...(await readBody(posted, limits)), files: [] }
	const drain = () => drainBody(request, limits.drainBytes ?? 4 * limits.maxBytes)
	let read: DiskBodyRead
	try {
		read = await readMultipartToDisk(request, getMultipartBoundary(contentType), limits, pathFor)
	} catch (error) {
		await drain()
		throw error
	}
	if (!read.ok) await drain()
	return { ...throughTheGate(posted, read, limits.form), files: read.files }
}

type FileBeingRead = { file: IncomingFile; named: boolean; started: boolean; path: string | null; out: fsp.FileHandle | null }
type PartBeingRead = { size: number } & (
	{ kind: 'dropped' } | { kind: 'text'; name: string; chunks: Buffer[] } | ({ kind: 'file' } & FileBeingRead)
)

async function readMultipartToDisk(
	request: Request,
	boundary: string | null,
	limits: BodyLimits,
	pathFor: (file: IncomingFile) => Promise<string | null> | string | null,
): Promise<DiskBodyRead> {
	const formData = new FormData()
	const files: FileOnDisk[] = []
	const stopped = (problem: BodyProblem): DiskBodyRead => ({ ok: false, formData, files, problem })
	if (!boundary || !request.body) return stopped({ kind: 'unreadable' })
	const maxFileBytes = limits.maxFileBytes ?? limits.maxBytes
	const splitter = new MultipartSplitter(boundary)
	const reader = request.body.getReader()
	let parts = 0
	let fileCount = 0
	let total = 0
	let text = 0
	let part: PartBeingRead | null = null
	// A file counts (and gets its path) with its first byte, or at its end when it is named but empty:
	// a file input left empty still sends a part, with no file name and no bytes.
	const start = async (file: FileBeingRead) => {
		if (++fileCount > (limits.maxFiles ?? 0)) return false
		file.started = true
		try {
			file.path = await pathFor(file.file)
			file.out = file.path === null ? null : await fsp.open(file.path, 'wx')
		} catch (error) {
			throw new FileHandlerError(error)
		}
		return true
	}
	try {
		for (;;) {
			const next = await reader.read()
			if (next.done) break
			for (const event of splitter.write(next.value)) {
				if (event.type === 'part') {
					if (++parts > MAX_PARTS) return stopped({ kind: 'unreadable' })
					const { name, isFile, filename } = event.part
					if (!name) part = { kind: 'dropped', size: 0 }
					else if (!isFile) part = { kind: 'text', size: 0, name, chunks: [] }
					else {
						const file = { field: name, name: fileNameOf(event.part) }
						part = { kind: 'file', size: 0, file, named: !!filename, started: false, path: null, out: null }
					}
				} else if (event.type === 'content' && part) {
					part.size += event.bytes.byteLength
					total += event.bytes.byteLength
					const fileLimit = part.kind === 'file' ? (limits.maxFileBytesOf?.[part.file.field] ?? maxFileBytes) : maxFileBytes
					if (part.size > fileLimit || total > limits.maxBytes)
						return stopped({ kind: 'too-large', file: part.kind === 'file' ? part.file : null })
					if (part.kind === 'file') {
						if (!part.started && !(await start(part))) return stopped({ kind: 'too-many-files' })
						if (part.out) await writeAll(part.out, event.bytes)
					} else if (part.kind === 'text') {
						text += event.bytes.byteLength
						if (text > MAX_TEXT_BYTES) return stopped({ kind: 'too-large', file: null })
						// A copy: the event's bytes are only valid until the next chunk.
						part.chunks.push(Buffer.from(event.bytes))
					}
				} else if (event.type === 'end' && part) {
					if (part.kind === 'text') formData.append(part.name, utf8.decode(Buffer.concat(part.chunks)))
					if (part.kind === 'file') {
						if (!part.started && part.named && !(await start(part))) return stopped({ kind: 'too-many-files' })
						const { out, path } = part
						part.out = null
						await closeFile(out)
						if (path !== null) files.push({ ...part.file, path, bytes: part.size })
					}
					part = null
				}
			}
		}
		splitter.finish()
		return { ok: true, formData, files }
	} catch (error) {
		if (error instanceof FileHandlerError) throw error.cause
		// Anything else the splitter or the stream says: a body cut off on the way, or not a form at all.
		return stopped({ kind: 'unreadable' })
	} finally {
		if (part?.kind === 'file') await part.out?.close().catch(() => undefined)
		reader.releaseLock()
	}
}

async function writeAll(out: fsp.FileHandle, bytes: Uint8Array) {
	try {
		for (let at = 0; at < bytes.byteLength;) at += (await out.write(bytes, at)).bytesWritten
	} catch (error) {
		throw new FileHandlerError(error)
	}
}

async function closeFile(out: fsp.FileHandle | null) {
	try {
		await out?.close()
	} catch (error) {
		throw new FileHandlerError(error)
	}
}
