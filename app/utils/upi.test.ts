import { describe, expect, test } from 'vitest'

import { normaliseUpiId, orderPaymentNote, upiAmount, upiPayUrl } from './upi'

describe('UPI', () => {
	test('a UPI ID is name@bank, kept in lower case', () => {
		expect(normaliseUpiId(' Lakshmi.Weaves@OKSBI ')).toBe('lakshmi.weaves@oksbi')
		expect(normaliseUpiId('9876543210@ybl')).toBe('9876543210@ybl')
		expect(normaliseUpiId('shop_name-1@axl')).toBe('shop_name-1@axl')
		for (const bad of [
			'',
			'lakshmi',
			'@oksbi',
			'l@oksbi',
			'lakshmi@',
			'lakshmi@ok sbi',
			'lakshmi@@oksbi',
			'a b@oksbi',
			'lakshmi@1bank',
			`${'a'.repeat(300)}@oksbi`,
		]) {
			expect(normaliseUpiId(bad), bad).toBeNull()
		}
	})

	test('amounts have exactly two decimals', () => {
		expect(upiAmount(1_250_000)).toBe('12500.00')
		expect(upiAmount(1_875_050)).toBe('18750.50')
		expect(upiAmount(5)).toBe('0.05')
	})

	test('the pay link carries payee, name, amount, INR and the order as the note', () => {
		const url = upiPayUrl({
			upiId: 'lakshmi@oksbi',
			payeeName: 'Pochampally Silk House',
			amountPaise: 4_375_050,
			note: orderPaymentNote(42),
		})
		expect(url).toBe('upi://pay?pa=lakshmi@oksbi&pn=Pochampally%20Silk%20House&am=43750.50&cu=INR&tn=Order%2042')
		const params = new URL(url).searchParams
		expect(Object.fromEntries(params)).toEqual({
			pa: 'lakshmi@oksbi',
			pn: 'Pochampally Silk House',
			am: '43750.50',
			cu: 'INR',
			tn: 'Order 42',
		})
	})

	test('a name with & or # cannot add parameters', () => {
		const url = upiPayUrl({ upiId: 'a.b@ybl', payeeName: 'Silk & Sons #1', amountPaise: 100, note: 'Order 1' })
		expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
			pa: 'a.b@ybl',
			pn: 'Silk & Sons #1',
			am: '1.00',
			cu: 'INR',
			tn: 'Order 1',
		})
	})
})
