// Files of the ISO base media family (MP4, MOV, 3GP, HEIC and AVIF photos, M4A audio) all begin with
// an `ftyp` box: a major brand and the brands the file is compatible with. What the file holds is read
// from those brands, never from the name or the browser's claim. A plain module: the server decides
// with it (file-types.server.ts) and the browser uses it to say at once why a chosen file is refused.

/** What an ISO media file holds, by its brands; null for a file that is not one. */
export type IsoMediaKind = 'mp4-video' | 'quicktime' | 'heic-photo' | 'avif-photo' | 'audio' | 'other'

/** The brands of MP4 and 3GP video as cameras, phones, editors and ffmpeg write them. */
const VIDEO_BRANDS = new Set([
	'isom',
	'iso2',
	'iso3',
	'iso4',
	'iso5',
	'iso6',
	'iso7',
	'iso8',
	'iso9',
	'mp41',
	'mp42',
	'mp71',
	'avc1',
	'dash',
	'mmp4',
	'M4V ',
	'M4VH',
	'M4VP',
	'MSNV',
	'XAVC',
	'f4v ',
	'3gp4',
	'3gp5',
	'3gp6',
	'3gp7',
	'3gp8',
	'3gp9',
	'3g2a',
	'3g2b',
	'3g2c',
])
/** Audio-only files say so in their major brand (they may list mp42 or isom beside it). */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B '])
/** HEIF photos and sequences coded in HEVC (iPhones' HEIC), and HEIF without a codec brand. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'mif2', 'msf1', 'MiHE', 'MiHB', 'MiPr', 'MiHA'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

// A real ftyp box lists a handful of brands; one claiming more is not read past this.
const MAX_FTYP_BYTES = 1024

const brandAt = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

/** The major brand and the compatible ones of a file that starts with an `ftyp` box; null otherwise. */
export function isoBrands(bytes: Uint8Array): { major: string; compatible: string[] } | null {
	if (bytes.length < 12 || brandAt(bytes, 4) !== 'ftyp') return null
	const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
	const end = Math.min(size, bytes.length, MAX_FTYP_BYTES)
	const compatible: string[] = []
	for (let at = 16; at + 4 <= end; at += 4) compatible.push(brandAt(bytes, at))
	return { major: brandAt(bytes, 8), compatible }
}

export function isoMediaKind(bytes: Uint8Array): IsoMediaKind | null {
	const brands = isoBrands(bytes)
	if (!brands) return null
	const { major, compatible } = brands
	if (major === 'qt  ') return 'quicktime'
	if (AUDIO_BRANDS.has(major)) return 'audio'
	const all = [major, ...compatible]
	// Photos first: a HEIF file may also name a video brand it borrows its boxes from.
	if (all.some((brand) => AVIF_BRANDS.has(brand))) return 'avif-photo'
	if (all.some((brand) => HEIF_BRANDS.has(brand))) return 'heic-photo'
	if (all.some((brand) => VIDEO_BRANDS.has(brand))) return 'mp4-video'
	return 'other'
}
