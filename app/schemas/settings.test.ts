import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'

import { isInstagramUrl, normaliseWhatsappNumber, SETTINGS_MESSAGES, shopSettingsSchema } from './settings'

function form(entries: Record<string, string>) {
	const fd = new FormData()
	for (const [k, v] of Object.entries(entries)) fd.append(k, v)
	return fd
}

const valid = {
	shopName: 'Pochampally Silk House',
	whatsappNumber: '+91 98765-43210',
	phone: '+91 40 2345 6789',
	email: 'hello@example.in',
	address: 'Pochampally, Telangana',
	instagramUrl: 'https://www.instagram.com/silkhouse',
}

describe('shop settings', () => {
	test('the WhatsApp number is stored as digits with the country code', () => {
		const submission = parseWithZod(form(valid), { schema: shopSettingsSchema })
		expect(submission.status).toBe('success')
		if (submission.status === 'success') expect(submission.value.whatsappNumber).toBe('919876543210')
	})

	test('WhatsApp numbers need 10 to 15 digits and nothing but separators', () => {
		expect(normaliseWhatsappNumber('919876543210')).toBe('919876543210')
		expect(normaliseWhatsappNumber('+1 (415) 555-0123')).toBe('14155550123')
		expect(normaliseWhatsappNumber('98765')).toBeNull()
		expect(normaliseWhatsappNumber('91987654321x')).toBeNull()
		expect(normaliseWhatsappNumber('1234567890123456')).toBeNull()
		const reply = parseWithZod(form({ ...valid, whatsappNumber: 'call me' }), { schema: shopSettingsSchema }).reply()
		expect(reply.error!.whatsappNumber).toEqual([SETTINGS_MESSAGES.whatsappInvalid])
	})

	test('only https Instagram links (or nothing)', () => {
		expect(isInstagramUrl('https://instagram.com/shop')).toBe(true)
		expect(isInstagramUrl('https://www.instagram.com/shop/')).toBe(true)
		expect(isInstagramUrl('http://instagram.com/shop')).toBe(false)
		expect(isInstagramUrl('https://instagram.com.evil.example/shop')).toBe(false)
		expect(isInstagramUrl('javascript:alert(1)')).toBe(false)
		expect(parseWithZod(form({ ...valid, instagramUrl: '' }), { schema: shopSettingsSchema }).status).toBe('success')
		const reply = parseWithZod(form({ ...valid, instagramUrl: 'https://example.com/x' }), { schema: shopSettingsSchema }).reply()
		expect(reply.error!.instagramUrl).toEqual([SETTINGS_MESSAGES.instagramInvalid])
	})

	test('shop name is required; email and phone are checked when given', () => {
		const reply = parseWithZod(form({ ...valid, shopName: ' ', email: 'nope', phone: '12' }), { schema: shopSettingsSchema }).reply()
		expect(reply.error!.shopName).toEqual([SETTINGS_MESSAGES.shopNameRequired])
		expect(reply.error!.email).toEqual([SETTINGS_MESSAGES.emailInvalid])
		expect(reply.error!.phone).toEqual([SETTINGS_MESSAGES.phoneInvalid])
	})
})
