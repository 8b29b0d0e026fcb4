import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'

import { createCookie, data } from 'react-router'

import { LIMITS } from '~/constants'
import { messageRef } from '~/i18n/message-ref'
import { IMAGE_HEAD_BYTES, IMAGE_MESSAGES, notAnImageMessage } from '~/schemas/image-upload'
import { cookieAttributes, cookieName } from '~/utils/cookies.server'
import { getEnv } from '~/utils/env.server'
import { detectImageType } from '~/utils/file-types.server'
import { FORM_UNREADABLE, readBodyToDisk } from '~/utils/forms.server'
import type { RequestArgs } from '~/utils/request-context.server'
import { SHARED_PHOTOS_FIELD } from '~/utils/share-target'

import { hasTooManyPixels, imageSize } from './images.server'
import { isDiskFull, makeTempDir, removeTempDir, uploadsDir } from './storage.server'
import type { UploadedFile } from './uploads.server'

// Photos shared into the installed admin from the phone's gallery (the manifest's share_target) are
// held here until the seller saves them with a new product. A share can arrive before sign-in, so the
// holding place takes posts from anyone and is bounded against strangers: at most five photos a share,
// each checked by its bytes and size like any upload, written to disk as they arrive (never whole in
// memory); a share is tied to a random token in its own cookie (only that browser can see or attach
// it, and only once signed in); it expires after 30 minutes; all holds together stay under
// HOLD_TOTAL_BYTES (the oldest go first). The seller's holds are the ones she makes signed in or from a
// browser she signed in on before (its device cookie); everyone else is a stranger, whose shares are
// sized by their Content-Length before any byte is read (at most STRANGER_SHARE_BYTES, and
// STRANGER_SHARES_AT_ONCE of them received at a time in the whole shop) and whose holds together stay
// under STRANGER_HOLD_BYTES, never pushing out one of the seller's; strangers are throttled per address
// by the caller. Holds live under the uploads folder's .tmp, which start-up sweeps and backups skip.

export const HOLD_MINUTES = 30
export const HOLD_TOTAL_BYTES = 150 * 1024 * 1024
/** The most a share may carry: five photos at the upload limit, and room for the parts' headers. */
export const SHARE_BYTES = LIMITS.maxProductImages * LIMITS.maxImageBytes + 64 * 1024
/** The most a stranger's share may carry, by the Content-Length it announces. */
export const STRANGER_SHARE_BYTES = 25 * 1024 * 1024
/** Strangers' shares received at once, in the whole shop. */
const STRANGER_SHARES_AT_ONCE = 2
/** All strangers' holds together: as many shares at their limit as are received at once. */
const STRANGER_HOLD_BYTES = STRANGER_SHARES_AT_ONCE * STRANGER_SHARE_BYTES
const TOKEN = /^[a-f0-9]{32}$/

/** Who shares: the signed-in seller, the seller's browser signed out (its device cookie says so), or anyone else. */
export type Sharer = 'seller' | 'sellers-browser' | 'stranger'

// Refs to the catalogue (adminPhotos): the Add Product page, where they show, sends that area.
export const SHARED_PHOTOS_MESSAGES = {
	tooMany: messageRef('adminPhotos.sharedTooMany', { max: LIMITS.maxProductImages }),
	none: messageRef('adminPhotos.sharedNone'),
	full: messageRef('adminPhotos.sharedFull'),
	gone: messageRef('adminPhotos.sharedGone', { minutes: HOLD_MINUTES }),
	tooLargeSignedOut: messageRef('adminPhotos.sharedTooLargeSignedOut', { max: STRANGER_SHARE_BYTES / 1024 / 1024 }),
} as const

let cookie: ReturnType<typeof createCookie> | undefined

/** The browser's claim on its hold: a signed random token, for as long as the hold lives. */
export function sharedPhotosCookie() {
	cookie ??= createCookie(cookieName('shared-photos'), {
		...cookieAttributes(),
		secrets: [getEnv().SESSION_SECRET],
		maxAge: HOLD_MINUTES * 60,
	})
	return cookie
}

/** The hold this browser's cookie names, if any. */
export async function holdOfRequest(request: Request) {
	return findHold(await sharedPhotosCookie().parse(request.headers.get('Cookie')))
}

function holdsRoot(root = uploadsDir()) {
	return path.join(root, '.tmp', 'shared')
}

function holdDir(token: string, root?: string) {
	return path.join(holdsRoot(root), token)
}

type HeldPhoto = { index: number; name: string; bytes: number }
export type Hold = { token: string; created: number; photos: HeldPhoto[]; notes: string[]; bySeller?: boolean }

// ── receiving ──

/** What the shares being received now have claimed: their bytes, and how many are strangers'. */
const received = { bytes: 0, strangers: 0 }

export type Admission = { ok: true; release: () => void } | { ok: false; reason: 'length-required' | 'too-large' | 'busy' }

/**
 * Whether a share may be read at all, decided before any of it is: a stranger's must announce its size
 * (browsers always do) within STRANGER_SHARE_BYTES and find one of the strangers' places free; every
 * share's size counts against HOLD_TOTAL_BYTES for all shares being received. Call `release` when done.
 */
export function admitShare(request: Request, sharer: Sharer): Admission {
	const length = announcedLength(request)
	if (sharer === 'stranger') {
		if (length === null) return { ok: false, reason: 'length-required' }
		if (length > STRANGER_SHARE_BYTES) return { ok: false, reason: 'too-large' }
		if (received.strangers >= STRANGER_SHARES_AT_ONCE) return { ok: false, reason: 'busy' }
	}
	// The seller's shares are read up to SHARE_BYTES whatever they announce (the first five photos are kept).
	const bytes = Math.min(length ?? SHARE_BYTES, SHARE_BYTES)
	if (received.bytes + bytes > HOLD_TOTAL_BYTES) return { ok: false, reason: 'busy' }
	const stranger = sharer === 'stranger' ? 1 : 0
	received.bytes += bytes
	received.strangers += stranger
	let released = false
	return {
		ok: true,
		release: () => {
			if (released) return
			released = true
			received.bytes -= bytes
			received.strangers -= stranger
		},
	}
}

/** The body's size as its Content-Length gives it, or null without a usable one. */
export function announcedLength(request: Request) {
	const length = Number(request.headers.get('Content-Length') ?? NaN)
	return Number.isSafeInteger(length) && length >= 0 ? length : null
}

/** A share written to a temp folder: the photos that passed the checks, and what to tell about the rest. */
export type ReceivedShare = { dir: string; photos: Array<{ name: string; path: string; bytes: number }>; notes: string[] }

/**
 * Reads a share into a temp folder, each file written as it arrives: keeps the first five image files
 * that are what they claim to be (their first bytes, and sharp reads their size from the file), and the
 * reasons for the rest. Reading stops at the sixth file (the first five are kept). No share (and no
 * folder) when no photo passed.
 */
export async function readSharedPhotos(
	posted: RequestArgs,
	sharer: Sharer,
	root?: string,
): Promise<{ share: ReceivedShare | null; notes: string[] }> {
	// Made with the first photo: a post without one writes nothing.
	let dir: string | null = null
	const notes: string[] = []
	try {
		const read = await readBodyToDisk(
			posted,
			{
				maxBytes: sharer === 'stranger' ? STRANGER_SHARE_BYTES : SHARE_BYTES,
				maxFiles: LIMITS.maxProductImages,
				maxFileBytes: LIMITS.maxImageBytes,
				drainBytes: 8 * 1024 * 1024,
			},
			async (file) => {
				if (file.field !== SHARED_PHOTOS_FIELD) return null
				dir ??= await makeTempDir(root)
				return path.join(dir, `upload-${crypto.randomBytes(8).toString('hex')}`)
			},
		)
		if (!read.ok) {
			if (read.problem.kind === 'too-many-files') notes.push(SHARED_PHOTOS_MESSAGES.tooMany)
			else if (read.problem.kind === 'too-large')
				notes.push(IMAGE_MESSAGES.tooLarge(read.problem.file?.name || 'upload', LIMITS.maxImageBytes))
			// Not a share at all (unreadable, or fields no share sheet sends): the sender's fault, as for any form.
			else throw data(FORM_UNREADABLE, { status: 400 })
		}
		const photos: ReceivedShare['photos'] = []
		for (const file of read.files) {
			const problem = await photoProblem(file.path, file.name || 'upload')
			if (problem) notes.push(problem)
			else photos.push({ name: file.name, path: file.path, bytes: file.bytes })
		}
		if (dir === null) return { share: null, notes }
		if (photos.length === 0) {
			await removeTempDir(dir)
			return { share: null, notes }
		}
		// Only the photos stay: not the files refused, nor one a limit cut off.
		const kept = new Set(photos.map((photo) => path.basename(photo.path)))
		for (const name of await fsp.readdir(dir)) if (!kept.has(name)) await fsp.rm(path.join(dir, name), { force: true })
		return { share: { dir, photos, notes }, notes }
	} catch (error) {
		if (dir !== null) await removeTempDir(dir)
		// A full disk holds no more shares, like a full holding area.
		if (isDiskFull(error)) return { share: null, notes: [SHARED_PHOTOS_MESSAGES.full] }
		throw error
	}
}

/**
 * Why a received file is not a photo the shop takes (by its first bytes, then sharp reading its size
 * from the file, not loading it), or null when it is one.
 */
async function photoProblem(file: string, name: string) {
	const handle = await fsp.open(file, 'r')
	let head: Uint8Array
	try {
		const { buffer, bytesRead } = await handle.read(new Uint8Array(IMAGE_HEAD_BYTES), 0, IMAGE_HEAD_BYTES, 0)
		head = buffer.subarray(0, bytesRead)
	} finally {
		await handle.close()
	}
	if (detectImageType(head) === null) return notAnImageMessage(name, head)
	const size = await imageSize(file)
	if (size === null) return IMAGE_MESSAGES.notSupported(name)
	return hasTooManyPixels(size) ? IMAGE_MESSAGES.tooManyPixels(name, size.width, size.height) : null
}

// ── holding ──

/**
 * Who shares (the seller's holds are never pushed out by strangers'), and for tests: another uploads
 * folder, another clock, smaller holding areas.
 */
export type HoldOptions = { bySeller?: boolean; root?: string; now?: number; totalBytes?: number; strangerBytes?: number }

/**
 * Moves a received share into the holding area under a new token; null (and the share removed) when
 * even after dropping expired and the oldest holds there is no room.
 */
export async function holdSharedPhotos(
	share: ReceivedShare,
	{ bySeller = false, root, now = Date.now(), totalBytes = HOLD_TOTAL_BYTES, strangerBytes = STRANGER_HOLD_BYTES }: HoldOptions = {},
): Promise<string | null> {
	try {
		const size = share.photos.reduce((sum, photo) => sum + photo.bytes, 0)
		if (!(await makeRoom(size, { bySeller, root, now, totalBytes, strangerBytes }))) {
			await removeTempDir(share.dir)
			return null
		}
		const token = crypto.randomBytes(16).toString('hex')
		const photos: HeldPhoto[] = []
		for (const [index, photo] of share.photos.entries()) {
			await fsp.rename(photo.path, path.join(share.dir, String(index)))
			photos.push({ index, name: photo.name.slice(0, 200), bytes: photo.bytes })
		}
		const hold: Hold = { token, created: now, photos, notes: share.notes, bySeller }
		await fsp.writeFile(path.join(share.dir, 'hold.json'), JSON.stringify(hold))
		// Complete before it appears: another share making room never finds half a hold.
		await fsp.mkdir(holdsRoot(root), { recursive: true })
		await fsp.rename(share.dir, holdDir(token, root))
		return token
	} catch (error) {
		await removeTempDir(share.dir)
		throw error
	}
}

/** The hold a token names, if it is a well-formed token of a hold that has not expired. */
export async function findHold(token: unknown, root?: string, now = Date.now()): Promise<Hold | null> {
	if (typeof token !== 'string' || !TOKEN.test(token)) return null
	try {
		const hold = JSON.parse(await fsp.readFile(path.join(holdDir(token, root), 'hold.json'), 'utf8')) as Hold
		if (now - hold.created > HOLD_MINUTES * 60_000) {
			await releaseHold(token, root)
			return null
		}
		return hold
	} catch {
		return null
	}
}

export async function readHeldPhoto(hold: Hold, index: number, root?: string) {
	if (!hold.photos.some((photo) => photo.index === index)) return null
	return new Uint8Array(await fsp.readFile(path.join(holdDir(hold.token, root), String(index))))
}

/** The held photos the form ticked (indices as posted), as uploads to store like any other. */
export async function heldFiles(hold: Hold, ticked: string[], root?: string): Promise<UploadedFile[]> {
	const files: UploadedFile[] = []
	for (const photo of hold.photos) {
		if (!ticked.includes(String(photo.index))) continue
		const bytes = await readHeldPhoto(hold, photo.index, root)
		if (bytes) files.push({ field: SHARED_PHOTOS_FIELD, name: photo.name || `shared photo ${photo.index + 1}`, bytes })
	}
	return files
}

export async function releaseHold(token: string, root?: string) {
	if (TOKEN.test(token)) await fsp.rm(holdDir(token, root), { recursive: true, force: true })
}

/**
 * Drops expired holds, then the oldest, until `bytes` more fit under `totalBytes` (and, for a stranger's
 * share, strangers' holds under `strangerBytes`). A stranger's share only ever pushes out strangers' holds.
 */
async function makeRoom(
	bytes: number,
	{ bySeller, root, now, totalBytes, strangerBytes }: Required<Omit<HoldOptions, 'root'>> & { root?: string },
) {
	if (bytes > (bySeller ? totalBytes : Math.min(totalBytes, strangerBytes))) return false
	const holds: Array<{ token: string; created: number; size: number; bySeller: boolean }> = []
	for (const token of await fsp.readdir(holdsRoot(root)).catch(() => [] as string[])) {
		const hold = await findHold(token, root, now)
		if (!hold) {
			await releaseHold(token, root)
			continue
		}
		const size = hold.photos.reduce((sum, photo) => sum + photo.bytes, 0)
		holds.push({ token, created: hold.created, size, bySeller: hold.bySeller === true })
	}
	holds.sort((a, b) => a.created - b.created)
	const sum = (list: typeof holds) => list.reduce((total, hold) => total + hold.size, 0)
	const fits = () => sum(holds) + bytes <= totalBytes && (bySeller || sum(holds.filter((h) => !h.bySeller)) + bytes <= strangerBytes)
	// Chosen first and released only when the share then fits: a refused share pushes out nothing.
	const pushedOut: typeof holds = []
	for (const hold of [...holds]) {
		if (fits()) break
		if (hold.bySeller && !bySeller) continue
		holds.splice(holds.indexOf(hold), 1)
		pushedOut.push(hold)
	}
	if (!fits()) return false
	for (const hold of pushedOut) await releaseHold(hold.token, root)
	return true
}
