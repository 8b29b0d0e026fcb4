import { promisify } from 'node:util'

import yauzl, { type Entry, type ZipFile } from 'yauzl'

// Reads an uploaded ZIP entry by entry from its file on disk: the central directory first (names and
// sizes, nothing inflated), then only the entries asked for, one at a time. The limits are checked
// before a byte is inflated, and yauzl's validateEntrySizes stops an entry that inflates past the size
// its header claims (a ZIP bomb), so time and memory stay bounded by the limits, not by the file.

export type ZipLimits = {
	/** Most entries (folders included) the file may list. */
	maxEntries: number
	/** Most bytes one entry may inflate to. */
	maxEntryBytes: number
	/** Most bytes all entries together may inflate to. */
	maxTotalBytes: number
}

/** A file inside the ZIP: its name (a plain relative path, checked) and the size it inflates to. */
export type ZipFileEntry = { name: string; size: number }

export type ZipProblem =
	| { kind: 'unreadable' }
	| { kind: 'too-many-entries'; entries: number }
	| { kind: 'unsafe-name'; name: string }
	| { kind: 'too-large'; name: string; size: number }
	| { kind: 'too-large-total'; size: number }
	| { kind: 'encrypted'; name: string }

export type ZipListing = { ok: true; files: ZipFileEntry[] } | { ok: false; problem: ZipProblem }

const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open)

/**
 * A name that stays inside the folder it is unpacked in: relative, no `..` step, no backslash, no
 * drive letter, no control characters. yauzl refuses most of these itself; this holds for the rest.
 */
export function isSafeZipName(name: string) {
	if (!name || name.length > 255) return false
	// eslint-disable-next-line no-control-regex -- control characters are what it refuses
	if (/[\u0000-\u001f\\]/.test(name) || name.startsWith('/') || /^[a-z]:/i.test(name)) return false
	return name.split('/').every((step) => step !== '..' && step !== '.')
}

async function open(file: string) {
	return openZip(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: false })
}

/** Calls `onEntry` with each entry in the central directory, one at a time; stops when it answers false. */
function walkEntries(zip: ZipFile, onEntry: (entry: Entry) => Promise<boolean> | boolean) {
	return new Promise<void>((resolve, reject) => {
		zip.on('error', reject)
		zip.on('end', () => resolve())
		zip.on('entry', (entry: Entry) => {
			Promise.resolve(onEntry(entry)).then((more) => (more ? zip.readEntry() : resolve()), reject)
		})
		zip.readEntry()
	})
}

/** yauzl refuses an entry name that leaves the folder ("invalid relative path: ../x", "absolute path: /x"). */
function unsafeNameOf(error: unknown) {
	const message = error instanceof Error ? error.message : ''
	const match = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(message)
	return match ? match[1]! : null
}

/** The files a ZIP lists (folders left out), or the first limit it breaks. Nothing is inflated. */
export async function listZipFiles(file: string, limits: ZipLimits): Promise<ZipListing> {
	let zip: ZipFile
	try {
		zip = await open(file)
	} catch {
		return { ok: false, problem: { kind: 'unreadable' } }
	}
	try {
		// The count comes from the directory's end record: 10 000 tiny files are refused before one is listed.
		if (zip.entryCount > limits.maxEntries) return { ok: false, problem: { kind: 'too-many-entries', entries: zip.entryCount } }
		const files: ZipFileEntry[] = []
		let total = 0
		let problem: ZipProblem | null = null
		await walkEntries(zip, (entry) => {
			const name = entry.fileName
			if (!isSafeZipName(name)) problem = { kind: 'unsafe-name', name }
			else if (name.endsWith('/')) return true
			else if (entry.isEncrypted()) problem = { kind: 'encrypted', name }
			else if (entry.uncompressedSize > limits.maxEntryBytes) problem = { kind: 'too-large', name, size: entry.uncompressedSize }
			else if ((total += entry.uncompressedSize) > limits.maxTotalBytes) problem = { kind: 'too-large-total', size: total }
			else files.push({ name, size: entry.uncompressedSize })
			return problem === null
		})
		return problem ? { ok: false, problem } : { ok: true, files }
	} catch (error) {
		const name = unsafeNameOf(error)
		return { ok: false, problem: name === null ? { kind: 'unreadable' } : { kind: 'unsafe-name', name } }
	} finally {
		zip.close()
	}
}

/**
 * An entry's bytes, at most `max`. Read by its events: the stream yauzl gives for a stored (not
 * deflated) entry never ends under `for await`, which would leave the import waiting for ever.
 */
function readEntryBytes(stream: NodeJS.ReadableStream, name: string, max: number) {
	return new Promise<Buffer>((resolve, reject) => {
		const chunks: Buffer[] = []
		let size = 0
		stream.on('data', (chunk: Buffer) => {
			size += chunk.length
			if (size <= max) return void chunks.push(chunk)
			;(stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.()
			reject(new Error(`${name} inflates past its limit`))
		})
		stream.on('end', () => resolve(Buffer.concat(chunks)))
		stream.on('error', reject)
	})
}

/**
 * Inflates the entries named in `wanted`, one at a time and each whole in memory (so each is at most
 * `maxEntryBytes`), handing each to `onFile` before the next is read. Throws when the file no longer
 * reads as it was listed, or an entry inflates past its declared size.
 */
export async function readZipFiles(
	file: string,
	wanted: ReadonlySet<string>,
	maxEntryBytes: number,
	onFile: (name: string, bytes: Uint8Array) => Promise<void>,
) {
	const zip = await open(file)
	const openEntry = promisify(zip.openReadStream.bind(zip)) as (entry: Entry) => Promise<NodeJS.ReadableStream>
	try {
		await walkEntries(zip, async (entry) => {
			if (!wanted.has(entry.fileName)) return true
			if (entry.uncompressedSize > maxEntryBytes) throw new Error(`${entry.fileName} is larger than its limit`)
			await onFile(entry.fileName, await readEntryBytes(await openEntry(entry), entry.fileName, maxEntryBytes))
			return true
		})
	} finally {
		zip.close()
	}
}
