import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

// vite.config.ts gathers the storefront's small shared modules into one script file by naming them. A
// module that moves or goes would leave its name behind, matching nothing: every name must be a file.

const ROOT = path.resolve(import.meta.dirname, '../..')

test("every module the storefront's shared script names exists", () => {
	const config = fs.readFileSync(path.join(ROOT, 'vite.config.ts'), 'utf8')
	const folders = [...config.matchAll(/(\w+)\[\\\\\/\]([\w-]*)\(([\w|-]+)\)\\\.tsx\?/g)]
	expect(folders.map(([, folder]) => folder)).toEqual(expect.arrayContaining(['hooks', 'utils']))
	for (const [, folder, prefix, names] of folders) {
		for (const name of names!.split('|')) {
			const base = path.join(ROOT, 'app', folder!, `${prefix}${name}`)
			expect(fs.existsSync(`${base}.ts`) || fs.existsSync(`${base}.tsx`), `app/${folder}/${prefix}${name}`).toBe(true)
		}
	}
})
