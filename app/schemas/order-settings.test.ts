import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'

import { ORDER_SETTINGS_MESSAGES, orderSettingsSchema } from './order-settings'

function parse(fields: Record<string, string>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(fields)) formData.append(name, value)
	return parseWithZod(formData, { schema: orderSettingsSchema })
}

function errors(fields: Record<string, string>) {
	const result = parse(fields)
	return result.status === 'error' ? result.error : undefined
}

describe('order settings form', () => {
	test('an empty UPI ID is allowed; a valid one is kept in lower case', () => {
		expect(parse({}).status).toBe('success')
		const ok = parse({ upiId: ' Shop.Name@OKAxis ' })
		expect(ok.status === 'success' && ok.value.upiId).toBe('shop.name@okaxis')
	})

	test('a UPI ID that is not name@bank, and a message with an unknown placeholder, are refused by field', () => {
		const result = errors({ upiId: 'shop at axis', shippedMessage: 'Sent by {courier}, number {tracking}' })
		expect(result?.upiId).toEqual([ORDER_SETTINGS_MESSAGES.upiInvalid])
		expect(result?.shippedMessage).toEqual([ORDER_SETTINGS_MESSAGES.unknownPlaceholder(['tracking'])])
	})

	test('a message over the limit gets only its length message', () => {
		const result = errors({ confirmedMessage: `{nope}${'x'.repeat(1000)}` })
		expect(result?.confirmedMessage).toEqual([ORDER_SETTINGS_MESSAGES.messageTooLong])
	})
})
