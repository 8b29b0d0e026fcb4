import { expect, test } from 'vitest'

import { serverTranslator } from '~/i18n/messages.server'

import { generalEnquiryText, orderText, shortlistText, whatsappUrl } from './whatsapp'

const { t } = serverTranslator('en', 'whatsapp')

test('a shortlist message numbers every saree with its code, name and address, and marks the sold-out ones', () => {
	const text = shortlistText(
		[
			{ code: 'PCH-001', name: 'Red "Kanchi" & gold', url: 'https://shop.example/product/1', soldOut: false },
			{ code: 'PCH-002', name: 'నీలం పట్టు', url: 'https://shop.example/product/2', soldOut: true },
		],
		t,
	)
	expect(text).toBe(
		"Hi, I'm interested in these 2 sarees from my shortlist.\n\n" +
			'1. Product Code: PCH-001 - Red "Kanchi" & gold\nhttps://shop.example/product/1\n\n' +
			'2. Product Code: PCH-002 - నీలం పట్టు (sold out)\nhttps://shop.example/product/2',
	)
	// Carried whole through wa.me's text parameter.
	expect(new URL(whatsappUrl('+91 98480 12345', text)).searchParams.get('text')).toBe(text)
})

test('a shortlist of one reads naturally', () => {
	expect(shortlistText([{ code: 'A1', name: 'Ikat', url: 'https://s/product/3', soldOut: false }], t)).toBe(
		"Hi, I'm interested in this saree from my shortlist.\n\n1. Product Code: A1 - Ikat\nhttps://s/product/3",
	)
	expect(orderText({ code: 'A1', name: 'Ikat', reserved: false }, 'https://s/product/3', t)).toBe(
		'Hi, I want to order this saree. Product Code: A1 - Ikat.\nhttps://s/product/3',
	)
})

test('a reserved saree is asked about for a similar one, naming its code, in each language', () => {
	const reserved = { code: 'PCH-001', name: 'Red Ikat', reserved: true }
	expect(orderText(reserved, 'https://s/product/3', t)).toBe(
		"Hi, I'd like a saree similar to this one, which is reserved. Product Code: PCH-001 - Red Ikat.\nhttps://s/product/3",
	)
	expect(orderText(reserved, 'https://s/product/3', serverTranslator('te', 'whatsapp').t)).toBe(
		'నమస్తే, ఈ చీర రిజర్వ్ అయింది; ఇలాంటి చీర కావాలి. ప్రోడక్ట్ కోడ్: PCH-001 - Red Ikat.\nhttps://s/product/3',
	)
	expect(orderText(reserved, 'https://s/product/3', serverTranslator('hi', 'whatsapp').t)).toBe(
		'नमस्ते, यह साड़ी आरक्षित है; मुझे ऐसी ही साड़ी चाहिए। प्रोडक्ट कोड: PCH-001 - Red Ikat.\nhttps://s/product/3',
	)
})

test('the messages are written in the language of the page, with the codes, names and links as they are', () => {
	const te = serverTranslator('te', 'whatsapp').t
	const hi = serverTranslator('hi', 'whatsapp').t
	expect(orderText({ code: 'PCH-001', name: 'Red Ikat {code}', reserved: false }, 'https://s/product/3', te)).toBe(
		'నమస్తే, నేను ఈ చీరను ఆర్డర్ చేయాలనుకుంటున్నాను. ప్రోడక్ట్ కోడ్: PCH-001 - Red Ikat {code}.\nhttps://s/product/3',
	)
	expect(orderText({ code: 'PCH-001', name: 'लाल इकत', reserved: false }, 'https://s/product/3', hi)).toBe(
		'नमस्ते, मुझे यह साड़ी ऑर्डर करनी है। प्रोडक्ट कोड: PCH-001 - लाल इकत.\nhttps://s/product/3',
	)
	const list = [
		{ code: 'A1', name: 'Ikat', url: 'https://s/product/3', soldOut: false },
		{ code: 'B2', name: 'Kanchi', url: 'https://s/product/4', soldOut: true },
	]
	expect(shortlistText(list, te)).toBe(
		'నమస్తే, నా షార్ట్‌లిస్ట్‌లోని ఈ 2 చీరలు నాకు నచ్చాయి.\n\n1. ప్రోడక్ట్ కోడ్: A1 - Ikat\nhttps://s/product/3\n\n2. ప్రోడక్ట్ కోడ్: B2 - Kanchi (అమ్ముడైపోయింది)\nhttps://s/product/4',
	)
	expect(shortlistText(list.slice(0, 1), hi)).toBe(
		'नमस्ते, मेरी शॉर्टलिस्ट की यह साड़ी मुझे पसंद है।\n\n1. प्रोडक्ट कोड: A1 - Ikat\nhttps://s/product/3',
	)
	expect(generalEnquiryText(t)).toBe("Hi, I'm interested in your saree collection. Please provide more details.")
	expect(generalEnquiryText(hi)).toBe('नमस्ते, मुझे आपकी साड़ियों का कलेक्शन पसंद आया। कृपया और जानकारी भेजें।')
})
