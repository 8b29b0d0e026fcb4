import path from 'node:path'

import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

// `npm run lint` (a stage of `npm test`) holds every regular expression of the shop's code to linear
// time. These are patterns the shop once had, each of which a single request could make run for
// seconds; the project's own lint configuration must refuse each of them, in every folder it covers.

const ROOT = path.resolve(import.meta.dirname, '../..')

const SUPER_LINEAR = [
	// The email pattern (hole 2): a@ + 20 000 dots + @ took 2.9 s.
	'/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/',
	// The old Markdown-to-text reader: a run of [ took 40 s at 100 000 characters.
	'/\\[([^\\]]*)\\]\\([^)]*\\)/g',
	// Trailing slashes of an origin.
	'/\\/+$/',
]

test("the lint refuses super-linear regular expressions in the shop's code", async () => {
	const eslint = new ESLint({ cwd: ROOT })
	for (const folder of ['app', 'server', 'scripts', 'migrations']) {
		for (const pattern of SUPER_LINEAR) {
			const [result] = await eslint.lintText(`export const re = ${pattern}\n`, { filePath: path.join(ROOT, folder, 'probe.ts') })
			const rules = result!.messages.map((m) => m.ruleId)
			expect(
				rules.some((rule) => rule === 'regexp/no-super-linear-backtracking' || rule === 'regexp/no-super-linear-move'),
				`${folder}: ${pattern}`,
			).toBe(true)
		}
	}
	const [clean] = await eslint.lintText('export const re = /^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$/\n', {
		filePath: path.join(ROOT, 'app', 'probe.ts'),
	})
	expect(clean!.messages).toEqual([])
}, 120_000)
