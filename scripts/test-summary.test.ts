import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, test } from 'vitest'

// `npm test`'s closing line, read from reports that Vitest and Playwright really wrote for a few throwaway
// tests: one of each kind passes, the unit test and two end-to-end tests skip (one because a tool is missing,
// in the words of tests/helpers/test-tools.ts, one for no such reason). On CI only the skip for a tool
// this machine could not be given may stay a skip.

const ROOT = path.resolve(import.meta.dirname, '..')
let dir = ''

function run(command: string, args: string[], env: Record<string, string> = {}) {
	const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env } })
	return { code: result.status, output: `${result.stdout}${result.stderr}` }
}

function summary(options: { ci: boolean; missingTools: string[]; reports: ('unit' | 'e2e' | 'e2e-excused-only')[] }) {
	fs.rmSync(path.join(dir, 'reports'), { recursive: true, force: true })
	fs.mkdirSync(path.join(dir, 'reports'))
	fs.writeFileSync(path.join(dir, 'reports', 'missing-tools'), options.missingTools.map((tool) => `${tool}\n`).join(''))
	for (const report of options.reports) {
		const [from, to] =
			report === 'unit' ? ['unit.json', 'unit.json'] : report === 'e2e' ? ['e2e.json', 'e2e.json'] : ['e2e-excused-only.json', 'e2e.json']
		fs.copyFileSync(path.join(dir, 'written', from), path.join(dir, 'reports', to))
	}
	const result = run(process.execPath, [path.join(ROOT, 'scripts/test-summary.mjs'), '0'], options.ci ? { CI: '1' } : {})
	const lines = result.output.trim().split('\n')
	return { code: result.code, last: lines.at(-1), output: result.output }
}

beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-summary-'))
	fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
	fs.mkdirSync(path.join(dir, 'written'))
	fs.writeFileSync(
		path.join(dir, 'unit.test.ts'),
		`import { expect, test } from 'vitest'\ntest('adds', () => expect(1 + 1).toBe(2))\ntest.skip('left for later', () => {})\n`,
	)
	fs.writeFileSync(
		path.join(dir, 'tools.e2e.ts'),
		[
			`import { expect, test } from '@playwright/test'`,
			`test('compares', () => expect('a').toBe('a'))`,
			`test('checks the HTML', () => { test.skip(true, 'needs java: the checker runs on Java') })`,
			`test('works on a good day', () => { test.skip(true, 'flaky today') })`,
			'',
		].join('\n'),
	)
	fs.writeFileSync(path.join(dir, 'playwright.config.mjs'), `export default { testDir: '.', testMatch: '*.e2e.ts', reporter: 'json' }\n`)

	const vitest = run(path.join(ROOT, 'node_modules/.bin/vitest'), [
		'run',
		'--root',
		dir,
		'--reporter=json',
		'--outputFile=written/unit.json',
	])
	expect(vitest.code, vitest.output).toBe(0)
	const playwright = path.join(ROOT, 'node_modules/.bin/playwright')
	const all = run(playwright, ['test', '--config', 'playwright.config.mjs'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'written/e2e.json' })
	expect(all.code, all.output).toBe(0)
	const excusedOnly = run(playwright, ['test', '--config', 'playwright.config.mjs', '--grep', 'compares|checks the HTML'], {
		PLAYWRIGHT_JSON_OUTPUT_NAME: 'written/e2e-excused-only.json',
	})
	expect(excusedOnly.code, excusedOnly.output).toBe(0)
}, 120_000)

afterAll(() => {
	fs.rmSync(dir, { recursive: true, force: true })
})

test('off CI, skipped tests are named with their reasons and counted as skipped', () => {
	const result = summary({ ci: false, missingTools: [], reports: ['unit', 'e2e'] })
	expect(result.last).toBe('2 passed, 0 failed, 3 skipped')
	expect(result.code).toBe(0)
	expect(result.output).toContain('Skipped: tools.e2e.ts › checks the HTML (needs java: the checker runs on Java)')
	expect(result.output).toContain('Skipped: left for later (no reason given)')
})

test('on CI, a skipped test counts as failed when the machine could have run it', () => {
	const result = summary({ ci: true, missingTools: [], reports: ['unit', 'e2e'] })
	expect(result.last).toBe('2 passed, 3 failed')
	expect(result.code).toBe(1)
	expect(result.output).toContain(
		'✗ Skipped on CI though this machine can run it, counted as failed: tools.e2e.ts › checks the HTML (needs java: the checker runs on Java)',
	)
	expect(result.output).toContain(
		'✗ Skipped on CI though this machine can run it, counted as failed: tools.e2e.ts › works on a good day (flaky today)',
	)
})

test('on CI, only a skip for a tool the set-up could not install stays a skip', () => {
	const mixed = summary({ ci: true, missingTools: ['java'], reports: ['unit', 'e2e'] })
	expect(mixed.last).toBe('2 passed, 2 failed, 1 skipped')
	expect(mixed.code).toBe(1)
	expect(mixed.output).toContain('Skipped, as this machine could not be given the tool it needs: tools.e2e.ts › checks the HTML')

	const excused = summary({ ci: true, missingTools: ['java'], reports: ['e2e-excused-only'] })
	expect(excused.last).toBe('1 passed, 0 failed, 1 skipped')
	expect(excused.code).toBe(0)

	// Another tool missing does not excuse a test that needs Java.
	const otherTool = summary({ ci: true, missingTools: ['ffmpeg'], reports: ['e2e-excused-only'] })
	expect(otherTool.last).toBe('1 passed, 1 failed')
	expect(otherTool.code).toBe(1)
})
