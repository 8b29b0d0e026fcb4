import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

// docs/security.md names, for each defence, the tests that hold it: a file, then › and the test's title as
// written. A test renamed or removed would leave a defence that only looks held; this keeps the two true.

const ROOT = path.resolve(import.meta.dirname, '../..')
const TEST_FOLDERS = ['app', 'server', 'scripts', 'tests']

/** Every test file of the project, by its name (the doc names e2e specs by name, unit tests by path). */
function testFiles() {
	const files = new Map<string, string>()
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			if (entry.isDirectory()) walk(full)
			else if (/\.(?:spec|test)\.ts$/.test(entry.name)) files.set(path.relative(ROOT, full), fs.readFileSync(full, 'utf8'))
		}
	}
	for (const folder of TEST_FOLDERS) walk(path.join(ROOT, folder))
	return files
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ')

/**
 * `file` › "title", "title"; … as the doc writes them (across line breaks). A title may start with a
 * placeholder a loop fills in (`<form>: …`) and may end with … where the doc shortens it.
 */
function referencedTests(doc: string) {
	const references: Array<{ file: string; title: string }> = []
	const group = /`([\w./-]+\.(?:spec|test)\.ts)` › ((?:(?:"[^"]+"|'[^']+')(?:,? (?:and )?)?)+)/g
	for (const [, file, titles] of oneLine(doc).matchAll(group)) {
		for (const [, double, single] of titles!.matchAll(/"([^"]+)"|'([^']+)'/g)) references.push({ file: file!, title: (double ?? single)! })
	}
	return references
}

/** The part of a title the test file must hold word for word: without a leading placeholder and a trailing …. */
function fixedPart(title: string) {
	return title
		.replace(/^<\w+>:? /, '')
		.replace(/ ?…$/, '')
		.split(/\$\{|<\w+>|\(JavaScript (?:on|off)\)/)[0]!
		.trim()
}

test('every test docs/security.md names exists, under the title it is named by', () => {
	const files = testFiles()
	const references = referencedTests(fs.readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8'))
	expect(references.length).toBeGreaterThan(100)
	const missing: string[] = []
	for (const { file, title } of references) {
		const candidates = [...files.entries()].filter(([name]) => name === file || name.endsWith(`/${file}`))
		const wanted = oneLine(fixedPart(title))
		if (!candidates.some(([, source]) => oneLine(source).includes(wanted))) missing.push(`${file} › "${title}"`)
	}
	expect(missing).toEqual([])
})
