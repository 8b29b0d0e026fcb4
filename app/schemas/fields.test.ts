import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'

import { EMAIL_MAX_LENGTH, isEmail } from '~/utils/email'

import { exportedSchemas } from '../../tests/unit/form-schemas'
import { email, text } from './fields'

// Every form schema in this folder (a schema added later is walked too): each text field must start
// with a length bound that aborts, so nothing after it (patterns, refinements, transforms, the form's
// cross-field rules) ever sees more than the bound.

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def

/** The paths of text fields whose first rule is not an aborting maximum length. */
function unboundedTextFields(schema: unknown, path: string, out: string[] = []): string[] {
	const def = defOf(schema)
	switch (def.type) {
		case 'object':
			for (const [key, field] of Object.entries(def.shape as Record<string, unknown>))
				unboundedTextFields(field, path ? `${path}.${key}` : key, out)
			break
		case 'optional':
		case 'nullable':
		case 'default':
		case 'prefault':
		case 'readonly':
		case 'nonoptional':
			unboundedTextFields(def.innerType, path, out)
			break
		case 'pipe':
			// The raw input goes into `in`, unless `in` is a function of it (preprocess): then into `out`.
			unboundedTextFields(defOf(def.in).type === 'transform' ? def.out : def.in, path, out)
			break
		case 'array':
			unboundedTextFields(def.element, `${path}[]`, out)
			break
		case 'union':
			for (const option of def.options as unknown[]) unboundedTextFields(option, path, out)
			break
		case 'intersection':
			unboundedTextFields(def.left, path, out)
			unboundedTextFields(def.right, path, out)
			break
		case 'string': {
			const checks = ((def.checks as unknown[] | undefined) ?? []).map(defOf) as unknown as Array<{ check: string; abort?: boolean }>
			const first = checks.find((c) => c.check !== 'overwrite')
			if (first?.check !== 'max_length' || first.abort !== true) out.push(path)
			break
		}
		case 'transform':
		case 'custom':
		case 'any':
		case 'unknown':
			out.push(`${path} (${def.type}: cannot be checked)`)
			break
	}
	return out
}

describe('every text field of every form schema', () => {
	const schemas = exportedSchemas()

	test('the walk finds the forms', () => {
		const names = schemas.map(([name]) => name).join('\n')
		for (const form of [
			'signInSchema',
			'shopSettingsSchema',
			'orderSchema',
			'productFormSchema',
			'blogFormSchema()',
			'heroSchema',
			'storyIntentSchema',
		]) {
			expect(names).toContain(form)
		}
	})

	for (const [name, schema] of schemas) {
		test(`${name}: each text field starts with a maximum length that aborts`, () => {
			expect(unboundedTextFields(schema, '')).toEqual([])
		})
	}

	test('a field built without one is caught', () => {
		expect(unboundedTextFields(z.object({ a: z.string().trim().regex(/x/).max(5) }), '')).toEqual(['a'])
		expect(unboundedTextFields(z.object({ a: z.string().max(5).optional() }), '')).toEqual(['a'])
		expect(unboundedTextFields(z.object({ a: text(5, 'long') }), '')).toEqual([])
	})
})

describe('text', () => {
	test('invisible controls are dropped: a right-to-left override cannot turn a name around; Telugu joiners stay', () => {
		const field = text(50, 'Too long')
		expect(field.parse(' Red\u202E gnp.exe\u0000\u001B Silk\u2066 ')).toBe('Red gnp.exe Silk')
		expect(field.parse('line one\nline\ttwo')).toBe('line one\nline\ttwo')
		expect(field.parse('కోడ్\u200Cను')).toBe('కోడ్\u200Cను')
		// Passwords are taken exactly as typed.
		expect(text(50, 'Too long', { trim: false }).parse(' a\u0001b ')).toBe(' a\u0001b ')
	})

	test("over its maximum, the one message is the maximum's: no later rule runs", () => {
		let ran = false
		const schema = z.object({
			name: text(5, 'Too long.').refine(() => {
				ran = true
				return false
			}, 'the rule'),
		})
		const form = new FormData()
		form.set('name', 'x'.repeat(1_000_000))
		expect(parseWithZod(form, { schema }).reply().error).toEqual({ name: ['Too long.'] })
		expect(ran).toBe(false)
		form.set('name', 'abc')
		expect(parseWithZod(form, { schema }).reply().error).toEqual({ name: ['the rule'] })
	})

	test("required fields refuse empty and blank input, the form's other messages still show", () => {
		const schema = z.object({ a: text(10, 'long', { required: 'Fill a.' }), b: text(10, 'long', { required: 'Fill b.' }) })
		const form = new FormData()
		form.set('a', '   ')
		expect(parseWithZod(form, { schema }).reply().error).toEqual({ a: ['Fill a.'], b: ['Fill b.'] })
	})

	test('passwords keep their spaces', () => {
		const form = new FormData()
		form.set('p', ' secret ')
		const result = parseWithZod(form, { schema: z.object({ p: text(10, 'long', { trim: false }) }) })
		expect(result.status === 'success' && result.value.p).toBe(' secret ')
	})
})

describe('email', () => {
	test('accepts addresses, refuses what is not one', () => {
		for (const good of [
			'admin@example.com',
			'a.b+c@mail.example.co.in',
			'पता@उदाहरण.भारत',
			'x@[192.168.0.1]',
			`${'a'.repeat(240)}@example.com`,
		]) {
			expect(isEmail(good), good).toBe(true)
		}
		for (const bad of ['', 'a', 'a@b', 'a@b.', 'a@.b', 'a@b..c', 'a b@c.d', 'a@b@c.d', '@b.c', `${'a'.repeat(250)}@example.com`]) {
			expect(isEmail(bad), bad).toBe(false)
		}
	})

	test('the address that took seconds (hole 2) is refused at once, whole or within the length bound', () => {
		// a@ + 20 000 dots + @ kept the old pattern busy for 2.9 s (quadratic); 1 MB would take hours.
		expect(isEmail(`a@${'.'.repeat(20_000)}@`)).toBe(false)
		expect(isEmail(`a@${'.'.repeat(250)}@`)).toBe(false)
		const schema = z.object({ email: email({ invalid: 'Invalid.', required: 'Required.' }) })
		const form = new FormData()
		form.set('email', `a@${'.'.repeat(1_000_000)}@`)
		expect(parseWithZod(form, { schema }).reply().error).toEqual({ email: ['Invalid.'] })
	})

	test('an optional address may be left empty', () => {
		const schema = z.object({ email: email({ invalid: 'Invalid.' }) })
		for (const value of ['', '  ']) {
			const form = new FormData()
			form.set('email', value)
			expect(parseWithZod(form, { schema }).status).toBe('success')
		}
		expect(EMAIL_MAX_LENGTH).toBe(254)
	})
})
