import { expect, test } from 'vitest'

import { orderText, shortlistText, whatsappUrl } from './whatsapp'

test('a shortlist message numbers every saree with its code, name and address, and marks the sold-out ones', () => {
	const text = shortlistText([
		{ code: 'PCH-001', name: 'Red "Kanchi" & gold', url: 'https://shop.example/product/1', soldOut: false },
		{ code: 'PCH-002', name: 'నీలం పట్టు', url: 'https://shop.example/product/2', soldOut: true },
	])
	expect(text).toBe(
		"Hi, I'm interested in these 2 sarees from my shortlist.\n\n" +
			'1. Product Code: PCH-001 - Red "Kanchi" & gold\nhttps://shop.example/product/1\n\n' +
			'2. Product Code: PCH-002 - నీలం పట్టు (sold out)\nhttps://shop.example/product/2',
	)
	// Carried whole through wa.me's text parameter.
	expect(new URL(whatsappUrl('+91 98480 12345', text)).searchParams.get('text')).toBe(text)
})

test('a shortlist of one reads naturally', () => {
	expect(shortlistText([{ code: 'A1', name: 'Ikat', url: 'https://s/product/3', soldOut: false }])).toBe(
		"Hi, I'm interested in this saree from my shortlist.\n\n1. Product Code: A1 - Ikat\nhttps://s/product/3",
	)
	expect(orderText({ code: 'A1', name: 'Ikat' }, 'https://s/product/3')).toBe(
		'Hi, I want to order this saree. Product Code: A1 - Ikat.\nhttps://s/product/3',
	)
})
