import { describe, expect, test } from 'vitest'
import { drainBody, FORM_TOO_LARGE, FORM_UNREADABLE, isUnreasonableFieldName, readFormData, withoutUnreasonableFieldNames } from './forms.server'

const post = (body: BodyInit, type?: string) =>
	new Request('http://shop.test/admin/settings', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} })

async function refusal(request: Request) {
	try {
		await readFormData(request)
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
		for (const name of ['shopName', 'items[0].code', 'items[49].quantity', 'existing[4].remove', 'newPosition', 'items[999].id', '__proto__']) {
			expect(isUnreasonableFieldName(name), name).toBe(false)
		}
	})
	test('refuses list indexes past 999 and deep nesting', () => {
		for (const name of ['items[1000].code', 'items[99999999].code', 'existing[0009999].key', `a${'.a'.repeat(9)}`, `a${'[0]'.repeat(9)}`]) {
			expect(isUnreasonableFieldName(name), name).toBe(true)
		}
	})
	test('withoutUnreasonableFieldNames keeps the rest in order', () => {
		const form = new FormData()
		form.append('a', '1')
		form.append('items[12345678].code', 'x')
		form.append('b', '2')
		expect([...withoutUnreasonableFieldNames(form)]).toEqual([
			['a', '1'],
			['b', '2'],
		])
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
		expect(await refusal(post('--cut\r\nContent-Disposition: form-data; name="a"\r\n\r\nhal', 'multipart/form-data; boundary=cut'))).toEqual({
			status: 400,
			message: FORM_UNREADABLE,
		})
		expect(await refusal(post('items[99999999].code=x', 'application/x-www-form-urlencoded'))).toEqual({ status: 400, message: FORM_UNREADABLE })
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
