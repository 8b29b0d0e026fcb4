import type { $ZodType } from 'zod/v4/core'

// Every form schema of app/schemas, found by walking the modules' exports, so a schema added later is
// held to the same rules by the tests that use this list (app/schemas/fields.test.ts,
// app/utils/form-shape.server.test.ts).

const modules = import.meta.glob<Record<string, unknown>>(['../../app/schemas/*.ts', '!../../app/schemas/*.test.ts'], { eager: true })

const isSchema = (value: unknown): value is $ZodType => typeof value === 'object' && value !== null && '_zod' in value

/** Every schema a module exports, and what its schema factories (`blogFormSchema(mode)`) return, by file and name. */
export function exportedSchemas() {
	const found: Array<[string, $ZodType]> = []
	for (const [file, exports] of Object.entries(modules)) {
		const module = file.replace('../../app/', '')
		for (const [name, value] of Object.entries(exports)) {
			if (isSchema(value)) found.push([`${module} ${name}`, value])
			else if (typeof value === 'function' && name.endsWith('Schema')) found.push([`${module} ${name}()`, (value as () => $ZodType)()])
		}
	}
	return found
}
