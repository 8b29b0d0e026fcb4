import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'

import { parseWithZod } from '@conform-to/zod/v4'
import type { Kysely } from 'kysely'

import { LIMITS } from '~/constants'
import { type DB, getDb } from '~/db.server'
import { findCategoryName, listCategoryNames } from '~/models/categories.server'
import { type CatalogueProduct, type CatalogueWrite, findProductsByCodes, writeCatalogue } from '~/models/products-catalogue.server'
import {
	CATALOGUE_IMPORT_LIMITS as LIMIT,
	CATALOGUE_IMPORT_MESSAGES as MESSAGES,
	type CatalogueHeader,
	catalogueImportSchema,
	columnOfField,
	isProductStatus,
	photoOfName,
	productFormInput,
	readCatalogueHeader,
	rowToFormInput,
} from '~/schemas/catalogue-import'
import { IMAGE_MESSAGES } from '~/schemas/image-upload'
import { type ProductFields, productFieldsFromForm, productFormSchema, resolveProductStatus } from '~/schemas/product'
import { CsvReadError, readCsvBatches } from '~/utils/csv-reader.server'
import { notifyChange } from '~/utils/events.server'
import { readBodyToDisk } from '~/utils/forms.server'
import type { StoredImage } from '~/utils/media'
import { normaliseProductCode } from '~/utils/product-code'
import { type RequestArgs, requestFacts } from '~/utils/request-context.server'
import { listZipFiles, readZipFiles, type ZipFileEntry, type ZipProblem } from '~/utils/zip-reader.server'

import { deleteMedia, uploadsDir } from './storage.server'
import { storeUploadedImages } from './uploads.server'

// Catalogue import (docs/decisions/0038). The CSV (and a ZIP of photos) are written to disk as they
// arrive, into a private folder under the uploads' .tmp (swept at start, never served, left out of
// backups) named by a random id and bound to the admin's session; they wait there an hour for the
// commit, so the preview and the commit read the same files without a second upload. The preview
// reads them through and writes nothing. The commit reads them again: it stores the ZIP's photos first
// (each checked by its bytes and stored like any upload), then writes every row in one transaction;
// if that fails the photos just stored are removed, and if the process dies the start-up sweep removes
// them, as no row points at them.

const UPLOAD_ID = /^[a-f0-9]{32}$/
const BATCH_ROWS = 500
const CSV_FILE = 'catalogue.csv'
const ZIP_FILE = 'photos.zip'
const ABOUT_FILE = 'upload.json'

type Upload = { id: string; created: number; session: string; hasPhotos: boolean; category: string }

type ImportProblem = { row: number; code: string; column: string; message: string }
export type ImportPreview = {
	upload: string
	added: number
	updated: number
	unchanged: number
	photos: number
	/** The first problems (CATALOGUE_IMPORT_LIMITS.problemsShown); `problemCount` counts them all. */
	problems: ImportProblem[]
	problemCount: number
	photoProblems: string[]
}
/** A file that cannot be read at all, named by its form field. */
export type FileRefusal = { field: 'csv' | 'photos' | 'category'; message: string }

function importsRoot() {
	return path.join(uploadsDir(), '.tmp', 'imports')
}

function sessionTag(sessionId: string) {
	return crypto.createHash('sha256').update(sessionId).digest('hex')
}

async function sessionOf(posted: RequestArgs) {
	return sessionTag((await requestFacts(posted.context).sessionId()) ?? '')
}

// ── receiving ──

/** Uploads waiting for their commit longer than the hold are removed (checked with each new upload). */
async function removeExpired(now: number) {
	const root = importsRoot()
	for (const id of await fsp.readdir(root).catch(() => [] as string[])) {
		const about = await readAbout(id)
		if (!about || now - about.created > LIMIT.holdMinutes * 60_000) await fsp.rm(path.join(root, id), { recursive: true, force: true })
	}
}

async function readAbout(id: string): Promise<Upload | null> {
	try {
		return JSON.parse(await fsp.readFile(path.join(importsRoot(), id, ABOUT_FILE), 'utf8')) as Upload
	} catch {
		return null
	}
}

/**
 * Reads the import form: the CSV and the ZIP written to disk as they arrive, within their limits.
 * Answers the upload's id, or what to say next to which field (nothing kept then).
 */
export async function receiveImport(posted: RequestArgs): Promise<{ ok: true; upload: Upload } | ({ ok: false } & FileRefusal)> {
	const now = Date.now()
	await removeExpired(now)
	const id = crypto.randomBytes(16).toString('hex')
	const dir = path.join(importsRoot(), id)
	await fsp.mkdir(dir, { recursive: true })
	const files = { csv: CSV_FILE, photos: ZIP_FILE } as Record<string, string>
	try {
		const read = await readBodyToDisk(
			posted,
			{
				maxBytes: LIMIT.csvBytes + LIMIT.zipBytes + 64 * 1024,
				maxFiles: 2,
				maxFileBytes: LIMIT.zipBytes,
				maxFileBytesOf: { csv: LIMIT.csvBytes },
				form: { schema: catalogueImportSchema },
				drainBytes: 4 * 1024 * 1024,
			},
			(file) => (files[file.field] ? path.join(dir, files[file.field]!) : null),
		)
		if (!read.ok) {
			await fsp.rm(dir, { recursive: true, force: true })
			const { problem } = read
			if (problem.kind === 'too-large' && problem.file?.field === 'photos')
				return { ok: false, field: 'photos', message: MESSAGES.zipTooLarge }
			if (problem.kind === 'too-large') return { ok: false, field: 'csv', message: MESSAGES.csvTooLarge }
			return { ok: false, field: 'csv', message: MESSAGES.formUnreadable }
		}
		const submission = parseWithZod(read.formData, { schema: catalogueImportSchema })
		const csv = read.files.find((file) => file.field === 'csv')
		if (submission.status !== 'success' || !csv || csv.bytes === 0) {
			await fsp.rm(dir, { recursive: true, force: true })
			const categoryError = submission.status === 'error' ? submission.error?.category?.[0] : undefined
			if (categoryError) return { ok: false, field: 'category', message: categoryError }
			return { ok: false, field: 'csv', message: submission.status === 'success' ? MESSAGES.csvRequired : MESSAGES.formUnreadable }
		}
		// The default category for rows that name none must be one of the seller's, spelt as she spells it.
		const category = submission.value.category ? await findCategoryName(submission.value.category) : ''
		if (category === null) {
			await fsp.rm(dir, { recursive: true, force: true })
			return { ok: false, field: 'category', message: MESSAGES.defaultCategoryInvalid }
		}
		const hasPhotos = read.files.some((file) => file.field === 'photos' && file.bytes > 0)
		const upload: Upload = { id, created: now, session: await sessionOf(posted), hasPhotos, category }
		await fsp.writeFile(path.join(dir, ABOUT_FILE), JSON.stringify(upload))
		return { ok: true, upload }
	} catch (error) {
		await fsp.rm(dir, { recursive: true, force: true })
		throw error
	}
}

/** The upload `id` names, if it is this session's and still waiting; null otherwise. */
export async function findUpload(posted: RequestArgs, id: unknown): Promise<Upload | null> {
	if (typeof id !== 'string' || !UPLOAD_ID.test(id)) return null
	const upload = await readAbout(id)
	if (!upload || Date.now() - upload.created > LIMIT.holdMinutes * 60_000) return null
	return upload.session === (await sessionOf(posted)) ? upload : null
}

/** Removes an upload once imported (or abandoned). */
export async function discardUpload(upload: Upload) {
	await fsp.rm(path.join(importsRoot(), upload.id), { recursive: true, force: true })
}

// ── reading ──

function zipMessage(problem: ZipProblem) {
	switch (problem.kind) {
		case 'too-many-entries':
			return MESSAGES.zipTooManyFiles(problem.entries)
		case 'unsafe-name':
			return MESSAGES.zipUnsafeName(problem.name)
		case 'too-large':
			return MESSAGES.zipEntryTooLarge(problem.name)
		case 'too-large-total':
			return MESSAGES.zipTooLargeTotal
		case 'encrypted':
			return MESSAGES.zipEncrypted(problem.name)
		default:
			return MESSAGES.zipUnreadable
	}
}

function csvMessage(error: CsvReadError) {
	const { problem } = error
	if (problem.kind === 'encoding') return MESSAGES.csvEncoding(problem.found === 'UTF-16' ? 'UTF-16' : 'Latin-1 (Windows-1252)')
	if (problem.kind === 'record-too-long') return MESSAGES.csvRecordTooLong(problem.line)
	if (problem.kind === 'too-many-columns') return MESSAGES.csvTooManyColumns(problem.line)
	return MESSAGES.csvMalformed(problem.line)
}

/** The ZIP's photos by the lower-case code they belong to, in their places; names that fit no code are problems. */
type PhotoPlan = { byCode: Map<string, string[]>; names: Set<string>; problems: string[] }

function listPhotos(upload: Upload) {
	return listZipFiles(path.join(importsRoot(), upload.id, ZIP_FILE), {
		maxEntries: LIMIT.zipEntries,
		maxEntryBytes: LIMITS.maxImageBytes,
		maxTotalBytes: LIMIT.zipTotalBytes,
	})
}

function planPhotos(files: ZipFileEntry[], codes: ReadonlySet<string>): PhotoPlan {
	const plan: PhotoPlan = { byCode: new Map(), names: new Set(), problems: [] }
	const places = new Map<string, Array<{ name: string; position: number }>>()
	for (const file of files) {
		const base = file.name.split('/').at(-1) ?? ''
		// The files an archiver adds beside the photos (macOS's __MACOSX, .DS_Store) are not the seller's.
		if (base.startsWith('.') || file.name.startsWith('__MACOSX/')) continue
		const photo = photoOfName(file.name, codes)
		if (!photo) {
			plan.problems.push(MESSAGES.zipNoCode(file.name))
			continue
		}
		const list = places.get(photo.code) ?? []
		list.push({ name: file.name, position: photo.position })
		places.set(photo.code, list)
	}
	for (const [code, list] of places) {
		if (list.length > LIMITS.maxProductImages) plan.problems.push(MESSAGES.zipTooManyPhotos(code.toUpperCase()))
		const names = list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)).map((photo) => photo.name)
		plan.byCode.set(code, names)
		for (const name of names) plan.names.add(name)
	}
	return plan
}

type RowOutcome = { problems: ImportProblem[]; write: CatalogueWrite | null; kind: 'added' | 'updated' | 'unchanged' | 'problem' }

/** Whether the stored product already has exactly these fields (compared as the editor's form shows them). */
function sameFields(product: CatalogueProduct, fields: ProductFields) {
	return JSON.stringify(productFormInput(product)) === JSON.stringify(productFormInput(fields))
}

/**
 * One row checked as the product editor checks its form (the same schema, through Conform, from the
 * product's saved fields with the row's columns over them) and what it would write.
 */
function checkRow(
	row: number,
	record: readonly string[],
	header: CatalogueHeader,
	categories: readonly string[],
	existing: CatalogueProduct | undefined,
	upload: Upload,
	photos: StoredImage[] | null,
): RowOutcome {
	const input = rowToFormInput(record, header, categories)
	// A new saree starts as the editor's Add Product does: one piece in hand (Meta's file has no stock column).
	const start = existing ? productFormInput(existing) : { category: upload.category, stock: '1' }
	const merged: Record<string, string> = { ...start, ...input }
	const code = normaliseProductCode(merged.code ?? '')
	const problems: ImportProblem[] = []
	const problem = (field: string, message: string) => problems.push({ row, code, column: columnOfField(header, field), message })
	if (merged.status && !isProductStatus(merged.status)) problem('status', MESSAGES.statusInvalid)
	const formData = new FormData()
	for (const [field, value] of Object.entries(merged)) if (!(field === 'status' && problems.length)) formData.set(field, value)
	const submission = parseWithZod(formData, { schema: productFormSchema })
	if (submission.status !== 'success') {
		for (const [field, messages] of Object.entries(submission.error ?? {})) for (const message of messages ?? []) problem(field, message)
	}
	// As the editor checks it: the category must be one of the seller's (the table, not the schema, knows them).
	// Beside the row's other problems, so the seller sees them all at once.
	const categoryRefused = submission.status === 'error' && Boolean(submission.error?.category)
	if (!categoryRefused && merged.category && !categories.includes(merged.category)) problem('category', MESSAGES.categoryInvalid)
	if (problems.length || submission.status !== 'success') return { problems, write: null, kind: 'problem' }
	const fields = productFieldsFromForm(submission.value, resolveProductStatus(undefined, submission.value.status))
	if (!existing) return { problems, write: { id: null, fields, photos: photos ?? [] }, kind: 'added' }
	if (!photos && sameFields(existing, fields)) return { problems, write: null, kind: 'unchanged' }
	return { problems, write: { id: existing.id, fields, photos }, kind: 'updated' }
}

type Pass = {
	upload: Upload
	/** The photos of each code (lower case): their names at the preview, their stored images at the commit. */
	photosOf: (code: string) => StoredImage[] | null
	onCodes?: (codes: string[]) => void
}

/**
 * Reads the upload's CSV a batch at a time, yielding what each row would do. The header line decides
 * the format; rows are numbered as a spreadsheet shows them (the header is row 1).
 */
async function* readRows(pass: Pass, db: Kysely<DB>): AsyncGenerator<RowOutcome[]> {
	let header: CatalogueHeader | null = null
	let row = 1
	const categories = await listCategoryNames(db)
	const seen = new Map<string, number>()
	for await (const batch of readCsvBatches(
		path.join(importsRoot(), pass.upload.id, CSV_FILE),
		{ maxRecordChars: LIMIT.recordChars, maxColumns: LIMIT.columns },
		BATCH_ROWS,
	)) {
		if (!header) {
			header = readCatalogueHeader(batch[0]!.fields)
			if (!header) throw new ImportRefused({ field: 'csv', message: MESSAGES.csvHeader })
			continue
		}
		const known = header
		const codes = batch.map((record) => normaliseProductCode(rowToFormInput(record.fields, known, categories).code ?? ''))
		pass.onCodes?.(codes)
		const existing = await findProductsByCodes(
			codes.filter((code) => code),
			db,
		)
		yield batch.map((record, i) => {
			row++
			const key = codes[i]!.toLowerCase()
			const outcome = checkRow(row, record.fields, known, categories, existing.get(key), pass.upload, key ? pass.photosOf(key) : null)
			const first = key ? seen.get(key) : undefined
			if (first !== undefined) {
				outcome.problems.push({ row, code: codes[i]!, column: columnOfField(known, 'code'), message: MESSAGES.duplicateCode(first) })
				return { ...outcome, write: null, kind: 'problem' as const }
			}
			if (key) seen.set(key, row)
			return outcome
		})
	}
	if (!header) throw new ImportRefused({ field: 'csv', message: MESSAGES.csvHeader })
	if (row === 1) throw new ImportRefused({ field: 'csv', message: MESSAGES.csvEmpty })
}

class ImportRefused extends Error {
	constructor(readonly refusal: FileRefusal) {
		super(refusal.message)
	}
}

/** Runs `work`, answering a file that cannot be read as its refusal. */
async function refusing<T>(work: () => Promise<T>): Promise<T | { refused: FileRefusal }> {
	try {
		return await work()
	} catch (error) {
		if (error instanceof ImportRefused) return { refused: error.refusal }
		if (error instanceof CsvReadError) return { refused: { field: 'csv', message: csvMessage(error) } }
		throw error
	}
}

// ── progress ──

export type ImportProgress = { phase: 'checking' | 'photos' | 'writing' | 'done'; done: number; total: number }
const progress = new Map<string, ImportProgress>()

/** How far the commit of an upload has come (for the progress bar), or null when none is running. */
export function importProgress(upload: Upload): ImportProgress | null {
	return progress.get(upload.id) ?? null
}

// ── preview and commit ──

/** What the file would do: the counts, and every row's problems. Writes nothing. */
export async function previewImport(upload: Upload, db: Kysely<DB> = getDb()) {
	return refusing(async () => (await inspect(upload, db)).preview)
}

/** The preview, and where the ZIP's photos go; throws ImportRefused or CsvReadError for a file that cannot be read. */
async function inspect(upload: Upload, db: Kysely<DB>, onRows?: (rows: number) => void) {
	// Whether a code has photos is known from the ZIP's names alone; planPhotos places them after.
	const candidates = new Set<string>()
	const listing = upload.hasPhotos ? await listPhotos(upload) : { ok: true as const, files: [] }
	if (!listing.ok) throw new ImportRefused({ field: 'photos', message: zipMessage(listing.problem) })
	for (const file of listing.files) {
		const stem = (file.name.split('/').at(-1) ?? '').replace(/\.[a-z]+$/i, '').toLowerCase()
		candidates.add(stem)
		candidates.add(stem.replace(/-\d{1,2}$/, ''))
	}
	const preview: ImportPreview = {
		upload: upload.id,
		added: 0,
		updated: 0,
		unchanged: 0,
		photos: 0,
		problems: [],
		problemCount: 0,
		photoProblems: [],
	}
	// The codes of every row, for the ZIP's names (10 000 short strings).
	const codes = new Set<string>()
	let rows = 0
	const pass: Pass = {
		upload,
		photosOf: (code) => (candidates.has(code) ? [] : null),
		onCodes: (batch) => batch.forEach((c) => codes.add(c.toLowerCase())),
	}
	for await (const outcomes of readRows(pass, db)) {
		for (const outcome of outcomes) {
			if (outcome.kind === 'problem') {
				preview.problemCount++
				for (const problem of outcome.problems) if (preview.problems.length < LIMIT.problemsShown) preview.problems.push(problem)
			} else preview[outcome.kind]++
		}
		rows += outcomes.length
		onRows?.(rows)
	}
	const plan = planPhotos(listing.files, codes)
	preview.photos = plan.names.size
	preview.photoProblems = plan.problems
	return { preview, plan }
}

export type ImportOutcome = { ok: true; added: number; updated: number } | { ok: false; preview: ImportPreview } | { refused: FileRefusal }

/**
 * Imports an upload whose preview found no problem: checks it again against the catalogue as it is
 * now, stores the ZIP's photos, then writes every row in one transaction. All or nothing: on any
 * failure the photos stored for it are removed and the catalogue is as it was.
 */
export async function commitImport(upload: Upload, db: Kysely<DB> = getDb()): Promise<ImportOutcome> {
	const state: ImportProgress = { phase: 'checking', done: 0, total: 0 }
	progress.set(upload.id, state)
	const stored: string[] = []
	try {
		const inspected = await refusing(() => inspect(upload, db, (rows) => (state.done = rows)))
		if ('refused' in inspected) return inspected
		const { preview: checked, plan } = inspected
		if (checked.problemCount || checked.photoProblems.length) return { ok: false, preview: checked }
		Object.assign(state, { phase: 'photos', done: 0, total: plan.names.size })
		const images = new Map<string, StoredImage>()
		const failure = await storeZipPhotos(upload, plan.names, images, stored, () => state.done++)
		if (failure) return { refused: failure }
		const photosOf = (code: string) => {
			const names = plan.byCode.get(code)
			return names ? names.map((name) => images.get(name)!) : null
		}
		Object.assign(state, { phase: 'writing', done: 0, total: checked.added + checked.updated + checked.unchanged })
		const written = await writeCatalogue(async function* (trx) {
			for await (const outcomes of readRows({ upload, photosOf }, trx)) {
				state.done += outcomes.length
				const writes = outcomes.flatMap((outcome) => (outcome.write ? [outcome.write] : []))
				// Another write may have come between the check and now: the transaction stops whole.
				if (outcomes.some((outcome) => outcome.kind === 'problem')) throw new Error('A row changed between its check and its import')
				yield writes
			}
		}, db)
		stored.length = 0
		await deleteMedia(written.unused)
		state.phase = 'done'
		if (written.added + written.updated) notifyChange('product', 'updated')
		return { ok: true, added: written.added, updated: written.updated }
	} finally {
		await deleteMedia(stored)
		// The bar shows "done" a moment for a page still asking.
		setTimeout(() => progress.delete(upload.id), 60_000).unref()
	}
}

/** Stores the named photos of the ZIP one at a time through the upload pipeline; the first refusal stops it. */
async function storeZipPhotos(
	upload: Upload,
	names: ReadonlySet<string>,
	images: Map<string, StoredImage>,
	stored: string[],
	onStored: () => void,
): Promise<FileRefusal | null> {
	if (!names.size) return null
	let refusal: FileRefusal | null = null
	try {
		await readZipFiles(path.join(importsRoot(), upload.id, ZIP_FILE), names, LIMITS.maxImageBytes, async (name, bytes) => {
			if (refusal) return
			const result = await storeUploadedImages([{ field: 'photos', name, bytes }])
			if (!result.ok) {
				refusal = { field: 'photos', message: result.message }
				return
			}
			const image = result.images[0]!
			stored.push(image.key)
			images.set(name, image)
			onStored()
		})
	} catch {
		return { field: 'photos', message: MESSAGES.zipUnreadable }
	}
	if (!refusal && images.size !== names.size) return { field: 'photos', message: IMAGE_MESSAGES.notSupported('a photo') }
	return refusal
}
