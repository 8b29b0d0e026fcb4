import { MultipartParseError, parseMultipart } from '@remix-run/multipart-parser'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { MultipartSplitter } from './multipart-splitter.server'

type Part = { name: string | undefined; filename: string | undefined; content: string }

/** What the splitter makes of `body` fed in pieces cut at `cuts` (content as latin1 text, to compare). */
function split(boundary: string, body: Buffer, cuts: number[]): Part[] {
	const splitter = new MultipartSplitter(boundary)
	const parts: Part[] = []
	let content: Buffer[] = []
	const edges = [0, ...[...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b), body.length]
	for (let i = 1; i < edges.length; i++) {
		for (const event of splitter.write(body.subarray(edges[i - 1], edges[i]))) {
			if (event.type === 'part') {
				parts.push({ name: event.part.name, filename: event.part.filename, content: '' })
				content = []
			} else if (event.type === 'content') content.push(Buffer.from(event.bytes))
			else parts.at(-1)!.content = Buffer.concat(content).toString('latin1')
		}
	}
	splitter.finish()
	return parts
}

/** What the library's own parser makes of the whole body at once. */
function parse(boundary: string, body: Buffer): Part[] {
	return [...parseMultipart(body, { boundary, maxFileSize: Infinity, maxTotalSize: Infinity })].map((part) => ({
		name: part.name,
		filename: part.filename,
		content: Buffer.from(part.bytes).toString('latin1'),
	}))
}

const outcome = (read: () => Part[]) => {
	try {
		return { parts: read() }
	} catch (error) {
		return { error: error instanceof MultipartParseError }
	}
}

describe('MultipartSplitter', () => {
	test('splits every body as the library parses it, however the body is cut into chunks', () => {
		const boundary = fc.stringMatching(/^[\w'()+,./:=?-]{1,70}$/)
		fc.assert(
			fc.property(
				boundary.chain((b) => {
					// Content made of the pieces that confuse a splitter: CR, LF, dashes, the boundary's beginnings.
					const piece = fc.oneof(
						fc.string({ maxLength: 12 }),
						fc.constantFrom('\r', '\n', '\r\n', '-', '--', '\r\n-', '\r\n--', `\r\n--${b.slice(0, -1)}`, `--${b}`, b),
					)
					const part = fc.record({
						name: fc.stringMatching(/^[a-z]{1,8}$/),
						filename: fc.option(fc.stringMatching(/^[\w.]{1,12}$/), { nil: undefined }),
						content: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
					})
					return fc.tuple(
						fc.constant(b),
						fc.array(part, { maxLength: 5 }),
						fc.array(fc.nat(), { maxLength: 8 }),
						fc.constantFrom('', '\r\n'),
					)
				}),
				([b, parts, cuts, epilogue]) => {
					const body = Buffer.from(
						parts
							.map(
								(p) =>
									`--${b}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n\r\n${p.content}\r\n`,
							)
							.join('') + `--${b}--${epilogue}`,
						'latin1',
					)
					expect(outcome(() => split(b, body, cuts))).toEqual(outcome(() => parse(b, body)))
				},
			),
			{ numRuns: 300 },
		)
	})

	test('hands content on as it arrives: a 10 MB file in 64 KB chunks is never held back by more than a delimiter', () => {
		const boundary = 'x'.repeat(40)
		const splitter = new MultipartSplitter(boundary)
		const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\n`)
		const chunk = Buffer.alloc(64 * 1024, 7)
		let sent = 0
		let handedOn = 0
		const feed = (bytes: Buffer) => {
			for (const event of splitter.write(bytes)) if (event.type === 'content') handedOn += event.bytes.byteLength
		}
		feed(head)
		for (let i = 0; i < 160; i++) {
			feed(chunk)
			sent += chunk.length
			expect(sent - handedOn).toBeLessThan(`\r\n--${boundary}`.length)
		}
		feed(Buffer.from(`\r\n--${boundary}--\r\n`))
		splitter.finish()
		expect(handedOn).toBe(sent)
	})

	test('refuses what is not a multipart body: no opening boundary, a header without end, a body cut off', () => {
		const write = (body: string) => () => {
			const splitter = new MultipartSplitter('b')
			for (const _ of splitter.write(Buffer.from(body)));
			splitter.finish()
		}
		expect(write('hello')).toThrow(MultipartParseError)
		expect(write(`--b\r\n${'x'.repeat(9000)}`)).toThrow(MultipartParseError)
		expect(write('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nhalf')).toThrow(MultipartParseError)
		expect(write('--b--')).not.toThrow()
	})
})
