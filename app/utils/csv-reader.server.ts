import fs from 'node:fs'
import { Readable } from 'node:stream'

import { CsvError, parse } from 'csv-parse'

// Reads a CSV file someone uploaded, as a stream: a chunk of bytes at a time is checked to be UTF-8
// and handed to csv-parse, which gives back one record at a time; the caller takes them in batches.
// Memory is bounded by one record (maxRecordBytes, and maxColumns for a line of empty columns, which
// csv-parse does not count against the record size) and one batch, whatever the file's size.

export type CsvLimits = {
	/** Most characters one record (a line, or several inside quotes) may hold. */
	maxRecordChars: number
	/** Most columns a record may have. */
	maxColumns: number
}

/** Why a file could not be read as CSV; `line` is the file's line the reading stopped at. */
export type CsvProblem =
	| { kind: 'encoding'; found: 'UTF-16' | 'Latin-1' }
	| { kind: 'record-too-long'; line: number }
	| { kind: 'too-many-columns'; line: number }
	| { kind: 'malformed'; line: number; reason: string }

export class CsvReadError extends Error {
	constructor(readonly problem: CsvProblem) {
		super(problem.kind)
	}
}

/**
 * The encoding a file's first bytes give away when it is not UTF-8: a UTF-16 byte-order mark, or
 * UTF-16 text without one (every other byte zero in Latin script). Null when it may be UTF-8; invalid
 * UTF-8 later in the file is found while decoding.
 */
export function foreignEncodingOf(head: Uint8Array): 'UTF-16' | null {
	if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return 'UTF-16'
	const sample = head.subarray(0, 512)
	let zeros = 0
	for (const byte of sample) if (byte === 0) zeros++
	return sample.length >= 4 && zeros * 4 >= sample.length ? 'UTF-16' : null
}

/**
 * The text of `chunks`, checked as UTF-8 (a byte-order mark dropped). Bytes that are not UTF-8 are,
 * in a spreadsheet's CSV, almost always Latin-1 (Windows-1252: Excel's "CSV" on Windows).
 */
async function* utf8Text(chunks: AsyncIterable<Buffer>, maxLineChars: number) {
	const decoder = new TextDecoder('utf-8', { fatal: true })
	let first = true
	let line = 1
	let commas = 0
	for await (const chunk of chunks) {
		if (first) {
			first = false
			const found = foreignEncodingOf(chunk)
			if (found) throw new CsvReadError({ kind: 'encoding', found })
		}
		let text: string
		try {
			text = decoder.decode(chunk, { stream: true })
		} catch {
			throw new CsvReadError({ kind: 'encoding', found: 'Latin-1' })
		}
		// csv-parse keeps empty columns without counting them against the record size: the commas of a
		// line are counted here (quoted ones too, which no real record has this many of) before it sees them.
		for (let i = 0; i < text.length; i++) {
			const code = text.charCodeAt(i)
			if (code === 10) {
				line++
				commas = 0
			} else if (code === 44 && ++commas > maxLineChars) throw new CsvReadError({ kind: 'too-many-columns', line })
		}
		yield text
	}
	try {
		const rest = decoder.decode()
		if (rest) yield rest
	} catch {
		throw new CsvReadError({ kind: 'encoding', found: 'Latin-1' })
	}
}

/** One record of the file: its fields, and the line of the file it starts on. */
export type CsvRecord = { fields: string[]; line: number }

/**
 * The records of a CSV file in batches of `batchSize`, the header first on its own. Throws
 * CsvReadError for a file that is not UTF-8 CSV within the limits.
 */
export async function* readCsvBatches(file: string, limits: CsvLimits, batchSize: number): AsyncGenerator<CsvRecord[]> {
	const parser = parse({ bom: true, max_record_size: limits.maxRecordChars, skip_empty_lines: true, info: true, relax_column_count: true })
	const source = Readable.from(utf8Text(fs.createReadStream(file, { highWaterMark: 64 * 1024 }), limits.maxRecordChars), {
		objectMode: false,
	})
	source.on('error', (error) => parser.destroy(error))
	source.pipe(parser)
	let batch: CsvRecord[] = []
	let header = true
	try {
		for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
			if (record.length > limits.maxColumns) throw new CsvReadError({ kind: 'too-many-columns', line: info.lines })
			batch.push({ fields: record, line: info.lines })
			if (header || batch.length >= batchSize) {
				header = false
				yield batch
				batch = []
			}
		}
		if (batch.length) yield batch
	} catch (error) {
		if (error instanceof CsvError) {
			const line = Number((error as CsvError & { lines?: number }).lines ?? 0)
			if (error.code === 'CSV_MAX_RECORD_SIZE') throw new CsvReadError({ kind: 'record-too-long', line })
			throw new CsvReadError({ kind: 'malformed', line, reason: error.message })
		}
		throw error
	} finally {
		source.destroy()
		parser.destroy()
	}
}
