import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

import { en } from '~/i18n/en'

// Every storefront text is sent with the pages of its area, so a key no code asks for costs bytes on every
// page and a translator's time. A key is in use when the code names it in quotes (or the base of a plural
// pair), or builds it from a fixed prefix in a template (`video.${kind}`).

const ROOT = path.resolve(import.meta.dirname, '../..')
const CATALOGUES = /[\\/]i18n[\\/](?:en|te|hi)[\\/]/

function sources(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return sources(file)
		return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && !CATALOGUES.test(file) ? [file] : []
	})
}

test('every message key of the catalogues is asked for by some code', () => {
	const code = [...sources(path.join(ROOT, 'app')), ...sources(path.join(ROOT, 'server'))]
		.map((file) => fs.readFileSync(file, 'utf8'))
		.join('\n')
	const prefixes = [...code.matchAll(/`([a-z][A-Za-z]*\.\w*)\$\{/g)].map(([, prefix]) => prefix!)
	const named = (key: string) => code.includes(`'${key}'`) || code.includes(`"${key}"`)
	const unused = Object.entries(en).flatMap(([area, table]) =>
		Object.keys(table).filter((key) => {
			const full = `${area}.${key}`
			return !named(full) && !named(full.replace(/_(?:one|other)$/, '')) && !prefixes.some((prefix) => full.startsWith(prefix))
		}),
	)
	expect(unused).toEqual([])
})
