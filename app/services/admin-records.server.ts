import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { $ZodType } from 'zod/v4/core'

import { moveToTrash, type TrashKind } from '~/models/trash.server'
import { type ChangeKind, notifyChange } from '~/utils/events.server'
import { redirectWithFlash } from '~/utils/flash.server'
import { parseRecordId } from '~/utils/record-id'
import type { RequestArgs } from '~/utils/request-context.server'
import { trashRestorePath } from '~/utils/trash-paths'

import { deleteMedia } from './storage.server'
import { parseUploadForm, type UploadLimits } from './uploads.server'

// Server plumbing shared by the admin screens that add, edit and delete records (products, blog posts,
// orders): the record id in the URL, the editor form with its uploads, saving with file clean-up, and
// deleting.

type MediaKeys = Array<string | null | undefined>

/** The id in an admin URL such as /admin/products/:id/delete (see parseRecordId), else a 404 with `notFoundText`. */
export function recordId(raw: string, notFoundText: string) {
	const id = parseRecordId(raw)
	if (id === null) throw data(notFoundText, { status: 404 })
	return id
}

/** What was typed in an admin list's search box (`?q=`), trimmed and at most 100 characters. */
export function searchQuery(address: URL | URLSearchParams) {
	const params = address instanceof URL ? address.searchParams : address
	return (params.get('q') ?? '').trim().slice(0, 100)
}

/** What an editor's action answers when it sends the form back. */
export type EditorActionData = {
	result: SubmissionResult<string[]>
	/** Files had been chosen: the browser does not keep them, so the picker asks for them again. */
	hadNewFiles: boolean
}

/**
 * Reads an editor's multipart form within `limits` and checks its fields against `schema`. `refuse`
 * sends the form back with errors: field errors (such as an image field's upload problem), a status
 * (400 unless told) and form-wide errors.
 */
export async function parseEditorForm<Schema extends $ZodType>(posted: RequestArgs, limits: Omit<UploadLimits, 'form'>, schema: Schema) {
	const upload = await parseUploadForm(posted, { ...limits, form: { schema } })
	const submission = parseWithZod(upload.formData, { schema })
	const refuse = (fieldErrors: Record<string, string[]>, status = 400, formErrors?: string[]) =>
		data<EditorActionData>(
			{ result: submission.reply({ fieldErrors, formErrors }), hadNewFiles: !upload.ok || upload.files.length > 0 },
			{ status },
		)
	return { upload, submission, refuse }
}

/** The record to update no longer exists (saveRecord without `notFoundText`). */
export class RecordNotFoundError extends Error {
	constructor() {
		super('The record no longer exists')
		this.name = 'RecordNotFoundError'
	}
}

/**
 * Creates a record (`id` null) or updates it. An update answering null means the record is gone: a
 * 404 page with `notFoundText` when given (an editor), else a RecordNotFoundError handed back (a quick
 * change from a list, which says so in a flash message). When saving fails, the files just stored for
 * it are removed again, as nothing points at them, and the error is handed back. Once saved, the files
 * the record no longer uses are removed and the admin screens are told of the change.
 */
export async function saveRecord({
	kind,
	id,
	create,
	update,
	newMediaKeys = [],
	notFoundText,
}: {
	kind: ChangeKind
	id: number | null
	create?: () => Promise<number>
	/** Returns the media keys the record no longer uses, or null when there is no such record. */
	update: (id: number) => Promise<MediaKeys | null>
	/** The files stored for this save; read once it is over, so a save may fill it as it stores them. */
	newMediaKeys?: string[]
	notFoundText?: string
}): Promise<{ ok: true; id: number } | { ok: false; error: unknown }> {
	let saved: { id: number; unused: MediaKeys } | null
	try {
		if (id === null) {
			if (!create) throw new Error(`saveRecord: no create for a new ${kind}`)
			saved = { id: await create(), unused: [] }
		} else {
			const unused = await update(id)
			saved = unused === null ? null : { id, unused }
		}
	} catch (error) {
		await deleteMedia(newMediaKeys)
		return { ok: false, error }
	}
	if (saved === null) {
		await deleteMedia(newMediaKeys)
		if (notFoundText !== undefined) throw data(notFoundText, { status: 404 })
		return { ok: false, error: new RecordNotFoundError() }
	}
	await deleteMedia(saved.unused)
	notifyChange(kind, id === null ? 'created' : 'updated', saved.id)
	return { ok: true, id: saved.id }
}

/** What a delete did: moved the record to the trash (its files kept), or removed it for good with these files. */
type DeleteOutcome = { trashId: number } | { removedMedia: string[] }

/** A `remove` for deleteRecord that moves one record of `kind` to the trash. */
export function toTrash(kind: TrashKind) {
	return async (id: number): Promise<DeleteOutcome | null> => {
		const [trashId] = await moveToTrash(kind, [id])
		return trashId == null ? null : { trashId }
	}
}

/**
 * The action of a delete confirmation page: moves the record to the trash (its files stay, for a
 * restore) — or, for what has no trash (a category, deletable only when empty), removes it and then its
 * files — tells the admin screens, and goes back to the list with a flash message whose "Undo" puts a
 * trashed record back. A record that is already gone, or a failure (logged as `failureLog`), answers with
 * `messages.deleteFailed`.
 */
export async function deleteRecord(
	request: Request,
	{
		kind,
		id,
		remove,
		listPath,
		messages,
		failureLog,
	}: {
		kind: ChangeKind
		id: number
		/** Deletes the record (`toTrash(kind)` for sarees, posts and orders); null when there is no such record. */
		remove: (id: number) => Promise<DeleteOutcome | null>
		listPath: string
		messages: { deleted: string; deleteFailed: string }
		failureLog: string
	},
) {
	let outcome: DeleteOutcome | null
	try {
		outcome = await remove(id)
	} catch (error) {
		console.error(failureLog, error)
		outcome = null
	}
	if (outcome === null) return redirectWithFlash(request, listPath, { type: 'error', message: messages.deleteFailed })
	notifyChange(kind, 'deleted', id)
	if ('removedMedia' in outcome) {
		await deleteMedia(outcome.removedMedia)
		return redirectWithFlash(request, listPath, { type: 'success', message: messages.deleted })
	}
	return redirectWithFlash(request, listPath, {
		type: 'success',
		message: messages.deleted,
		action: { label: 'Undo', to: trashRestorePath(outcome.trashId, 'list') },
	})
}
