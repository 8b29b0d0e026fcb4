import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import type { Locale } from '~/i18n/locales'

// The fonts a share card draws Telugu and Devanagari with: the same Noto Sans faces the storefront
// serves (Fontsource's packages, already a dependency), read from node_modules, never downloaded. The
// machine has no Indic fonts of its own, and sharp's text renderer reads only TrueType/OpenType files,
// not the packages' WOFF: each face is unpacked once per process into a TrueType file in the temporary
// folder (a name that is a hash of its bytes, so a newer package makes a new file).

export type CardFont = {
	/** The family name inside the file, for Pango's font description. */
	family: string
	/** An absolute path to a TrueType file of it. */
	file: string
}

const PACKAGED: Partial<Record<Locale, { family: string; woff: string }>> = {
	te: { family: 'Noto Sans Telugu', woff: '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff' },
	hi: { family: 'Noto Sans Devanagari', woff: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff' },
}

/** WOFF 1.0 (W3C) back to the font it wraps: each table inflated when stored compressed, in a fresh table directory. */
function woffToSfnt(woff: Buffer): Buffer {
	if (woff.length < 44 || woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file')
	const flavor = woff.readUInt32BE(4)
	const count = woff.readUInt16BE(12)
	const tables = Array.from({ length: count }, (_, i) => {
		const entry = 44 + i * 20
		const offset = woff.readUInt32BE(entry + 4)
		const stored = woff.subarray(offset, offset + woff.readUInt32BE(entry + 8))
		const length = woff.readUInt32BE(entry + 12)
		return {
			tag: woff.readUInt32BE(entry),
			checksum: woff.readUInt32BE(entry + 16),
			data: stored.length < length ? zlib.inflateSync(stored) : stored,
		}
	})
	let power = 1
	let log = 0
	while (power * 2 <= count) {
		power *= 2
		log++
	}
	const directory = Buffer.alloc(12 + 16 * count)
	directory.writeUInt32BE(flavor, 0)
	directory.writeUInt16BE(count, 4)
	directory.writeUInt16BE(power * 16, 6)
	directory.writeUInt16BE(log, 8)
	directory.writeUInt16BE(count * 16 - power * 16, 10)
	const parts: Buffer[] = [directory]
	let offset = directory.length
	tables.forEach((table, i) => {
		const record = 12 + i * 16
		directory.writeUInt32BE(table.tag, record)
		directory.writeUInt32BE(table.checksum, record + 4)
		directory.writeUInt32BE(offset, record + 8)
		directory.writeUInt32BE(table.data.length, record + 12)
		// Every table starts on a four-byte boundary.
		const padding = Buffer.alloc((4 - (table.data.length % 4)) % 4)
		parts.push(table.data, padding)
		offset += table.data.length + padding.length
	})
	return Buffer.concat(parts)
}

const unpacked = new Map<Locale, Promise<CardFont>>()

/** The font for a language with its own script; null for English (the card's Latin fonts have it). */
export function cardFont(locale: Locale): Promise<CardFont> | null {
	const packaged = PACKAGED[locale]
	if (!packaged) return null
	let font = unpacked.get(locale)
	if (!font) {
		font = (async () => {
			const woff = await fsp.readFile(createRequire(import.meta.url).resolve(packaged.woff))
			const sfnt = woffToSfnt(woff)
			const hash = crypto.createHash('sha256').update(sfnt).digest('hex').slice(0, 16)
			const file = path.join(os.tmpdir(), `shop-card-font-${locale}-${hash}.ttf`)
			if (!(await fsp.stat(file).catch(() => null))) {
				const temp = `${file}.${process.pid}.tmp`
				await fsp.writeFile(temp, sfnt)
				await fsp.rename(temp, file)
			}
			return { family: packaged.family, file }
		})()
		// A failed unpacking is tried again on the next card rather than remembered.
		font.catch(() => unpacked.delete(locale))
		unpacked.set(locale, font)
	}
	return font
}
