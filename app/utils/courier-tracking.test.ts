import { expect, test } from 'vitest'

import { courierTracking } from './courier-tracking'

test('a courier is known however the seller writes its name; the number is escaped into its address', () => {
	expect(courierTracking(' delhivery ', ' 1234 ')).toEqual({
		courier: 'delhivery',
		trackingNumber: '1234',
		url: 'https://www.delhivery.com/track/package/1234',
		opensParcel: true,
	})
	expect(courierTracking('BlueDart', 'A/B?1&x')?.url).toBe(
		'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=A%2FB%3F1%26x',
	)
	expect(courierTracking('DTDC Express', 'D1')?.opensParcel).toBe(true)
})

test('India Post and Professional Couriers open their tracking page; a courier the shop does not know gets no link', () => {
	expect(courierTracking('Speed Post', 'EE123456789IN')).toMatchObject({ url: 'https://www.indiapost.gov.in/', opensParcel: false })
	expect(courierTracking('The Professional Couriers', 'HYD1')).toMatchObject({ url: 'https://www.tpcindia.com/', opensParcel: false })
	expect(courierTracking('Delhivery', '')).toMatchObject({ url: 'https://www.delhivery.com/', opensParcel: false })
	expect(courierTracking('Shree Maruti', 'SM1')).toEqual({ courier: 'Shree Maruti', trackingNumber: 'SM1', url: null, opensParcel: false })
	expect(courierTracking(' ', '')).toBeNull()
})
