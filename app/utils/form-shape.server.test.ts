import { describe, expect, test } from 'vitest'
import { z } from 'zod'

import { authFormSchema } from '~/schemas/auth'
import { ORDER_LIMITS, orderSchema } from '~/schemas/order'
import { productFormSchema } from '~/schemas/product'

import { exportedSchemas } from '../../tests/unit/form-schemas'
import { fitsShape, formShape, FormShapeError, topList, variantShape } from './form-shape.server'

describe('the shape of every form schema', () => {
	const schemas = exportedSchemas()

	test('the walk finds the forms', () => {
		const names = schemas.map(([name]) => name).join('\n')
		for (const form of ['authFormSchema', 'orderSchema', 'productFormSchema', 'blogFormSchema()', 'heroSchema', 'storyIntentSchema']) {
			expect(names).toContain(form)
		}
	})

	// The gate works the shape out when a form first arrives: a schema without one would refuse every post.
	for (const [name, schema] of schemas) {
		test(`${name}: has a shape, every list with a maximum length`, () => {
			expect(() => formShape(schema)).not.toThrow()
		})
	}
})

describe('formShape', () => {
	test('lists take indexes below their own maximum, and nest no deeper than the schema', () => {
		const order = formShape(orderSchema)
		expect(topList(order, 'items')?.max).toBe(ORDER_LIMITS.maxItems)
		expect(fitsShape('items[0].code', order)).toBe(true)
		expect(fitsShape(`items[${ORDER_LIMITS.maxItems - 1}].quantity`, order)).toBe(true)
		expect(fitsShape(`items[${ORDER_LIMITS.maxItems}].quantity`, order)).toBe(false)
		expect(fitsShape('items[0].code[0]', order)).toBe(false)
		// A name must end on a value: a row or a whole list of rows is no field.
		expect(fitsShape('items[0]', order)).toBe(false)
		expect(fitsShape('items', order)).toBe(false)
		expect(topList(order, 'customerName')).toBeNull()
	})

	test('a list of values may be sent as one name repeated, or by index', () => {
		const product = formShape(productFormSchema)
		expect(fitsShape('copyImage', product)).toBe(true)
		expect(fitsShape('copyImage[4]', product)).toBe(true)
		expect(fitsShape('copyImage[5]', product)).toBe(false)
		expect(fitsShape('existing[0].key', product)).toBe(true)
	})

	test('wrappers, pipes, unions and intersections take the fields of what they wrap', () => {
		const shape = formShape(
			z
				.object({
					a: z.string().optional().nullable().default(''),
					b: z.string().transform(Number).pipe(z.number()),
					c: z.preprocess((v) => v, z.array(z.object({ d: z.string() })).max(2)),
					e: z.union([z.object({ f: z.string() }), z.object({ g: z.number() })]),
				})
				.and(z.object({ h: z.boolean() })),
		)
		for (const name of ['a', 'b', 'c[1].d', 'e.f', 'e.g', 'h']) expect(fitsShape(name, shape), name).toBe(true)
		for (const name of ['c[2].d', 'e.h', 'a.b', 'x']) expect(fitsShape(name, shape), name).toBe(false)
	})

	test('a form that is one of several: each variant by the value of its key, all of them without one', () => {
		const auth = formShape(authFormSchema)
		const posted = (intent: string) => {
			const form = new FormData()
			form.set('intent', intent)
			return form
		}
		expect(fitsShape('token', variantShape(auth, posted('set-password')))).toBe(true)
		expect(fitsShape('token', variantShape(auth, posted('sign-in')))).toBe(false)
		expect(fitsShape('redirectTo', variantShape(auth, posted('sign-in')))).toBe(true)
		expect(fitsShape('token', variantShape(auth, posted('something else')))).toBe(true)
	})

	test('a schema no form can have is named, not guessed at', () => {
		expect(() => formShape(z.object({ photos: z.array(z.string()) }))).toThrow(FormShapeError)
		expect(() => formShape(z.object({ photos: z.array(z.string()) }))).toThrow('photos has no maximum length')
		expect(() => formShape(z.object({ data: z.record(z.string(), z.string()) }))).toThrow('data is a record')
		expect(() => formShape(z.object({ a: z.union([z.string(), z.object({ b: z.string() })]) }))).toThrow(FormShapeError)
		expect(() => formShape(z.string())).toThrow(FormShapeError)
	})

	test('names the form library refuses to read fit nothing', () => {
		const shape = formShape(z.object({ a: z.string() }))
		for (const name of ['__proto__', 'constructor', 'a[', 'a]', 'a..b', '', '[0]', 'a[]']) expect(fitsShape(name, shape), name).toBe(false)
	})
})
