import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'

import { createCookie, data } from 'react-router'

import { LIMITS } from '~/constants'
import { imageMessages } from '~/schemas/image-upload'

import { cookieAttributes, cookieName } from './cookies.server'
import { getEnv } from './env.server'
import { detectImageType } from './file-types.server'
import { fileNameOf, FORM_UNREADABLE, readBody } from './forms.server'
import { imageSize } from './images.server'
import { SHARED_PHOTOS_FIELD } from './share-target'
import { uploadsDir } from './storage.server'
import type { UploadedFile } from './uploads.server'

// Photos shared into the installed admin from the phone's gallery (the manifest's share_target) are
// held here until the seller saves them with a new product. A share can arrive before sign-in, so the
// holding place takes posts from anyone and is bounded against strangers: at most five photos a share,
// each checked by its bytes and size like any upload; a share is tied to a random token in its own
// cookie (only that browser can see or attach it, and only once signed in); it expires after 30
// minutes; all holds together stay under HOLD_TOTAL_BYTES (the oldest go first), and holds made without
// a session (anyone's, from any number of addresses) under STRANGER_HOLD_BYTES, never pushing out one the
// signed-in seller made; strangers are throttled per address by the caller. Holds live under the
// uploads folder's .tmp, which start-up sweeps and backups skip.

export const HOLD_MINUTES = 30
export const HOLD_TOTAL_BYTES = 150 * 1024 * 1024
/** One full share (five photos at the upload limit) fits. */
export const STRANGER_HOLD_BYTES = LIMITS.maxProductImages * LIMITS.maxImageBytes
const TOKEN = /^[a-f0-9]{32}$/

export const sharedPhotosMessages = {
	tooMany: `Only the first ${LIMITS.maxProductImages} photos were kept: a saree has at most ${LIMITS.maxProductImages}.`,
	none: 'No photos arrived with the share. Please share the photos again.',
	full: 'The shop cannot hold more shared photos just now. Please add the photos from the form instead.',
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

export type HeldPhoto = { index: number; name: string; bytes: number }
export type Hold = { token: string; created: number; photos: HeldPhoto[]; notes: string[]; bySeller?: boolean }

/**
 * Reads a share: keeps the first five image files that are what they claim to be, and the reasons for
 * the rest. Reading stops at the sixth file (the first five are kept).
 */
export async function readSharedPhotos(request: Request) {
	const files: UploadedFile[] = []
	const read = await readBody(
		request,
		{
			maxBytes: LIMITS.maxProductImages * LIMITS.maxImageBytes + 64 * 1024,
			maxFiles: LIMITS.maxProductImages,
			maxFileBytes: LIMITS.maxImageBytes,
			drainBytes: 8 * 1024 * 1024,
		},
		(file) => {
			if (file.name === SHARED_PHOTOS_FIELD) files.push({ field: file.name, name: fileNameOf(file), bytes: file.bytes })
		},
	)
	const notes: string[] = []
	if (!read.ok) {
		if (read.problem.kind === 'too-many-files') notes.push(sharedPhotosMessages.tooMany)
		else if (read.problem.kind === 'too-large')
			notes.push(imageMessages.tooLarge(read.problem.file?.name || 'upload', LIMITS.maxImageBytes))
		// Not a share at all (unreadable, or fields no share sheet sends): the sender's fault, as for any form.
		else throw data(FORM_UNREADABLE, { status: 400 })
	}
	const images: UploadedFile[] = []
	for (const file of files) {
		if (detectImageType(file.bytes) && (await imageSize(file.bytes))) images.push(file)
		else notes.push(imageMessages.notSupported(file.name || 'upload'))
	}
	return { files: images.slice(0, LIMITS.maxProductImages), notes }
}

/**
 * Who shares (the signed-in seller, or anyone before sign-in), and for tests: another uploads folder,
 * another clock, smaller holding areas.
 */
export type HoldOptions = { bySeller?: boolean; root?: string; now?: number; totalBytes?: number; strangerBytes?: number }

/** Holds `files` under a new token; null when even after dropping expired and the oldest holds there is no room. */
export async function holdSharedPhotos(
	files: UploadedFile[],
	notes: string[],
	{ bySeller = false, root, now = Date.now(), totalBytes = HOLD_TOTAL_BYTES, strangerBytes = STRANGER_HOLD_BYTES }: HoldOptions = {},
): Promise<string | null> {
	const size = files.reduce((sum, file) => sum + file.bytes.byteLength, 0)
	if (!(await makeRoom(size, { bySeller, root, now, totalBytes, strangerBytes }))) return null
	const token = crypto.randomBytes(16).toString('hex')
	const dir = holdDir(token, root)
	await fsp.mkdir(dir, { recursive: true })
	const photos: HeldPhoto[] = []
	for (const [index, file] of files.entries()) {
		await fsp.writeFile(path.join(dir, String(index)), file.bytes)
		photos.push({ index, name: file.name.slice(0, 200), bytes: file.bytes.byteLength })
	}
	const hold: Hold = { token, created: now, photos, notes, bySeller }
	await fsp.writeFile(path.join(dir, 'hold.json'), JSON.stringify(hold))
	return token
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
