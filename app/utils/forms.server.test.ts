import { describe, expect, test } from 'vitest'

import {
	drainBody,
	FORM_TOO_LARGE,
	FORM_UNREADABLE,
	formFieldProblem,
	isUnreasonableFieldName,
	readFormData,
	withoutRefusedFields,
} from './forms.server'
import { captureSecurityLog } from './security-log.server'

const post = (body: BodyInit, type?: string) =>
	new Request('http://shop.test/admin/settings', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} })

async function refusal(request: Request, rules?: Parameters<typeof readFormData>[1]) {
	try {
		await readFormData(request, rules)
	} catch (error) {
		// What `data(message, { status })` throws: React Router answers with that status and message.
		const thrown = error as { data?: unknown; init?: { status?: number } }
		if (thrown.init?.status) return { status: thrown.init.status, message: thrown.data }
		throw error
	}
	throw new Error('the form was read')
}

describe('isUnreasonableFieldName', () => {
	test('accepts every name our forms send', () => {
		for (const name of [
			'shopName',
			'items[0].code',
			'items[49].quantity',
			'existing[4].remove',
			'newPosition',
			'items[999].id',
			'__proto__',
		]) {
			expect(isUnreasonableFieldName(name), name).toBe(false)
		}
	})
	test('refuses list indexes past 999 and deep nesting', () => {
		for (const name of ['items[1000].code', 'items[99999999].code', 'existing[0009999].key', `a${'.a'.repeat(9)}`, `a${'[0]'.repeat(9)}`]) {
			expect(isUnreasonableFieldName(name), name).toBe(true)
		}
	})
	test('withoutRefusedFields keeps the rest in order', () => {
		const form = new FormData()
		form.append('a', '1')
		form.append('items[12345678].code', 'x')
		form.append('__intent__', '{"type":"update","payload":{"name":"items","index":10000000}}')
		form.append('__state__', '{')
		form.append('b', '2')
		expect([...withoutRefusedFields(form)]).toEqual([
			['a', '1'],
			['b', '2'],
		])
	})
})

const fields = (entries: Array<[string, string]>) => {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return form
}
const intent = (value: unknown) => fields([['__intent__', typeof value === 'string' ? value : JSON.stringify(value)]])
const ORDER_LISTS = { items: 50 }

describe("the form library's reserved fields", () => {
	test('a form without lists takes none of them', () => {
		expect(formFieldProblem(fields([['a', '1']]))).toBeNull()
		expect(formFieldProblem(intent({ type: 'validate', payload: {} }))).toBe('reserved-field')
		expect(formFieldProblem(fields([['__state__', '{"validated":{}}']]))).toBe('reserved-field')
	})

	test('the Add and Remove buttons of a list pass, exactly as Conform sends them', () => {
		expect(
			formFieldProblem(intent({ type: 'insert', payload: { name: 'items', defaultValue: { quantity: '1' } } }), ORDER_LISTS),
		).toBeNull()
		expect(formFieldProblem(intent({ type: 'insert', payload: { name: 'items', index: 50 } }), ORDER_LISTS)).toBeNull()
		expect(formFieldProblem(intent({ type: 'remove', payload: { name: 'items', index: 0 } }), ORDER_LISTS)).toBeNull()
		expect(formFieldProblem(intent({ type: 'remove', payload: { name: 'items', index: 49 } }), ORDER_LISTS)).toBeNull()
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
			{ type: 'remove', payload: { name: '__proto__', index: 0 } },
			{ type: 'remove', payload: { name: 'items', index: 0, extra: 1 } },
			{ type: 'insert', payload: { name: 'items', index: 51 } },
			{ type: 'insert', payload: { name: 'items', defaultValue: { quantity: 'x'.repeat(101) } } },
			{ type: 'insert', payload: { name: 'items', defaultValue: { quantity: { deep: [1] } } } },
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
			expect(formFieldProblem(intent(value), ORDER_LISTS), JSON.stringify(value)?.slice(0, 80)).toBe('reserved-field')
		const twice = intent({ type: 'remove', payload: { name: 'items', index: 0 } })
		twice.append('__intent__', '{"type":"remove","payload":{"name":"items","index":1}}')
		expect(formFieldProblem(twice, ORDER_LISTS)).toBe('reserved-field')
		const file = new FormData()
		file.append('__intent__', new Blob(['{}']), 'intent.json')
		expect(formFieldProblem(file, ORDER_LISTS)).toBe('reserved-field')
	})
})

describe('readFormData', () => {
	test('reads url-encoded and multipart forms', async () => {
		expect((await readFormData(post('shopName=Silk&x=1', 'application/x-www-form-urlencoded'))).get('shopName')).toBe('Silk')
		const form = new FormData()
		form.append('shopName', 'Silk ✓')
		expect((await readFormData(post(form))).get('shopName')).toBe('Silk ✓')
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
		expect(await refusal(post(`email=${'a'.repeat(5000)}`, 'application/x-www-form-urlencoded'), { maxBytes: 4096 })).toEqual({
			status: 413,
			message: FORM_TOO_LARGE,
		})
		const form = new FormData()
		form.append('email', 'a'.repeat(5000))
		expect(await refusal(post(form), { maxBytes: 4096 })).toEqual({ status: 413, message: FORM_TOO_LARGE })
		expect((await readFormData(post('email=a%40b.c', 'application/x-www-form-urlencoded'), { maxBytes: 4096 })).get('email')).toBe('a@b.c')
	})

	test('reserved fields are refused with 400 before any form code reads them, in both encodings', async () => {
		const lines: string[] = []
		const restore = captureSecurityLog((line) => lines.push(line))
		const abuse = '__intent__=%7B%22type%22%3A%22update%22%2C%22payload%22%3A%7B%22name%22%3A%22items%22%2C%22index%22%3A10000000%7D%7D&a=1'
		expect(await refusal(post(abuse, 'application/x-www-form-urlencoded'))).toEqual({ status: 400, message: FORM_UNREADABLE })
		expect(await refusal(post(abuse, 'application/x-www-form-urlencoded'), { lists: ORDER_LISTS })).toEqual({
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
		expect((await readFormData(post(remove, 'application/x-www-form-urlencoded'), { lists: ORDER_LISTS })).get('items[0].code')).toBe('A')
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
