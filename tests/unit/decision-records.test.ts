import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

// Each decision record opens the same way, so a reader can tell at a glance when it was made and whether it
// still holds: `# NNNN — Title`, then `Date:` and `Status:` (accepted, or amended/superseded by later ones).
// Numbers follow each other without a gap, so a reference to one is never ambiguous.

const FOLDER = path.resolve(import.meta.dirname, '../../docs/decisions')

test('every decision record carries its number, title, date and status, numbered without a gap', () => {
	const files = fs
		.readdirSync(FOLDER)
		.filter((name) => name.endsWith('.md'))
		.sort()
	expect(files.length).toBeGreaterThan(0)
	files.forEach((name, index) => {
		const number = String(index + 1).padStart(4, '0')
		expect(name.startsWith(`${number}-`), `${name} should be numbered ${number}`).toBe(true)
		const opening = fs.readFileSync(path.join(FOLDER, name), 'utf8').split('\n').slice(0, 5)
		expect(opening[0], name).toMatch(new RegExp(`^# ${number} — \\S`))
		expect(opening[1], name).toBe('')
		expect(opening[2], name).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/)
		expect(opening[3], name).toMatch(/^Status: (accepted|superseded by \d{4})(, amended by \d{4}( and \d{4})*)?$/)
		const later = [...opening[3]!.matchAll(/\d{4}/g)].map(([n]) => n)
		for (const other of later) expect(Number(other), `${name} names a later record`).toBeGreaterThan(index + 1)
	})
})
