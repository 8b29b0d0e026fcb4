import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

// docs/architecture.md tells a newcomer where code goes and which file to copy: each file it names must
// be there, or the first step of someone's first change leads nowhere.

const ROOT = path.resolve(import.meta.dirname, '../..')

test('every file docs/architecture.md names exists', () => {
	const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8')
	const files = [...doc.matchAll(/`([\w./-]+\.(?:tsx?|js|md))`/g)].map(([, file]) => file!).filter((file) => !file.includes('<'))
	expect(files.length).toBeGreaterThan(20)
	const missing = files.filter((file) => !['', 'app'].some((place) => fs.existsSync(path.join(ROOT, place, file))))
	expect(missing).toEqual([])
})
