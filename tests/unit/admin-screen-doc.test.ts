import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

// docs/adding-an-admin-screen.md walks a new admin screen through its steps, naming the files to change,
// the files to copy and the functions and components to use. A rename that the guide does not follow
// would send the next person to something that is not there: each name it gives must exist.

const ROOT = path.resolve(import.meta.dirname, '../..')
const GUIDE = fs.readFileSync(path.join(ROOT, 'docs/adding-an-admin-screen.md'), 'utf8')
/** The worked example's own new files and functions, which do not exist until someone follows the guide. */
const EXAMPLE = /testimonial|NNNN/i
/** Names the guide takes from React Router and React, not from the shop's code. */
const FRAMEWORK = new Set(['Form', 'Link', 'data', 'redirect', 'route', 'index', 'layout', 'prefix'])
const PLACES = ['', 'app', 'app/routes', 'app/components', 'tests/e2e', 'tests/helpers', 'app/models', 'migrations']

function sources(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file)
		return /\.tsx?$/.test(entry.name) ? [file] : []
	})
}

test('the existing files the guide lists are there, as many as its heading says', () => {
	const [, count, list] = GUIDE.match(/## The existing files this touches \((\d+)\)\n\n((?:\d+\. .+\n)+)/)!
	const files = [...list!.matchAll(/`([^`]+)`/g)].map(([, file]) => file!)
	expect(files).toHaveLength(Number(count))
	for (const file of files) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true)
	expect(GUIDE).toContain(`touches **${count} existing files**`)
})

test('every file the guide names, to change or to copy, exists', () => {
	const named = GUIDE.split('\n')
		.filter((line) => !line.includes('**New**'))
		.flatMap((line) => [...line.matchAll(/`([\w./-]+\/[\w.-]+\.tsx?)`/g)].map(([, file]) => file!))
		.filter((file) => !EXAMPLE.test(file))
	expect(named.length).toBeGreaterThan(15)
	for (const file of new Set(named)) {
		expect(
			PLACES.some((place) => fs.existsSync(path.join(ROOT, place, file))),
			file,
		).toBe(true)
	}
})

test('every function and component the guide names is exported by the code', () => {
	const code = [...sources(path.join(ROOT, 'app')), ...sources(path.join(ROOT, 'tests'))]
		.map((file) => fs.readFileSync(file, 'utf8'))
		.join('\n')
	const names = new Set(
		[...GUIDE.matchAll(/`<([A-Z]\w+)[ >]|`([a-zA-Z]\w+)\(/g)]
			.map(([, component, call]) => (component ?? call)!)
			.filter((name) => !EXAMPLE.test(name)),
	)
	expect(names.size).toBeGreaterThan(10)
	const missing = [...names].filter(
		(name) => !FRAMEWORK.has(name) && !new RegExp(`export (?:async )?(?:function|const|class) ${name}\\b`).test(code),
	)
	expect(missing).toEqual([])
})
