import { getPaths } from '@conform-to/dom'
import type { $ZodType } from 'zod/v4/core'

// The shape of a form, read from the zod schema its action checks it with: which names it takes, which
// of them are lists (and how long each may grow), how deep it nests. The form library builds whatever a
// field name spells (`a[999][999]…` makes lists of a thousand entries, eight deep, which every answer
// that sends the form back then copies): the gate in forms.server.ts lets through only the names that
// fit this shape, so a posted form costs what the real form costs. One source of truth: the schema the
// action already has, never a second list of names that could drift from it.

/** One value (text, a number, a choice, a box); sent twice, the form library makes a list of it, which the schema refuses. */
type ValueShape = { kind: 'value' }
/** A list of at most `max` entries, written `name[i]` (or the same plain name repeated, for a list of values). */
type ListShape = { kind: 'list'; max: number; item: FieldShape }
/** Named fields, written `name.field` (or `field` at the top). */
export type ObjectShape = { kind: 'object'; fields: ReadonlyMap<string, FieldShape> }
type FieldShape = ValueShape | ListShape | ObjectShape

export type FormShape = ObjectShape & {
	/**
	 * A form that is one of several (a discriminated union, such as the /auth forms by their `intent`):
	 * each variant's own fields. `fields` holds every variant's.
	 */
	variants?: { key: string; byValue: ReadonlyMap<unknown, ObjectShape> }
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: unknown) => (schema as $ZodType)._zod.def as unknown as Def

const VALUE_TYPES = new Set(['string', 'number', 'boolean', 'bigint', 'enum', 'literal', 'date', 'file', 'nan', 'template_literal'])
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch', 'success'])

/** Why a schema has no shape a gate can hold a form to (found when its action first reads a form; fields tests walk every schema). */
export class FormShapeError extends Error {}

function fieldShape(schema: unknown, path: string): FieldShape {
	const def = defOf(schema)
	if (VALUE_TYPES.has(def.type)) return { kind: 'value' }
	if (WRAPPERS.has(def.type)) return fieldShape(def.innerType, path)
	switch (def.type) {
		case 'object':
			return {
				kind: 'object',
				fields: new Map(
					Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => [key, fieldShape(field, join(path, key))]),
				),
			}
		case 'pipe':
			// The posted value goes into `in`, unless `in` is a function of it (preprocess): then into `out`.
			return fieldShape(defOf(def.in).type === 'transform' ? def.out : def.in, path)
		case 'array': {
			const checks = ((def.checks as unknown[] | undefined) ?? []).map(defOf) as unknown as Array<{ check: string; maximum?: number }>
			const max = Math.min(...checks.filter((c) => c.check === 'max_length').map((c) => c.maximum!))
			if (!Number.isSafeInteger(max)) throw new FormShapeError(`The list ${path || '(form)'} has no maximum length: give it .max()`)
			return { kind: 'list', max, item: fieldShape(def.element, `${path}[]`) }
		}
		case 'union':
			return (def.options as unknown[]).map((option) => fieldShape(option, path)).reduce((a, b) => merge(a, b, path))
		case 'intersection':
			return merge(fieldShape(def.left, path), fieldShape(def.right, path), path)
		default:
			throw new FormShapeError(`${path || 'The form'} is a ${def.type}, which a form cannot post`)
	}
}

/** A field that may be either shape (the options of a union). */
function merge(a: FieldShape, b: FieldShape, path: string): FieldShape {
	if (a.kind === 'value' && b.kind === 'value') return a
	if (a.kind === 'list' && b.kind === 'list') return { kind: 'list', max: Math.max(a.max, b.max), item: merge(a.item, b.item, `${path}[]`) }
	if (a.kind === 'object' && b.kind === 'object') {
		const fields = new Map(a.fields)
		for (const [key, field] of b.fields) {
			const other = fields.get(key)
			fields.set(key, other ? merge(other, field, join(path, key)) : field)
		}
		return { kind: 'object', fields }
	}
	throw new FormShapeError(`${path || 'The form'} is sometimes a ${a.kind} and sometimes a ${b.kind}`)
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

const shapes = new WeakMap<object, FormShape>()

/** The shape of the form `schema` checks (worked out once per schema). Throws FormShapeError for a schema no form can have. */
export function formShape(schema: $ZodType): FormShape {
	let shape = shapes.get(schema)
	if (shape) return shape
	const root = fieldShape(schema, '')
	if (root.kind !== 'object') throw new FormShapeError(`A form is an object of fields, not a ${root.kind}`)
	shape = { ...root, variants: variantsOf(schema) }
	shapes.set(schema, shape)
	return shape
}

/** The variants of a discriminated union, each under the value(s) its key takes. */
function variantsOf(schema: $ZodType): FormShape['variants'] {
	const def = defOf(schema)
	if (def.type !== 'union' || typeof def.discriminator !== 'string') return undefined
	const key = def.discriminator
	const byValue = new Map<unknown, ObjectShape>()
	for (const option of def.options as $ZodType[]) {
		const shape = fieldShape(option, '') as ObjectShape
		for (const value of option._zod.propValues?.[key] ?? []) byValue.set(value, shape)
	}
	return { key, byValue }
}

/**
 * Whether `name` names a field of `shape`, read the way the form library reads it: each step a field of
 * an object or an index below a list's maximum, ending on a value (or on a list of values, sent as the
 * same name repeated).
 */
export function fitsShape(name: string, shape: ObjectShape): boolean {
	let segments: Array<string | number>
	try {
		segments = getPaths(name)
	} catch {
		// Names the form library refuses to read (`__proto__`, `constructor`, broken brackets).
		return false
	}
	let at: FieldShape = shape
	for (const segment of segments) {
		if (at.kind === 'object' && typeof segment === 'string' && at.fields.has(segment)) at = at.fields.get(segment)!
		else if (at.kind === 'list' && typeof segment === 'number' && segment < at.max) at = at.item
		else return false
	}
	return at.kind === 'value' || (at.kind === 'list' && at.item.kind === 'value')
}

/** The fields of the variant this form is (by the value of its key), or of every variant when it names none. */
export function variantShape(shape: FormShape, formData: FormData): ObjectShape {
	if (!shape.variants) return shape
	return shape.variants.byValue.get(formData.get(shape.variants.key)) ?? shape
}

/** The list `name` at the top of the form, if it is one. */
export function topList(shape: ObjectShape, name: string): ListShape | null {
	const field = shape.fields.get(name)
	return field?.kind === 'list' ? field : null
}
