import zlib from 'node:zlib'

// A ZIP file written byte by byte, so a test can make the ones no archiver would: names with `../`,
// an entry that claims a small size and inflates to a large one, ten thousand entries.

export type ZipEntryInput = {
	name: string
	bytes: Uint8Array
	/** The uncompressed size written in the headers (default the real one): a bomb claims less. */
	claimedSize?: number
	/** Stored as it is instead of deflated. */
	store?: boolean
}

export function makeZip(entries: ZipEntryInput[]): Buffer {
	const locals: Buffer[] = []
	const central: Buffer[] = []
	let offset = 0
	for (const entry of entries) {
		const name = Buffer.from(entry.name, 'utf8')
		const data = entry.store ? Buffer.from(entry.bytes) : zlib.deflateRawSync(entry.bytes)
		const crc = zlib.crc32(entry.bytes)
		const size = entry.claimedSize ?? entry.bytes.byteLength
		const method = entry.store ? 0 : 8
		const local = Buffer.alloc(30)
		local.writeUInt32LE(0x04034b50, 0)
		local.writeUInt16LE(20, 4)
		local.writeUInt16LE(0x0800, 6) // UTF-8 names
		local.writeUInt16LE(method, 8)
		local.writeUInt32LE(crc, 14)
		local.writeUInt32LE(data.byteLength, 18)
		local.writeUInt32LE(size, 22)
		local.writeUInt16LE(name.byteLength, 26)
		locals.push(local, name, data)
		const header = Buffer.alloc(46)
		header.writeUInt32LE(0x02014b50, 0)
		header.writeUInt16LE(20, 4)
		header.writeUInt16LE(20, 6)
		header.writeUInt16LE(0x0800, 8)
		header.writeUInt16LE(method, 10)
		header.writeUInt32LE(crc, 16)
		header.writeUInt32LE(data.byteLength, 20)
		header.writeUInt32LE(size, 24)
		header.writeUInt16LE(name.byteLength, 28)
		header.writeUInt32LE(offset, 42)
		central.push(header, name)
		offset += 30 + name.byteLength + data.byteLength
	}
	const directory = Buffer.concat(central)
	const end = Buffer.alloc(22)
	end.writeUInt32LE(0x06054b50, 0)
	end.writeUInt16LE(entries.length, 8)
	end.writeUInt16LE(entries.length, 10)
	end.writeUInt32LE(directory.byteLength, 12)
	end.writeUInt32LE(offset, 16)
	return Buffer.concat([...locals, directory, end])
}
