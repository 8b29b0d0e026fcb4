import zlib from 'node:zlib'

/**
 * A PNG whose header names `width` × `height` pixels, with almost no image data behind it: what a
 * decompression bomb or a very large photo looks like to a reader of headers, in a few dozen bytes.
 */
export function pngOfSize(width: number, height: number) {
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
		const length = Buffer.alloc(4)
		length.writeUInt32BE(data.length)
		const crc = Buffer.alloc(4)
		crc.writeUInt32BE(zlib.crc32(body))
		return Buffer.concat([length, body, crc])
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(width, 0)
	header.writeUInt32BE(height, 4)
	header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
	return new Uint8Array(
		Buffer.concat([
			Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
			chunk('IHDR', header),
			chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
			chunk('IEND', Buffer.alloc(0)),
		]),
	)
}
