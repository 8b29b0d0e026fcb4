import { expect, type Page, test } from '@playwright/test'

import { ORDER_FORM_MESSAGES, ORDER_MESSAGES } from '../../app/schemas/order'
import { ORDER_SETTINGS_MESSAGES } from '../../app/schemas/order-settings'
import { setAccountLocale, signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { translator } from '../helpers/i18n'
import { seedOrder, seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// The orders screens in the seller's language (docs/decisions/0045): the order form's messages next to
// their fields, the flash after a status change, and the receipt printed in the language she picks.

const shop = useShop()
const telugu = translator('te')
const hindi = translator('hi')

test.beforeAll(async () => {
	await seedProduct(shop(), { name: 'Gadwal Silk', code: 'GS-301', stock: 3, salePrice: 12_500 })
	await setShopSettings(shop(), { shopName: 'Silk House Pochampally', address: '4-12 Weavers Colony, Pochampally' })
})

test.afterEach(() => setAccountLocale(shop(), 'en'))

for (const js of [true, false]) {
	test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })

		test('the order form in Telugu shows each message next to its field', async ({ page, context }) => {
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			const address = `${shop().url}/admin/orders/new`
			if (js) await gotoHydrated(page, address)
			else await page.goto(address)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(telugu.t('adminOrders.addTitle'))

			await page.getByLabel(telugu.t('adminOrders.phone'), { exact: true }).fill('12')
			await page.getByLabel(telugu.t('adminOrders.emailOptional')).fill('not-an-email')
			await page.getByLabel(telugu.t('adminOrders.totalAmount')).fill('twelve')
			await page.locator('[name="items[0].code"]').fill('GS-301')
			await page.locator('[name="items[0].quantity"]').fill('0')
			await page.getByRole('button', { name: telugu.t('adminOrders.createOrder') }).click()

			const expectations: Array<[string, string]> = [
				['customerName', telugu.msg(ORDER_FORM_MESSAGES.nameRequired)],
				['phone', telugu.msg(ORDER_FORM_MESSAGES.phoneInvalid)],
				['email', telugu.msg(ORDER_FORM_MESSAGES.emailInvalid)],
				['total', telugu.msg(ORDER_FORM_MESSAGES.totalInvalid)],
				['items[0].quantity', telugu.msg(ORDER_FORM_MESSAGES.quantityInvalid)],
			]
			for (const [name, message] of expectations) await expectFieldError(page, name, message)
			// What was typed stays.
			await expect(page.locator('[name="email"]')).toHaveValue('not-an-email')

			// A code the catalogue lacks, refused by the server, in Telugu too.
			await page.getByLabel(telugu.t('adminOrders.customerName')).fill('Lakshmi Reddy')
			await page.getByLabel(telugu.t('adminOrders.phone'), { exact: true }).fill('9876543210')
			await page.getByLabel(telugu.t('adminOrders.emailOptional')).fill('')
			await page.getByLabel(telugu.t('adminOrders.totalAmount')).fill('')
			await page.locator('[name="items[0].code"]').fill('ZZ-999')
			await page.locator('[name="items[0].quantity"]').fill('1')
			await page.getByRole('button', { name: telugu.t('adminOrders.createOrder') }).click()
			await expectFieldError(page, 'items[0].code', telugu.msg(ORDER_FORM_MESSAGES.unknownCode('ZZ-999')))
			expect(await shop().db().selectFrom('orders').select('id').where('customer_name', '=', 'Lakshmi Reddy').execute()).toEqual([])
		})

		test('order settings in Hindi: each message next to its field, what was typed kept, and the save said in Hindi', async ({
			page,
			context,
		}) => {
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			const address = `${shop().url}/admin/settings/orders`
			if (js) await gotoHydrated(page, address)
			else await page.goto(address)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindi.t('adminSettings.orderSettingsTitle'))
			await page.getByLabel(hindi.t('adminSettings.upiId')).fill('lakshmi at sbi')
			await page.getByLabel(hindi.t('adminSettings.shippedMessage')).fill('{name}: {courier} {tracking_no}')
			await page.getByRole('button', { name: hindi.t('adminSettings.saveOrderSettings') }).click()
			await expectFieldError(page, 'upiId', hindi.msg(ORDER_SETTINGS_MESSAGES.upiInvalid))
			await expectFieldError(page, 'shippedMessage', hindi.msg(ORDER_SETTINGS_MESSAGES.unknownPlaceholder(['tracking_no'])))
			await expect(page.getByLabel(hindi.t('adminSettings.upiId'))).toHaveValue('lakshmi at sbi')

			await page.getByLabel(hindi.t('adminSettings.upiId')).fill('Lakshmi.Weaves@OKSBI')
			await page.getByLabel(hindi.t('adminSettings.shippedMessage')).fill('{name}: {courier} {tracking_number}')
			await page.getByRole('button', { name: hindi.t('adminSettings.saveOrderSettings') }).click()
			await expect(page.getByRole('status').filter({ hasText: hindi.msg(ORDER_SETTINGS_MESSAGES.saved) })).toBeVisible()
			await expect(page.getByLabel(hindi.t('adminSettings.upiId'))).toHaveValue('lakshmi.weaves@oksbi')
		})

		test('customers in Telugu: the list, its search and a customer’s page', async ({ page, context }) => {
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			const name = `Padma ${js ? 'on' : 'off'}`
			await seedOrder(shop(), { customerName: name, phone: js ? '+919811100001' : '+919811100002', status: 'confirmed' })
			const address = `${shop().url}/admin/customers`
			if (js) await gotoHydrated(page, address)
			else await page.goto(address)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(telugu.t('adminCustomers.title'))
			await page.getByLabel(telugu.t('adminCustomers.search')).fill(name)
			await page.getByLabel(telugu.t('adminCustomers.search')).press('Enter')
			await expect(page.getByText(telugu.t('adminCustomers.count', { count: 1 }))).toBeVisible()
			await page.getByRole('link', { name: `${telugu.t('adminCustomers.orders')} (${name})` }).click()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
			await expect(page.getByRole('heading', { level: 2, name: telugu.t('adminCustomers.orders') })).toBeVisible()
			await expect(page.getByRole('link', { name: telugu.t('admin.backToCustomers') })).toBeVisible()
		})

		test('a status change says so in Hindi', async ({ page, context }) => {
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			const { id } = await seedOrder(shop(), { customerName: `Meera ${js ? 'on' : 'off'}`, status: 'pending' })
			const address = `${shop().url}/admin/orders?q=${encodeURIComponent(`Meera ${js ? 'on' : 'off'}`)}`
			if (js) await gotoHydrated(page, address)
			else await page.goto(address)
			const card = page.getByTestId(`order-${id}`)
			await card.getByRole('combobox').selectOption({ label: hindi.t('admin.orderShipped') })
			if (!js) await card.getByRole('button', { name: hindi.t('adminOrders.update') }).click()
			await expect(page.getByRole('status').filter({ hasText: hindi.msg(ORDER_MESSAGES.updated) })).toBeVisible()
			await expect
				.poll(async () => (await shop().db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst())?.status)
				.toBe('shipped')
		})
	})
}

/** The PDF's page count, read from its bytes (each page object is `/Type /Page`). */
async function printedPages(page: Page) {
	const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1')
	return pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0
}

test('the receipt prints in Telugu and in Hindi, each on one A4 page', async ({ page, context }) => {
	await signInAs(context, shop())
	await shop().db().updateTable('order_settings').set({ upi_id: 'lakshmi.weaves@oksbi' }).execute()
	const { id } = await seedOrder(shop(), {
		customerName: 'Meera Venkataraman-Subramanian',
		phone: '+919000011111',
		deliveryAddress: 'Flat 4B, Sri Lakshmi Residency, Road No. 12, Banjara Hills, Hyderabad 500034',
		status: 'confirmed',
		lines: [{ code: 'GS-301', quantity: 2 }],
	})
	// The seller reads the admin in English and picks each language for her customer.
	await page.goto(`${shop().url}/admin/orders/${id}/receipt`)
	const receipt = page.getByTestId('receipt')
	await expect(receipt.getByText(translator('en').t('adminReceipt.receipt'), { exact: true })).toBeVisible()
	for (const [locale, words] of [
		['te', telugu],
		['hi', hindi],
	] as const) {
		await page.getByRole('link', { name: translator('en').t(`admin.language_${locale}`) }).click()
		await expect(page).toHaveURL(new RegExp(`lang=${locale}`))
		await expect(receipt).toHaveAttribute('lang', `${locale}-IN`)
		await expect(receipt.getByText(words.t('adminReceipt.receipt'), { exact: true })).toBeVisible()
		await expect(receipt.getByTestId('receipt-payment')).toHaveText(words.t('adminReceipt.notPaidDue', { amount: '₹25,000' }))
		await expect(receipt.getByRole('columnheader', { name: words.t('adminReceipt.product') })).toBeVisible()
		// Its letters in the shop's font for that script, though the admin's own language has none.
		await expect(page.locator(`style[data-script-fonts="${locale}"]`)).toHaveCount(1)
		// The admin around it stays in her language.
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(translator('en').t('adminOrders.receiptTitle', { id }))
		expect(await printedPages(page)).toBe(1)
	}
	// An account in Hindi gets a Hindi receipt unless it asks for another.
	await setAccountLocale(shop(), 'hi')
	await page.goto(`${shop().url}/admin/orders/${id}/receipt`)
	await expect(receipt.getByText(hindi.t('adminReceipt.receipt'), { exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindi.t('adminOrders.receiptTitle', { id }))
	await page.goto(`${shop().url}/admin/orders/${id}/receipt?lang=te`)
	await expect(receipt.getByText(telugu.t('adminReceipt.receipt'), { exact: true })).toBeVisible()
	await expect(page.locator('style[data-script-fonts="te"]')).toHaveCount(1)
})

/** The field's message, right under it and read out with it. */
async function expectFieldError(page: Page, name: string, message: string) {
	const input = page.locator(`[name="${name}"]`)
	await expect(input).toHaveAccessibleDescription(new RegExp(escape(message)))
	await expect(page.locator(`[id="${await input.getAttribute('id')}-error"]`)).toHaveText(message)
}

function escape(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
