import { expect, type Locator, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { decodeQr } from '../helpers/qr'
import { seedOrder, seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// The seller's follow-up of an order from her phone: the UPI ID and message texts in Settings, the
// one-tap WhatsApp message per status, the UPI link and its QR code, the paid mark and the receipt.
const shop = useShop()

const UPI_LINK = 'upi://pay?pa=lakshmi.weaves@oksbi&pn=Silk%20House%20Pochampally&am=43750.50&cu=INR&tn=Order%20'

test.beforeAll(async () => {
	const product = { category: 'Pochampally Ikkat', images: 0, stock: 3 } as const
	await seedProduct(shop(), { ...product, name: 'Red Ikkat Silk', code: 'PS-101', originalPrice: 15_000, salePrice: 12_500 })
	await seedProduct(shop(), { ...product, name: 'Green Kanchi Ikkat', code: 'KP-202', originalPrice: 22_000, salePrice: 18_750.5 })
	await setShopSettings(shop(), {
		shopName: 'Silk House Pochampally',
		phone: '+91 90000 12345',
		email: 'hello@silkhouse.example',
		address: '4-12 Weavers Colony, Pochampally, Telangana 508284',
	})
})

test.beforeEach(async ({ context }) => {
	await shop().db().deleteFrom('orders').execute()
	await shop().db().updateTable('order_settings').set({ upi_id: '', shipped_message: null, confirmed_message: null }).execute()
	await signInAs(context, shop())
})

function lakshmiOrder(
	status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled',
	more: { courier?: string; trackingNumber?: string } = {},
) {
	return seedOrder(shop(), {
		customerName: 'Lakshmi Reddy',
		phone: '9876543210',
		status,
		...more,
		lines: [
			{ code: 'PS-101', quantity: 2 },
			{ code: 'KP-202', quantity: 1 },
		],
	})
}

/** The customer's own order page, as the follow-up messages link it. */
async function orderLink(id: number) {
	const { link_token } = await shop().db().selectFrom('orders').select('link_token').where('id', '=', id).executeTakeFirstOrThrow()
	return `${shop().url}/o/${link_token}`
}

async function setUpiId(upiId: string) {
	await shop().db().updateTable('order_settings').set({ upi_id: upiId }).execute()
}

/** The wa.me target and the text it types in, read back from the link. */
async function whatsappTarget(link: Locator) {
	const url = new URL((await link.getAttribute('href'))!)
	return { target: `${url.origin}${url.pathname}`, text: url.searchParams.get('text') }
}

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('Settings keeps a valid UPI ID and edited messages, and refuses bad ones next to their field', async ({ page }) => {
			await page.goto(`${shop().url}/admin/settings`)
			await page.getByRole('link', { name: 'Edit UPI ID and Messages' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Orders and Payments' })).toBeVisible()
			// The defaults ship filled in.
			await expect(page.getByLabel('Shipped message')).toHaveValue(/Tracking number: \{tracking_number\}/)

			await page.getByLabel('UPI ID').fill('lakshmi at sbi')
			await page.getByLabel('Shipped message').fill('Hi {name}, sent by {courier}: {tracking_no}')
			await page.getByRole('button', { name: 'Save Order Settings' }).click()
			await expect(page.getByText('Enter your UPI ID like yourname@okhdfcbank (or leave it empty).')).toBeVisible()
			await expect(page.getByText(/^Unknown placeholder \{tracking_no\}\. Use \{name\}/)).toBeVisible()
			await expect(page.getByLabel('UPI ID')).toHaveValue('lakshmi at sbi')
			await expect(page.getByLabel('Shipped message')).toHaveValue('Hi {name}, sent by {courier}: {tracking_no}')
			expect(await shop().db().selectFrom('order_settings').select(['upi_id', 'shipped_message']).executeTakeFirstOrThrow()).toEqual({
				upi_id: '',
				shipped_message: null,
			})

			await page.getByLabel('UPI ID').fill(' Lakshmi.Weaves@OKSBI ')
			await page.getByLabel('Shipped message').fill('Hi {name}, sent by {courier}: {tracking_number}')
			await page.getByRole('button', { name: 'Save Order Settings' }).click()
			await expect(flash(page, 'Order settings saved.')).toBeVisible()
			await expect(page.getByLabel('UPI ID')).toHaveValue('lakshmi.weaves@oksbi')
			expect(
				await shop().db().selectFrom('order_settings').select(['upi_id', 'shipped_message', 'confirmed_message']).executeTakeFirstOrThrow(),
			).toEqual({
				upi_id: 'lakshmi.weaves@oksbi',
				shipped_message: 'Hi {name}, sent by {courier}: {tracking_number}',
				confirmed_message: null,
			})
		})

		test('courier and tracking number are saved with the order and fill the shipped message', async ({ page }) => {
			const { id } = await lakshmiOrder('confirmed')
			await page.goto(`${shop().url}/admin/orders/${id}/edit`)
			await page.getByLabel('Courier').fill('India Post')
			await page.getByLabel('Tracking Number').fill('EE123456789IN')
			await page.getByLabel('Status').selectOption('shipped')
			await page.getByRole('button', { name: 'Update Order' }).click()
			await expect(flash(page, 'Order Updated')).toBeVisible()
			expect(
				await shop().db().selectFrom('orders').select(['courier', 'tracking_number', 'status']).where('id', '=', id).executeTakeFirst(),
			).toEqual({
				courier: 'India Post',
				tracking_number: 'EE123456789IN',
				status: 'shipped',
			})
			await page.goto(`${shop().url}/admin/orders/${id}`)
			const expected =
				'Hi Lakshmi Reddy, your order #' +
				id +
				' from Silk House Pochampally is on its way!\nCourier: India Post\nTracking number: EE123456789IN\nFollow your parcel: ' +
				(await orderLink(id))
			await expect(page.getByTestId('follow-up-text')).toHaveText(expected)
			expect(await whatsappTarget(page.getByTestId('follow-up-link'))).toEqual({ target: 'https://wa.me/919876543210', text: expected })
		})

		test('the seller marks an order paid on a day, and unpaid again', async ({ page }) => {
			await setUpiId('lakshmi.weaves@oksbi')
			const { id } = await lakshmiOrder('confirmed')
			await page.goto(`${shop().url}/admin/orders/${id}`)
			const payment = page.getByRole('region', { name: 'Payment' })
			await expect(payment.getByTestId('payment-state')).toHaveText('Not paid yet · ₹43,750.50 to pay')
			await payment.getByLabel('Paid on').fill('2026-11-20')
			await payment.getByRole('button', { name: 'Mark as paid' }).click()
			await expect(flash(page, 'Order marked as paid')).toBeVisible()
			await expect(payment.getByTestId('payment-state')).toHaveText('Paid on 20 November 2026')
			await expect(page.getByTestId('upi-qr')).toHaveCount(0)
			// A paid order's confirmation no longer asks for the payment.
			await expect(page.getByTestId('follow-up-text')).not.toContainText('upi://')
			expect(await shop().db().selectFrom('orders').select('paid_on').where('id', '=', id).executeTakeFirst()).toEqual({
				paid_on: '2026-11-20',
			})

			await payment.getByRole('button', { name: 'Mark as not paid' }).click()
			await expect(flash(page, 'Order marked as not paid')).toBeVisible()
			await expect(payment.getByTestId('payment-state')).toHaveText('Not paid yet · ₹43,750.50 to pay')
			expect(await shop().db().selectFrom('orders').select('paid_on').where('id', '=', id).executeTakeFirst()).toEqual({ paid_on: null })
		})

		test('an impossible or future paid date is refused next to its field', async ({ page }) => {
			const { id } = await lakshmiOrder('confirmed')
			await page.goto(`${shop().url}/admin/orders/${id}`)
			const payment = page.getByRole('region', { name: 'Payment' })
			await payment.getByLabel('Paid on').fill('')
			await payment.getByRole('button', { name: 'Mark as paid' }).click()
			await expect(payment.getByText('Enter the day the payment arrived.')).toBeVisible()
			// Tomorrow in India is still the future, whatever the server's clock says.
			const tomorrow = new Date(Date.now() + (5.5 + 24) * 3600 * 1000).toISOString().slice(0, 10)
			await payment.getByLabel('Paid on').fill(tomorrow)
			await payment.getByRole('button', { name: 'Mark as paid' }).click()
			await expect(payment.getByText('The payment cannot have arrived after today.')).toBeVisible()
			expect(await shop().db().selectFrom('orders').select('paid_on').where('id', '=', id).executeTakeFirst()).toEqual({ paid_on: null })
		})
	})
}

test('each status has its message, sent to the customer on wa.me', async ({ page }) => {
	await setUpiId('lakshmi.weaves@oksbi')
	const { id } = await lakshmiOrder('pending')
	const expected = {
		confirmed: [
			`Hi Lakshmi Reddy, thank you for your order #${id} with Silk House Pochampally!`,
			'',
			'• Red Ikkat Silk (PS-101) × 2: ₹25,000',
			'• Green Kanchi Ikkat (KP-202) × 1: ₹18,750.50',
			'Total: ₹43,750.50',
			'',
			`Please pay by UPI with this link: ${UPI_LINK}${id}`,
			'We will ship your saree as soon as the payment arrives.',
			'',
			`Your order at any time: ${await orderLink(id)}`,
		].join('\n'),
		shipped: `Hi Lakshmi Reddy, your order #${id} from Silk House Pochampally is on its way!\nFollow your parcel: ${await orderLink(id)}`,
		delivered: `Hi Lakshmi Reddy, your order #${id} has been delivered. Thank you for shopping with Silk House Pochampally! We hope you love your saree, and we would be glad to hear what you think.`,
		cancelled: `Hi Lakshmi Reddy, your order #${id} with Silk House Pochampally has been cancelled. If this is a mistake or you have any questions, just reply to this message.`,
	}
	await page.goto(`${shop().url}/admin/orders/${id}`)
	await expect(page.getByTestId('follow-up-link')).toHaveCount(0)
	await expect(page.getByText('Once the order is confirmed, a ready-made message')).toBeVisible()
	for (const [status, text] of Object.entries(expected)) {
		await shop()
			.db()
			.updateTable('orders')
			.set({ status: status as keyof typeof expected })
			.where('id', '=', id)
			.execute()
		await page.goto(`${shop().url}/admin/orders/${id}`)
		await expect(page.getByTestId('follow-up-text'), status).toHaveText(text)
		expect(await whatsappTarget(page.getByTestId('follow-up-link')), status).toEqual({ target: 'https://wa.me/919876543210', text })
	}
})

test('the UPI link asks for the exact amount, and its QR code reads back as the same link', async ({ page }) => {
	await setUpiId('lakshmi.weaves@oksbi')
	const { id } = await lakshmiOrder('confirmed')
	await page.goto(`${shop().url}/admin/orders/${id}`)
	const link = page.getByTestId('upi-link')
	await expect(link).toHaveText('Pay ₹43,750.50 by UPI')
	const href = await link.getAttribute('href')
	expect(href).toBe(`${UPI_LINK}${id}`)
	expect(Object.fromEntries(new URL(href!).searchParams)).toEqual({
		pa: 'lakshmi.weaves@oksbi',
		pn: 'Silk House Pochampally',
		am: '43750.50',
		cu: 'INR',
		tn: `Order ${id}`,
	})
	expect(await decodeQr(page.getByTestId('upi-qr'))).toBe(href)

	// Without a UPI ID there is nothing to scan, and the page says where to add one.
	await setUpiId('')
	await page.reload()
	await expect(page.getByTestId('upi-qr')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Add your UPI ID in Settings' })).toBeVisible()
	await expect(page.getByTestId('follow-up-text')).not.toContainText('Please pay by UPI')
})

test('the receipt prints on one A4 page, with the QR code while unpaid', async ({ page }) => {
	await setUpiId('lakshmi.weaves@oksbi')
	const { id } = await seedOrder(shop(), {
		customerName: 'Meera Venkataraman-Subramanian',
		phone: '+919000011111',
		email: 'meera@example.in',
		deliveryAddress: 'Flat 4B, Sri Lakshmi Residency, Road No. 12, Banjara Hills, Hyderabad 500034',
		status: 'confirmed',
		lines: [
			{ code: 'PS-101', quantity: 2 },
			{ code: 'KP-202', quantity: 1 },
		],
	})
	await page.goto(`${shop().url}/admin/orders/${id}`)
	await page.getByRole('link', { name: 'Receipt' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Receipt for Order #${id}` })).toBeVisible()
	const receipt = page.getByTestId('receipt')
	await expect(receipt.getByRole('heading', { name: 'Silk House Pochampally' })).toBeVisible()
	await expect(receipt).toContainText('4-12 Weavers Colony, Pochampally, Telangana 508284')
	await expect(receipt).toContainText('Meera Venkataraman-Subramanian')
	await expect(receipt.getByTestId('receipt-total')).toHaveText('₹43,750.50')
	await expect(receipt.getByTestId('receipt-payment')).toHaveText('Not paid yet: ₹43,750.50 due')
	expect(await decodeQr(receipt.getByTestId('upi-qr'))).toBe(`${UPI_LINK}${id}`)

	const pages = async () => {
		const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1')
		return pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0
	}
	expect(await pages()).toBe(1)
	// On paper: the receipt alone, without the admin's menu or buttons.
	await page.emulateMedia({ media: 'print' })
	await expect(page.locator('#admin-sidebar')).toBeHidden()
	await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
	await expect(receipt).toBeVisible()
	await page.emulateMedia({ media: null })

	await shop().db().updateTable('orders').set({ paid_on: '2026-11-21' }).where('id', '=', id).execute()
	await page.reload()
	await expect(receipt.getByTestId('receipt-payment')).toHaveText('Paid on 21 November 2026')
	await expect(receipt.getByTestId('upi-qr')).toHaveCount(0)
	expect(await pages()).toBe(1)
})

test('the new order screens fit a 390 px phone, with 44 px targets and no accessibility problems', async ({ page }) => {
	// Four screens, each with a full axe run.
	test.slow()
	await setUpiId('lakshmi.weaves@oksbi')
	const { id } = await lakshmiOrder('confirmed')
	await page.setViewportSize({ width: 390, height: 844 })
	for (const [path, regions] of [
		[`/admin/orders/${id}`, ['Follow up on WhatsApp', 'Payment', 'Customer’s order page']],
		[`/admin/orders/${id}/receipt`, []],
		['/admin/settings/orders', []],
		['/admin/settings', ['Orders and payments']],
	] as const) {
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false)
		await expectNoSeriousA11yViolations(page, path)
		const scopes = regions.length ? regions.map((name) => page.getByRole('region', { name })) : [page.locator('main')]
		for (const scope of scopes) {
			for (const target of await scope.locator('a[href], button, input:not([type=hidden]), select, textarea').all()) {
				if (!(await target.isVisible())) continue
				const box = (await target.boundingBox())!
				expect(
					Math.min(box.width, box.height),
					`${path}: ${await target.evaluate((e) => e.outerHTML.slice(0, 80))}`,
				).toBeGreaterThanOrEqual(44)
			}
		}
	}
})
