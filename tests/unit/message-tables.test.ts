import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

// The admin's message tables (`*_MESSAGES`, beside the schema or service whose outcomes they name) are
// written one way, so a screen's code reads the same whichever table it uses: a missing field is
// `<field>Required`, a field typed wrong `<field>Invalid` (or the problem: `tooLong`, `codeTaken`), an
// outcome the past tense (`saved`, `updated`, `deleted`) and its failure `<action>Failed`.

const ROOT = path.resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(file)
		return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : []
	})
}

type Table = Record<string, string | ((...args: string[][]) => string)>

async function tables() {
	const found: { name: string; table: Table }[] = []
	for (const file of sources(path.join(ROOT, 'app'))) {
		const names = [...fs.readFileSync(file, 'utf8').matchAll(/^export const (\w+_MESSAGES)\b/gm)].map(([, name]) => name!)
		if (!names.length) continue
		const module = (await import(file)) as Record<string, Table>
		for (const name of names) found.push({ name, table: module[name]! })
	}
	return found
}

function text(message: Table[string]) {
	// ['x'] reads as "x" in a template and still has the array methods a list argument needs.
	return typeof message === 'function' ? message(...Array.from({ length: message.length }, () => ['x'])) : message
}

test('every admin message table names its messages one way', async () => {
	const found = await tables()
	expect(found.length).toBeGreaterThan(10)
	const astray: string[] = []
	for (const { name, table } of found) {
		for (const [key, message] of Object.entries(table)) {
			const words = text(message)
			expect(typeof words, `${name}.${key}`).toBe('string')
			if (!/^[a-z][a-zA-Z]*$/.test(key)) astray.push(`${name}.${key}: not a camelCase name`)
			if (/^Failed to /.test(words) && !key.endsWith('Failed')) astray.push(`${name}.${key}: a failure ends in "Failed"`)
			if (/^Please (?:enter|select) (?!a valid|only)/.test(words) && !key.endsWith('Required'))
				astray.push(`${name}.${key}: a missing field ends in "Required"`)
			if (/ deleted successfully/.test(words) && key !== 'deleted') astray.push(`${name}.${key}: a deletion is "deleted"`)
		}
	}
	expect(astray).toEqual([])
})
