import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, isRouteErrorResponse } from 'react-router'
import type { $ZodType } from 'zod/v4/core'
import { notifyChange, type ChangeKind } from './events.server'
import { redirectWithFlash } from './flash.server'
import { deleteMedia } from './storage.server'
import { parseUploadForm, type UploadLimits } from './uploads.server'

// Server plumbing shared by the admin screens that add, edit and delete catalogue records (products,
// blog posts): the record id in the URL, the editor form with its image uploads, saving with file
// clean-up, and deleting.

type MediaKeys = Array<string | null | undefined>

/** The id in an admin URL such as /admin/products/:id/delete: a positive whole number, else a 404 with `notFoundText`. */
export function recordId(raw: string, notFoundText: string) {
	const id = Number(raw)
	if (!Number.isSafeInteger(id) || id <= 0) throw data(notFoundText, { status: 404 })
	return id
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
export async function parseEditorForm<Schema extends $ZodType>(request: Request, limits: UploadLimits, schema: Schema) {
	const upload = await parseUploadForm(request, limits)
	const submission = parseWithZod(upload.formData, { schema })
	const refuse = (fieldErrors: Record<string, string[]>, status = 400, formErrors?: string[]) =>
		data<EditorActionData>(
			{ result: submission.reply({ fieldErrors, formErrors }), hadNewFiles: !upload.ok || upload.files.length > 0 },
			{ status },
		)
	return { upload, submission, refuse }
}

/**
 * Creates a record (`id` null) or updates it; an update answering null means the record is gone (404).
 * When saving fails, the files just stored for it are removed again, as nothing points at them: a thrown
 * response goes on up, any other error is handed back. Once saved, the files the record no longer uses
 * are removed and the admin screens are told of the change.
 */
export async function saveRecord({
	kind,
	id,
	create,
	update,
	newMediaKeys,
	notFoundText,
}: {
	kind: ChangeKind
	id: number | null
	create: () => Promise<number>
	/** Returns the media keys the record no longer uses, or null when there is no such record. */
	update: (id: number) => Promise<MediaKeys | null>
	newMediaKeys: string[]
	notFoundText: string
}): Promise<{ ok: true; id: number } | { ok: false; error: unknown }> {
	let savedId: number
	let unused: MediaKeys = []
	try {
		if (id === null) {
			savedId = await create()
		} else {
			const removed = await update(id)
			if (removed === null) throw data(notFoundText, { status: 404 })
			savedId = id
			unused = removed
		}
	} catch (error) {
		await deleteMedia(newMediaKeys)
		if (error instanceof Response || isRouteErrorResponse(error)) throw error
		return { ok: false, error }
	}
	await deleteMedia(unused)
	notifyChange(kind, id === null ? 'created' : 'updated', savedId)
	return { ok: true, id: savedId }
}

/**
 * The action of a delete confirmation page: deletes the record, then its files (once the row is gone),
 * tells the admin screens, and goes back to the list with a flash message. A record that is already
 * gone, or a failure (logged as `failureLog`), answers with `messages.deleteFailed`.
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
		/** Returns the media keys the record used, or null when there is no such record. */
		remove: (id: number) => Promise<MediaKeys | null>
		listPath: string
		messages: { deleted: string; deleteFailed: string }
		failureLog: string
	},
) {
	let keys: MediaKeys | null
	try {
		keys = await remove(id)
	} catch (error) {
		console.error(failureLog, error)
		keys = null
	}
	if (keys === null) return redirectWithFlash(request, listPath, { type: 'error', message: messages.deleteFailed })
	await deleteMedia(keys)
	notifyChange(kind, 'deleted', id)
	return redirectWithFlash(request, listPath, { type: 'success', message: messages.deleted })
}
