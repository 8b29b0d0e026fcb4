import { MaxHeaderSizeExceededError, MultipartParseError, MultipartPart } from '@remix-run/multipart-parser'

// @remix-run/multipart-parser gives a part only once all of it has arrived, its content held in memory.
// For a body whose files go to disk as they arrive (forms.server.ts, readBodyToDisk) this splits the
// same wire format as it streams: each part's header (read by the library's own MultipartPart, so
// names and file names mean the same), then its content in pieces, then its end. What is held between
// chunks is at most a header or the few bytes that may begin the next delimiter.

export type MultipartEvent =
	/** A part begins: its header only (`content` is empty). */
	| { type: 'part'; part: MultipartPart }
	/** The next bytes of the current part's content; valid only until the next call to `write`. */
	| { type: 'content'; bytes: Uint8Array }
	| { type: 'end' }

/** The library's limit on one part's header. */
const MAX_HEADER_BYTES = 8 * 1024
const HEADER_END = Buffer.from('\r\n\r\n')
const EMPTY = Buffer.alloc(0)

type State = 'start' | 'after-delimiter' | 'header' | 'content' | 'done'

export class MultipartSplitter {
	private state: State = 'start'
	/** Bytes of the stream not yet accounted for (a delimiter or header cut by a chunk's end). */
	private pending: Buffer = EMPTY
	/** What separates parts: CRLF, two dashes and the boundary (the body opens with it minus the CRLF). */
	private readonly delimiter: Buffer

	constructor(boundary: string) {
		this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1')
	}

	/** The events `chunk` completes, in order. Throws MultipartParseError on a body that is not multipart. */
	*write(chunk: Uint8Array): Generator<MultipartEvent, void, unknown> {
		if (this.state === 'done') return
		const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
		const buf = this.pending.length ? Buffer.concat([this.pending, bytes]) : bytes
		this.pending = EMPTY
		let at = 0
		const keep = (from: number) => {
			// A copy, so the rest of a large chunk is not kept alive by a few bytes of it.
			this.pending = Buffer.from(buf.subarray(from))
		}
		for (;;) {
			switch (this.state) {
				case 'start': {
					const opening = this.delimiter.subarray(2)
					if (buf.length - at < opening.length) return keep(at)
					if (!buf.subarray(at, at + opening.length).equals(opening))
						throw new MultipartParseError('Invalid multipart stream: missing initial boundary')
					at += opening.length
					this.state = 'after-delimiter'
					break
				}
				case 'after-delimiter': {
					if (buf.length - at < 2) return keep(at)
					// `--` closes the body; whatever follows (the epilogue) means nothing.
					if (buf[at] === 45 && buf[at + 1] === 45) {
						this.state = 'done'
						return
					}
					// The CRLF before the header, taken unseen as the library does (so a body means the same to both).
					at += 2
					this.state = 'header'
					break
				}
				case 'header': {
					const end = buf.indexOf(HEADER_END, at)
					if (end === -1) {
						if (buf.length - at > MAX_HEADER_BYTES) throw new MaxHeaderSizeExceededError(MAX_HEADER_BYTES)
						return keep(at)
					}
					if (end - at > MAX_HEADER_BYTES) throw new MaxHeaderSizeExceededError(MAX_HEADER_BYTES)
					yield { type: 'part', part: new MultipartPart(new Uint8Array(buf.subarray(at, end)), []) }
					at = end + HEADER_END.length
					this.state = 'content'
					break
				}
				case 'content': {
					const end = buf.indexOf(this.delimiter, at)
					if (end === -1) {
						// The last bytes may be the start of a delimiter: they wait for the next chunk.
						const safe = Math.max(at, buf.length - (this.delimiter.length - 1))
						if (safe > at) yield { type: 'content', bytes: buf.subarray(at, safe) }
						return keep(safe)
					}
					if (end > at) yield { type: 'content', bytes: buf.subarray(at, end) }
					yield { type: 'end' }
					at = end + this.delimiter.length
					this.state = 'after-delimiter'
					break
				}
			}
		}
	}

	/** Throws unless the closing delimiter has been read (a body cut off on the way). */
	finish() {
		if (this.state !== 'done') throw new MultipartParseError('Multipart stream not finished')
	}
}
