import { describe, expect, test } from 'vitest'

import { DEFAULT_MESSAGES, fillMessage, messageValues, unknownPlaceholders } from './order-messages'

const order = {
	id: 7,
	customerName: 'Lakshmi Reddy',
	items: [
		{ code: 'PS-101', name: 'Red Ikkat Silk', unitPricePaise: 1_250_000, quantity: 2 },
		{ code: 'KP-202', name: 'Green Kanchi Ikkat', unitPricePaise: 1_875_050, quantity: 1 },
	],
	totalPaise: 4_375_050,
	courier: '',
	trackingNumber: '',
}

describe('order messages', () => {
	test('the confirmed default lists the items, the total and the payment link', () => {
		const text = fillMessage(DEFAULT_MESSAGES.confirmed, messageValues(order, 'Silk House', 'upi://pay?pa=a@ybl', null))
		expect(text).toBe(
			[
				'Hi Lakshmi Reddy, thank you for your order #7 with Silk House!',
				'',
				'• Red Ikkat Silk (PS-101) × 2: ₹25,000',
				'• Green Kanchi Ikkat (KP-202) × 1: ₹18,750.50',
				'Total: ₹43,750.50',
				'',
				'Please pay by UPI with this link: upi://pay?pa=a@ybl',
				'We will ship your saree as soon as the payment arrives.',
			].join('\n'),
		)
	})

	test('a line whose placeholders are all empty is left out', () => {
		expect(fillMessage(DEFAULT_MESSAGES.confirmed, messageValues(order, 'Silk House', null, null))).not.toContain('Please pay by UPI')
		const shipped = fillMessage(DEFAULT_MESSAGES.shipped, messageValues({ ...order, courier: 'India Post' }, 'Silk House', null, null))
		expect(shipped).toBe('Hi Lakshmi Reddy, your order #7 from Silk House is on its way!\nCourier: India Post')
	})

	test('unknown placeholders are found, and left as typed', () => {
		expect(unknownPlaceholders('Hi {nmae}, {total} {x} {nmae}')).toEqual(['nmae', 'x'])
		expect(fillMessage('Hi {nmae}', messageValues(order, 'S', null, null))).toBe('Hi {nmae}')
		// The names objects inherit are not placeholders either.
		expect(unknownPlaceholders('{constructor} {__proto__} {toString} {hasOwnProperty}')).toEqual([
			'constructor',
			'__proto__',
			'toString',
			'hasOwnProperty',
		])
		expect(fillMessage('Hi {constructor} {toString}', messageValues(order, 'S', null, null))).toBe('Hi {constructor} {toString}')
	})

	test('the confirmed and shipped defaults end with the order page’s link', () => {
		const link = 'https://shop.example/o/AbCdEfGhIjKlMnOpQrStUv'
		const confirmed = fillMessage(DEFAULT_MESSAGES.confirmed, messageValues(order, 'Silk House', null, link))
		expect(confirmed.split('\n').slice(-2)).toEqual(['', `Your order at any time: ${link}`])
		const shipped = fillMessage(
			DEFAULT_MESSAGES.shipped,
			messageValues({ ...order, courier: 'DTDC', trackingNumber: 'D1' }, 'S', null, link),
		)
		expect(shipped.split('\n').at(-1)).toBe(`Follow your parcel: ${link}`)
	})

	test('a value that looks like a placeholder is not filled again', () => {
		expect(fillMessage('{name}: {total}', messageValues({ ...order, customerName: '{total}' }, 'S', null, null))).toBe(
			'{total}: ₹43,750.50',
		)
	})
})
