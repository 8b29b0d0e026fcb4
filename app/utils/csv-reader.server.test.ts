import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { type CsvProblem, CsvReadError, foreignEncodingOf, readCsvBatches } from './csv-reader.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-reader-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const LIMITS = { maxRecordChars: 64 * 1024, maxColumns: 20 }
let n = 0
function csvFile(bytes: string | Buffer) {
	const file = path.join(dir, `${++n}.csv`)
	fs.writeFileSync(file, bytes)
	return file
}

async function readAll(file: string, batchSize = 2) {
	const batches: string[][][] = []
	for await (const batch of readCsvBatches(file, LIMITS, batchSize)) batches.push(batch.map((record) => record.fields))
	return batches
}

async function problemOf(file: string): Promise<CsvProblem> {
	try {
		await readAll(file)
	} catch (error) {
		if (error instanceof CsvReadError) return error.problem
		throw error
	}
	throw new Error('read without a problem')
}

describe('csv reader', () => {
	it('gives the header alone, then the rows in batches; quotes, line breaks and Telugu kept, the byte-order mark dropped', async () => {
		const file = csvFile('\uFEFFcode,name\r\nA-1,"Silk, ""red""\nsaree"\r\nA-2,పట్టు\r\n\r\nA-3,x\r\n')
		expect(await readAll(file)).toEqual([
			[['code', 'name']],
			[
				['A-1', 'Silk, "red"\nsaree'],
				['A-2', 'పట్టు'],
			],
			[['A-3', 'x']],
		])
	})

	it('names UTF-16 (with its byte-order mark, or without) and Latin-1', async () => {
		expect(await problemOf(csvFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('code,name\r\n', 'utf16le')])))).toEqual({
			kind: 'encoding',
			found: 'UTF-16',
		})
		expect(foreignEncodingOf(Buffer.from('code,name,description\r\n', 'utf16le'))).toBe('UTF-16')
		expect(await problemOf(csvFile(Buffer.from('code,name\r\nA-1,Café crème\r\n', 'latin1')))).toEqual({
			kind: 'encoding',
			found: 'Latin-1',
		})
		expect(foreignEncodingOf(Buffer.from('code,name'))).toBeNull()
	})

	it('stops a line longer than the record limit, and a million empty columns, with bounded memory', async () => {
		expect(await problemOf(csvFile(`code,name\r\nA-1,${'x'.repeat(200 * 1024)}\r\n`))).toEqual({ kind: 'record-too-long', line: 2 })
		const before = process.memoryUsage().heapUsed
		expect(await problemOf(csvFile(`${','.repeat(1_000_000)}\r\n`))).toEqual({ kind: 'too-many-columns', line: 1 })
		expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024)
		expect(await problemOf(csvFile(`${'a,'.repeat(25)}a\r\n`))).toEqual({ kind: 'too-many-columns', line: 1 })
	})

	it('says where a quote is left open', async () => {
		expect(await problemOf(csvFile('code,name\r\nA-1,"open\r\n'))).toMatchObject({ kind: 'malformed' })
	})
})
