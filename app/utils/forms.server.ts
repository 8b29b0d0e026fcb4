import { MaxTotalSizeExceededError, parseFormData } from '@remix-run/form-data-parser'
import { data } from 'react-router'
import { LIMITS } from '~/constants'

/** What the seller is told when a form's body cannot be read (cut off on the way, or not a form at all). */
export const FORM_UNREADABLE = 'The form arrived incomplete or damaged. Please try again.'
export const FORM_TOO_LARGE = 'The form is too large to send. Please shorten the text and try again.'

// Conform turns `items[5].code` into a list with an entry at index 5 and `a.b.c` into nested objects.
// Our forms use indexes below 100 and three levels at most; a posted `items[99999999].code` would make a
// hundred-million-entry list and `a.a.a…` ten thousand levels deep overflows the stack.
const MAX_LIST_INDEX_DIGITS = 3
const MAX_NAME_DEPTH = 8

/** A field name no form of ours sends and whose parsing would cost far more than the request. */
export function isUnreasonableFieldName(name: string) {
	if (new RegExp(`\\[\\d{${MAX_LIST_INDEX_DIGITS + 1},}\\]`).test(name)) return true
	return (name.match(/[.[]/g)?.length ?? 0) > MAX_NAME_DEPTH
}

export function hasUnreasonableFieldNames(formData: FormData) {
	for (const name of formData.keys()) if (isUnreasonableFieldName(name)) return true
	return false
}

/** The same form without the fields `isUnreasonableFieldName` refuses (to refill a refused form safely). */
export function withoutUnreasonableFieldNames(formData: FormData) {
	if (!hasUnreasonableFieldNames(formData)) return formData
	const kept = new FormData()
	for (const [name, value] of formData) if (!isUnreasonableFieldName(name)) kept.append(name, value)
	return kept
}

/**
 * The fields of a posted form without files (every form except the upload ones). Read with a hard
 * limit, whatever the encoding: the server caps url-encoded bodies up front, but a multipart body is
 * only counted here. A body that is not a readable form (another Content-Type, a cut-off or malformed
 * multipart body, field names no form of ours sends) is the sender's fault: 400 with a message, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
	let formData: FormData
	try {
		formData = await parseFormData(request, { maxFiles: 0, maxTotalSize: LIMITS.maxFormBytes })
	} catch (error) {
		// Read the rest first (within reason), so the browser gets this answer rather than a reset connection.
		await drainBody(request, 8 * LIMITS.maxFormBytes)
		if (error instanceof MaxTotalSizeExceededError) throw data(FORM_TOO_LARGE, { status: 413 })
		throw data(FORM_UNREADABLE, { status: 400 })
	}
	if (hasUnreasonableFieldNames(formData)) throw data(FORM_UNREADABLE, { status: 400 })
	return formData
}

/** Reads and drops what is left of a request body, up to `limit` bytes (then the connection is given up). */
export async function drainBody(request: Request, limit: number) {
	const body = request.body
	if (!body || body.locked) return
	await drainReader(body.getReader(), limit)
}

/** Reads and drops what `reader` has left, up to `limit` bytes (then it is cancelled). */
export async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
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
