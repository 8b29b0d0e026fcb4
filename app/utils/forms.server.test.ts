import { describe, expect, test } from 'vitest'
import { z } from 'zod'

import { authFormSchema } from '~/schemas/auth'
import { ORDER_FORM_LISTS, orderSchema } from '~/schemas/order'
import { productFormSchema } from '~/schemas/product'
import { shortlistChangeSchema } from '~/schemas/shortlist'

import { asPosted } from '../../tests/helpers/request-args'
import {
	drainBody,
	FORM_TOO_LARGE,
	FORM_UNREADABLE,
	formFieldProblem,
	type FormFields,
	isRefusedFieldName,
	keptFields,
	readFormData,
} from './forms.server'
import { captureSecurityLog } from './security-log.server'

const post = (body: BodyInit, type?: string) =>
	new Request('http://shop.test/admin/settings', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} })

const ORDER_FORM: FormFields = { schema: orderSchema, lists: ORDER_FORM_LISTS }
const PRODUCT_FORM: FormFields = { schema: productFormSchema }
const SETTINGS_FORM: FormFields = { schema: z.object({ shopName: z.string(), email: z.string().optional() }) }

async function refusal(request: Request, form: Parameters<typeof readFormData>[1] = SETTINGS_FORM) {
	try {
		await readFormData(asPosted(request), form)
	} catch (error) {
		// What `data(message, { status })` throws: React Router answers with that status and message.
		const thrown = error as { data?: unknown; init?: { status?: number } }
		if (thrown.init?.status) return { status: thrown.init.status, message: thrown.data }
		throw error
	}
	throw new Error('the form was read')
}

/** The names of the body that made a 24 KB post answer 12.6 MB: lists of a thousand, eight deep, under names no form has. */
const deepSparseNames = (count: number) => Array.from({ length: count }, (_, i) => `a${i}${'[999]'.repeat(8)}`)

describe('field names: only what the form has', () => {
	test("accepts every name the form's own page sends", () => {
		for (const name of ['customerName', 'items[0].code', 'items[0].id', 'items[49].quantity', 'status']) {
			expect(isRefusedFieldName(name, ORDER_FORM), name).toBe(false)
		}
		for (const name of [
			'name',
			'nameTe',
			'existing[0].key',
			'existing[4].remove',
			'newPosition',
			'newPosition[4]',
			'copyImage',
			'sharedPhoto[0]',
		]) {
			expect(isRefusedFieldName(name, PRODUCT_FORM), name).toBe(false)
		}
	})

	test('refuses list indexes at or past the real maximum, nesting and paths the form does not have', () => {
		for (const name of [
			'items[50].code',
			'items[1000].code',
			'items[99999999].code',
			'items[0].code.x',
			'items[0][code]',
			'items[0]',
			'items[].code',
			'items.code',
			'customerName.first',
			'customerName[0]',
			'__proto__.polluted',
			'constructor.prototype',
			'a[0]',
			...deepSparseNames(3),
			`a${'.a'.repeat(9)}`,
			`items${'[0]'.repeat(9)}`,
			'items[0',
			'items]',
		]) {
			expect(isRefusedFieldName(name, ORDER_FORM), name).toBe(true)
		}
		for (const name of ['existing[5].key', 'existing[0].other', 'newPosition[5]', 'copyImage[5]', 'copyImage[0].key']) {
			expect(isRefusedFieldName(name, PRODUCT_FORM), name).toBe(true)
		}
	})

	test('a plain name the form does not take is not refused: it is left out', () => {
		for (const name of ['x', 'intent', '__proto__', 'constructor', 'toString', 'q', 'a'.repeat(300)]) {
			expect(isRefusedFieldName(name, ORDER_FORM), name).toBe(false)
		}
		const form = fields([
			['customerName', 'Asha'],
			['x', 'y'],
			['__proto__', 'z'],
			['items[0].code', 'A'],
			['toString', '1'],
			['items[1].code', 'B'],
			['__state__', '{'],
		])
		expect([...keptFields(form, ORDER_FORM)]).toEqual([
			['customerName', 'Asha'],
			['items[0].code', 'A'],
			['items[1].code', 'B'],
		])
	})

	test('a form that is one of several keeps only its own fields: a sign-in carries no reset token', () => {
		const form = fields([
			['intent', 'sign-in'],
			['email', 'a@b.co'],
			['password', 'secret'],
			['token', 'from another form'],
			['confirmPassword', 'secret'],
			['redirectTo', '/admin'],
		])
		const auth: FormFields = { schema: authFormSchema }
		expect(formFieldProblem(form, auth)).toBeNull()
		expect([...keptFields(form, auth)].map(([name]) => name)).toEqual(['intent', 'email', 'password', 'redirectTo'])
		form.set('intent', 'set-password')
		expect([...keptFields(form, auth)].map(([name]) => name)).toEqual(['intent', 'password', 'token', 'confirmPassword'])
		// No known intent: the fields of every /auth form, and its schema refuses the rest.
		form.set('intent', 'other')
		expect([...keptFields(form, auth)].map(([name]) => name)).toEqual([
			'intent',
			'email',
			'password',
			'token',
			'confirmPassword',
			'redirectTo',
		])
	})

	test('the body that made a 24 KB post answer 12.6 MB is refused, on every form', () => {
		const form = fields([['intent', 'sign-in'], ...deepSparseNames(520).map((name): [string, string] => [name, '1'])])
		for (const schema of [authFormSchema, shortlistChangeSchema, orderSchema, productFormSchema]) {
			expect(formFieldProblem(form, { schema })).toBe('field-name')
			expect([...keptFields(form, { schema })].map(([name]) => name).filter((name) => name !== 'intent')).toEqual([])
		}
	})
})

const fields = (entries: Array<[string, string]>) => {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return form
}
const intent = (value: unknown) => fields([['__intent__', typeof value === 'string' ? value : JSON.stringify(value)]])

describe("the form library's reserved fields", () => {
	test('a form without lists takes none of them', () => {
		expect(formFieldProblem(fields([['a', '1']]))).toBeNull()
		expect(formFieldProblem(intent({ type: 'validate', payload: {} }))).toBe('reserved-field')
		expect(formFieldProblem(fields([['__state__', '{"validated":{}}']]))).toBe('reserved-field')
		// A list the schema has, without buttons of its own: no intent for it.
		expect(formFieldProblem(intent({ type: 'remove', payload: { name: 'items', index: 0 } }), { schema: orderSchema })).toBe(
			'reserved-field',
		)
	})

	test('the Add and Remove buttons of a list pass, exactly as Conform sends them', () => {
		expect(formFieldProblem(intent({ type: 'insert', payload: { name: 'items', defaultValue: { quantity: '1' } } }), ORDER_FORM)).toBeNull()
		expect(formFieldProblem(intent({ type: 'insert', payload: { name: 'items', index: 50 } }), ORDER_FORM)).toBeNull()
		expect(formFieldProblem(intent({ type: 'remove', payload: { name: 'items', index: 0 } }), ORDER_FORM)).toBeNull()
		expect(formFieldProblem(intent({ type: 'remove', payload: { name: 'items', index: 49 } }), ORDER_FORM)).toBeNull()
		// Kept for the form library once the gate has passed it.
		const form = fields([['items[0].code', 'A']])
		form.append('__intent__', JSON.stringify({ type: 'remove', payload: { name: 'items', index: 0 } }))
		expect([...keptFields(form, ORDER_FORM, { withIntent: true })].map(([name]) => name)).toEqual(['items[0].code', '__intent__'])
		expect([...keptFields(form, ORDER_FORM)].map(([name]) => name)).toEqual(['items[0].code'])
	})

	test('anything else is refused: other intents, other lists, indexes out of the list, malformed JSON, extra keys', () => {
		const refused: unknown[] = [
			{ type: 'update', payload: { name: 'items', index: 10_000_000, value: {} } },
			{ type: 'update', payload: { name: 'items', index: 1 } },
			{ type: 'reset', payload: {} },
			{ type: 'validate', payload: { name: 'items' } },
			{ type: 'reorder', payload: { name: 'items', from: 0, to: 1 } },
			{ type: 'remove', payload: { name: 'items', index: 50 } },
			{ type: 'remove', payload: { name: 'items', index: -1 } },
			{ type: 'remove', payload: { name: 'items', index: 1.5 } },
			{ type: 'remove', payload: { name: 'items', index: '3' } },
			{ type: 'remove', payload: { name: 'items', index: Number.MAX_SAFE_INTEGER } },
			{ type: 'remove', payload: { name: 'items' } },
			{ type: 'remove', payload: { name: 'other', index: 0 } },
			{ type: 'remove', payload: { name: 'customerName', index: 0 } },
			{ type: 'remove', payload: { name: '__proto__', index: 0 } },
			{ type: 'remove', payload: { name: 'items', index: 0, extra: 1 } },
			{ type: 'insert', payload: { name: 'items', index: 51 } },
			{ type: 'insert', payload: { name: 'items', defaultValue: { quantity: 'x'.repeat(101) } } },
			{ type: 'insert', payload: { name: 'items', defaultValue: { quantity: { deep: [1] } } } },
			{ type: 'insert', payload: { name: 'items', defaultValue: { colour: 'red' } } },
			{ type: 'insert', payload: { name: 'items', defaultValue: { 'code.x': 'A' } } },
			{ type: 'insert', payload: { name: 'items', defaultValue: [1, 2] } },
			{ type: 'insert', payload: { name: 'items', defaultValue: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, ''])) } },
			{ type: 'insert', payload: [] },
			{ type: 'insert' },
			{ type: 'insert', payload: { name: 'items' }, more: true },
			['insert'],
			null,
			42,
			'{',
			'',
			'x'.repeat(2000),
			`{"type":"insert","payload":{"name":"items","defaultValue":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
		]
		for (const value of refused)
			expect(formFieldProblem(intent(value), ORDER_FORM), JSON.stringify(value)?.slice(0, 80)).toBe('reserved-field')
		const twice = intent({ type: 'remove', payload: { name: 'items', index: 0 } })
		twice.append('__intent__', '{"type":"remove","payload":{"name":"items","index":1}}')
		expect(formFieldProblem(twice, ORDER_FORM)).toBe('reserved-field')
		const file = new FormData()
		file.append('__intent__', new Blob(['{}']), 'intent.json')
		expect(formFieldProblem(file, ORDER_FORM)).toBe('reserved-field')
	})
})

describe('readFormData', () => {
	test('reads url-encoded and multipart forms', async () => {
		const simple = await readFormData(asPosted(post('shopName=Silk&x=1', 'application/x-www-form-urlencoded')), SETTINGS_FORM)
		expect([...simple]).toEqual([['shopName', 'Silk']])
		const form = new FormData()
		form.append('shopName', 'Silk ✓')
		expect((await readFormData(asPosted(post(form)), SETTINGS_FORM)).get('shopName')).toBe('Silk ✓')
	})
	test('a body that is not a form is a 400 with a message', async () => {
		expect(await refusal(post('{"a":1}', 'application/json'))).toEqual({ status: 400, message: FORM_UNREADABLE })
		expect(
			await refusal(post('--cut\r\nContent-Disposition: form-data; name="a"\r\n\r\nhal', 'multipart/form-data; boundary=cut')),
		).toEqual({
			status: 400,
			message: FORM_UNREADABLE,
		})
		expect(await refusal(post('items[99999999].code=x', 'application/x-www-form-urlencoded'))).toEqual({
			status: 400,
			message: FORM_UNREADABLE,
		})
	})
	test('a form with a smaller limit (sign-in) refuses a bigger body with 413, url-encoded or multipart', async () => {
		const small = { ...SETTINGS_FORM, maxBytes: 4096 }
		expect(await refusal(post(`email=${'a'.repeat(5000)}`, 'application/x-www-form-urlencoded'), small)).toEqual({
			status: 413,
			message: FORM_TOO_LARGE,
		})
		const form = new FormData()
		form.append('email', 'a'.repeat(5000))
		expect(await refusal(post(form), small)).toEqual({ status: 413, message: FORM_TOO_LARGE })
		expect((await readFormData(asPosted(post('email=a%40b.c', 'application/x-www-form-urlencoded')), small)).get('email')).toBe('a@b.c')
	})

	test('reserved fields are refused with 400 before any form code reads them, in both encodings', async () => {
		const lines: string[] = []
		const restore = captureSecurityLog((line) => lines.push(line))
		const abuse = '__intent__=%7B%22type%22%3A%22update%22%2C%22payload%22%3A%7B%22name%22%3A%22items%22%2C%22index%22%3A10000000%7D%7D&a=1'
		expect(await refusal(post(abuse, 'application/x-www-form-urlencoded'))).toEqual({ status: 400, message: FORM_UNREADABLE })
		expect(await refusal(post(abuse, 'application/x-www-form-urlencoded'), ORDER_FORM)).toEqual({
			status: 400,
			message: FORM_UNREADABLE,
		})
		const form = new FormData()
		form.append('__state__', 'not json')
		expect(await refusal(post(form))).toEqual({ status: 400, message: FORM_UNREADABLE })
		restore()
		expect(lines.map((line) => JSON.parse(line) as Record<string, string>).map((l) => [l.event, l.outcome, l.detail])).toEqual(
			Array.from({ length: 3 }, () => ['form-refused', 'refused', 'reserved-field']),
		)
		const remove =
			'items[0].code=A&__intent__=%7B%22type%22%3A%22remove%22%2C%22payload%22%3A%7B%22name%22%3A%22items%22%2C%22index%22%3A0%7D%7D'
		expect((await readFormData(asPosted(post(remove, 'application/x-www-form-urlencoded')), ORDER_FORM)).get('items[0].code')).toBe('A')
	})

	test('a multipart body is cut off at 1 MB and may not carry files', async () => {
		const big = new FormData()
		big.append('address', 'x'.repeat(1024 * 1024 + 1))
		expect(await refusal(post(big))).toEqual({ status: 413, message: FORM_TOO_LARGE })
		const withFile = new FormData()
		withFile.append('shopName', 'Silk')
		withFile.append('photo', new Blob(['abc']), 'a.jpg')
		expect((await refusal(post(withFile))).status).toBe(400)
	})
})

describe('drainBody', () => {
	/** A body of `chunks` chunks of 1 KB, counting how many were pulled and whether it was cancelled. */
	function counted(chunks: number) {
		const seen = { pulled: 0, cancelled: false }
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (seen.pulled === chunks) return controller.close()
				seen.pulled++
				controller.enqueue(new Uint8Array(1024))
			},
			cancel() {
				seen.cancelled = true
			},
		})
		return { request: new Request('http://shop.test/', { method: 'POST', body, duplex: 'half' } as RequestInit), seen }
	}
	test('reads what is left of a body within the limit', async () => {
		const { request, seen } = counted(10)
		await drainBody(request, 64 * 1024)
		expect(seen).toEqual({ pulled: 10, cancelled: false })
	})
	test('gives up (cancels) past the limit instead of reading an endless body', async () => {
		const { request, seen } = counted(1_000_000)
		await drainBody(request, 8 * 1024)
		expect(seen.cancelled).toBe(true)
		expect(seen.pulled).toBeLessThan(20)
	})
	test('a body already read is left alone', async () => {
		const request = post('a=1', 'application/x-www-form-urlencoded')
		await request.text()
		await expect(drainBody(request, 1024)).resolves.toBeUndefined()
	})
})
