import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'

import { customerWhatsappNumber, filledLines, normalisePhone, ORDER_FORM_MESSAGES, orderSchema } from './order'

function form(entries: Record<string, string>) {
	const fd = new FormData()
	for (const [k, v] of Object.entries(entries)) fd.append(k, v)
	return fd
}

const valid = {
	customerName: 'Lakshmi R',
	phone: '+91 98765-43210',
	email: '',
	deliveryAddress: '12 Temple Street, Hyderabad',
	orderDate: '2026-05-01',
	status: 'pending',
	notes: '',
	total: '',
	'items[0].id': '',
	'items[0].code': 'PS-101',
	'items[0].quantity': '2',
	'items[1].code': '',
	'items[1].quantity': '1',
}

describe('order form', () => {
	test('a filled form parses; blank item rows are skipped', () => {
		const submission = parseWithZod(form(valid), { schema: orderSchema })
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(filledLines(submission.value)).toEqual([{ index: 0, id: undefined, code: 'PS-101', quantity: 2 }])
	})

	test('every problem is reported at once, under its field', () => {
		const submission = parseWithZod(
			form({ ...valid, customerName: '  ', phone: '', email: '', orderDate: '2026-02-30', 'items[0].quantity': '0', total: 'abc' }),
			{ schema: orderSchema },
		)
		expect(submission.status).toBe('error')
		const errors = submission.reply().error!
		expect(errors.customerName).toEqual([ORDER_FORM_MESSAGES.nameRequired])
		expect(errors.phone).toEqual([ORDER_FORM_MESSAGES.contactRequired])
		expect(errors.orderDate).toEqual([ORDER_FORM_MESSAGES.dateInvalid])
		expect(errors['items[0].quantity']).toEqual([ORDER_FORM_MESSAGES.quantityInvalid])
		expect(errors.total).toEqual([ORDER_FORM_MESSAGES.totalInvalid])
	})

	test('an email alone is enough contact; a bad email or phone is not', () => {
		expect(parseWithZod(form({ ...valid, phone: '', email: 'a@b.in' }), { schema: orderSchema }).status).toBe('success')
		const bad = parseWithZod(form({ ...valid, phone: '12345', email: 'not-an-email' }), { schema: orderSchema }).reply().error!
		expect(bad.phone).toEqual([ORDER_FORM_MESSAGES.phoneInvalid])
		expect(bad.email).toEqual([ORDER_FORM_MESSAGES.emailInvalid])
	})

	test('line codes are read in their one spelling, as product codes are', () => {
		const submission = parseWithZod(form({ ...valid, 'items[0].code': ' ＫＰＩ‐101\u200b' }), { schema: orderSchema })
		expect(submission.status === 'success' && filledLines(submission.value)[0]?.code).toBe('KPI-101')
		const blank = parseWithZod(form({ ...valid, 'items[1].code': '\u200b' }), { schema: orderSchema })
		expect(blank.status === 'success' && filledLines(blank.value).length).toBe(1)
	})

	test('an order needs at least one line with a product code', () => {
		const reply = parseWithZod(form({ ...valid, 'items[0].code': '' }), { schema: orderSchema }).reply()
		expect(reply.error!.items).toEqual([ORDER_FORM_MESSAGES.itemsRequired])
	})

	test('quantities are whole numbers from 1 to 999', () => {
		for (const quantity of ['1.5', '-1', '1000', 'two']) {
			const reply = parseWithZod(form({ ...valid, 'items[0].quantity': quantity }), { schema: orderSchema }).reply()
			expect(reply.error!['items[0].quantity'], quantity).toBeTruthy()
		}
	})
})

describe('phone numbers', () => {
	test('spaces, dashes and brackets are dropped; 10 to 15 digits', () => {
		expect(normalisePhone('+91 98765-43210')).toBe('+919876543210')
		expect(normalisePhone('(040) 2345 6789')).toBe('04023456789')
		expect(normalisePhone('98765')).toBeNull()
		expect(normalisePhone('9876543210123456')).toBeNull()
		expect(normalisePhone('98765 4321x')).toBeNull()
	})

	test('a bare 10-digit number gets the Indian country code for WhatsApp', () => {
		expect(customerWhatsappNumber('9876543210')).toBe('919876543210')
		expect(customerWhatsappNumber('+919876543210')).toBe('919876543210')
		expect(customerWhatsappNumber('+14155550123')).toBe('14155550123')
	})
})
