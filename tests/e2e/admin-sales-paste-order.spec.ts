import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// New order from the customer's WhatsApp message: pasted into the form, its product codes become lines
// at today's prices and its phone number fills the phone. Nothing is saved until the seller creates the
// order. With and without JavaScript.
const shop = useShop()

/** What the shop's own "Order on WhatsApp" button types for a customer, then what she adds herself. */
const CUSTOMER_MESSAGE = [
	'Hi, I want to order this saree. Product Code: PS-101 - Red Ikkat Silk.',
	'https://shop.example/product/1',
	'Also kp202 if it is still there? And KP-999 from your Instagram. Saree for ₹12,500 ok.',
	'My number is 98765 43210, Lakshmi',
].join('\n')

test.beforeAll(async () => {
	// Each run saves an order for both sarees: pieces enough that no save meets another order's hold.
	const product = { category: 'Pochampally Ikkat', images: 0, stock: 3 } as const
	await seedProduct(shop(), { ...product, name: 'Red Ikkat Silk', code: 'PS-101', originalPrice: 15_000, salePrice: 12_500 })
	await seedProduct(shop(), { ...product, name: 'Green Kanchi Ikkat', code: 'KP-202', originalPrice: 22_000, salePrice: 18_750.5 })
})

test.beforeEach(async ({ context }) => {
	await shop().db().deleteFrom('orders').execute()
	await signInAs(context, shop())
})

async function orderCount() {
	const { count } = await shop()
		.db()
		.selectFrom('orders')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.executeTakeFirstOrThrow()
	return Number(count)
}

/** The product codes on the form's lines (without JavaScript, blank rows follow them). */
const filledCodes = (page: Page) =>
	page.getByLabel(/^Product Code/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).filter(Boolean))

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test("the shop's own order text and a code in another letter case fill the lines and the phone, unknown codes are listed, nothing is saved", async ({
			page,
		}) => {
			await page.goto(`${shop().url}/admin/orders/new`)
			await page.getByLabel('Customer Name').fill('Lakshmi Reddy')
			await page.getByLabel('Notes').fill('Gift wrap')
			await page.getByLabel("Paste the customer's WhatsApp message").fill(CUSTOMER_MESSAGE)
			await page.getByRole('button', { name: 'Fill in from the message' }).click()

			const report = page.getByTestId('paste-report')
			await expect(report).toContainText('Added 2 items: PS-101 (Red Ikkat Silk), KP-202 (Green Kanchi Ikkat).')
			await expect(report).toContainText('Phone filled in: +919876543210.')
			await expect(page.getByTestId('paste-not-found')).toHaveText('Not found in your catalogue: KP-999.')
			await expect(page.getByLabel('Product Code (item 1)')).toHaveValue('PS-101')
			await expect(page.getByLabel('Product Code (item 2)')).toHaveValue('KP-202')
			await expect(page.getByLabel('Quantity (item 2)')).toHaveValue('1')
			await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+919876543210')
			// What the seller had typed stays; the message box is empty for the next one.
			await expect(page.getByLabel('Customer Name')).toHaveValue('Lakshmi Reddy')
			await expect(page.getByLabel('Notes')).toHaveValue('Gift wrap')
			await expect(page.getByLabel("Paste the customer's WhatsApp message")).toHaveValue('')
			// Today's prices, shown as the form shows a typed code's.
			await expect(page.getByTestId('order-line-info').first()).toHaveText('Red Ikkat Silk · ₹12,500')
			expect(await orderCount()).toBe(0)

			// The same message again adds nothing twice.
			await page.getByLabel("Paste the customer's WhatsApp message").fill('ps-101 please, PS101!')
			await page.getByRole('button', { name: 'Fill in from the message' }).click()
			await expect(page.getByTestId('paste-report')).toContainText('No new product codes of yours in the message.')
			expect(await filledCodes(page)).toEqual(['PS-101', 'KP-202'])
			expect(await orderCount()).toBe(0)

			// The seller creates it: the lines and phone the message gave are what is saved.
			await page.getByRole('button', { name: 'Create Order' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/orders`)
			const [saved] = await shop().db().selectFrom('orders').select(['id', 'customer_phone', 'customer_key', 'total_paise']).execute()
			expect(saved).toMatchObject({ customer_phone: '+919876543210', customer_key: '+919876543210', total_paise: 3_125_050 })
			const lines = await shop()
				.db()
				.selectFrom('order_items')
				.select(['product_code', 'unit_price_paise', 'quantity'])
				.where('order_id', '=', saved!.id)
				.orderBy('position')
				.execute()
			expect(lines).toEqual([
				{ product_code: 'PS-101', unit_price_paise: 1_250_000, quantity: 1 },
				{ product_code: 'KP-202', unit_price_paise: 1_875_050, quantity: 1 },
			])
		})

		test('a phone already typed is kept, and a message over the limit is refused next to its box with the rest kept', async ({ page }) => {
			await page.goto(`${shop().url}/admin/orders/new`)
			await page.getByLabel('Customer Name').fill('Anita K')
			await page.getByLabel('Phone', { exact: true }).fill('90000 12345')
			await page.getByLabel("Paste the customer's WhatsApp message").fill(`KP-202 ${'x'.repeat(4000)}`)
			await page.getByRole('button', { name: 'Fill in from the message' }).click()
			await expect(page.getByText('Keep the pasted message under 4000 characters.')).toBeVisible()
			await expect(page.getByLabel('Customer Name')).toHaveValue('Anita K')
			await expect(page.getByLabel('Product Code (item 1)')).toHaveValue('')

			await page.getByLabel("Paste the customer's WhatsApp message").fill('KP-202, call 98765 43210')
			await page.getByRole('button', { name: 'Fill in from the message' }).click()
			await expect(page.getByLabel('Product Code (item 1)')).toHaveValue('KP-202')
			await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('90000 12345')
			await expect(page.getByTestId('paste-report')).not.toContainText('Phone filled in')
			expect(await orderCount()).toBe(0)
		})
	})
}
