import QRCode from 'qrcode'

export type QrModules = {
	/** Modules per side, without the quiet zone. */
	size: number
	/** An SVG path drawing every dark module as a 1×1 square, in module units. */
	path: string
}

/**
 * The QR code of `text` as an SVG path, drawn by the page itself (no image request, no inline markup
 * from a library). Medium error correction survives a smudged phone screen being scanned.
 */
export function qrModules(text: string): QrModules {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
	let path = ''
	for (let y = 0; y < modules.size; y++) {
		for (let x = 0; x < modules.size; x++) {
			if (modules.get(y, x)) path += `M${x} ${y}h1v1h-1z`
		}
	}
	return { size: modules.size, path }
}
