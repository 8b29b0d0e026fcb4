import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { seedOrder, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Orders: recorded by the seller after a WhatsApp chat. Same journey with and without JavaScript.
const shop = useShop()

test.beforeAll(async () => {
	const product = { category: 'Pochampally Ikkat', images: 0, stock: 3 } as const
	await seedProduct(shop(), { ...product, name: 'Red Ikkat Silk', code: 'PS-101', originalPrice: 15_000, salePrice: 12_500 })
	await seedProduct(shop(), { ...product, name: 'Green Kanchi Ikkat', code: 'KP-202', originalPrice: 22_000, salePrice: 18_750.5 })
})

test.beforeEach(async ({ context }) => {
	await shop().db().deleteFrom('orders').execute()
	await signInAs(context, shop())
})

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })

async function ordersInDb() {
	return shop()
		.db()
		.selectFrom('orders')
		.select(['id', 'customer_name', 'customer_phone', 'status', 'total_paise', 'total_overridden'])
		.execute()
}

async function itemsInDb(orderId: number) {
	return shop()
		.db()
		.selectFrom('order_items')
		.select(['product_code', 'product_name', 'unit_price_paise', 'quantity'])
		.where('order_id', '=', orderId)
		.orderBy('position')
		.execute()
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('add an order by product codes, find it, view, edit, change its status and delete it', async ({ page }) => {
			const base = shop().url
			await page.goto(`${base}/admin/orders`)
			await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
			await expect(page.getByText('No orders found. Start by adding your first order!')).toBeVisible()

			// ── Add ──
			await page.getByRole('link', { name: 'Add Order' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Add Order' })).toBeVisible()
			await page.getByLabel('Customer Name').fill('Lakshmi Reddy')
			await page.getByLabel('Phone', { exact: true }).fill('98765 43210')
			await page.getByLabel('Delivery Address').fill('12 Temple Street, Hyderabad 500001')
			await page.getByLabel('Product Code (item 1)').fill('ps-101')
			await page.getByLabel('Quantity (item 1)').fill('2')
			if (javaScriptEnabled) {
				await expect(page.getByTestId('order-line-info').first()).toHaveText('Red Ikkat Silk · ₹12,500 × 2 = ₹25,000')
			}
			// With JS "Add item" adds a row in place; without JS there are blank rows to fill.
			if (javaScriptEnabled) await page.getByRole('button', { name: 'Add item' }).click()
			else await expect(page.getByLabel(/^Product Code/)).toHaveCount(5)
			await page.getByLabel('Product Code (item 2)').fill('KP-202')
			await expect(page.getByLabel('Customer Name')).toHaveValue('Lakshmi Reddy')
			await expect(page.getByLabel('Quantity (item 1)')).toHaveValue('2')
			if (javaScriptEnabled) await expect(page.getByText('Items total: ₹43,750.50')).toBeVisible()
			await page.getByLabel('Notes').fill('Gift wrap, deliver before Diwali')
			await page.getByRole('button', { name: 'Create Order' }).click()

			await expect(page).toHaveURL(`${base}/admin/orders`)
			await expect(flash(page, 'Order Created')).toBeVisible()
			const lakshmi = card(page, 'Lakshmi Reddy')
			await expect(lakshmi).toContainText('₹43,750.50')
			await expect(lakshmi).toContainText('9876543210')
			await expect(lakshmi).toContainText('12 Temple Street, Hyderabad 500001')
			await expect(lakshmi).toContainText('just now')
			await expect(lakshmi.locator('[data-status]')).toHaveText('Pending')

			const [saved] = await ordersInDb()
			expect(saved).toMatchObject({
				customer_name: 'Lakshmi Reddy',
				customer_phone: '9876543210',
				total_paise: 4_375_050,
				total_overridden: 0,
			})
			expect(await itemsInDb(saved!.id)).toEqual([
				{ product_code: 'PS-101', product_name: 'Red Ikkat Silk', unit_price_paise: 1_250_000, quantity: 2 },
				{ product_code: 'KP-202', product_name: 'Green Kanchi Ikkat', unit_price_paise: 1_875_050, quantity: 1 },
			])

			// ── View ──
			await lakshmi.getByRole('link', { name: /^View/ }).click()
			await expect(page.getByRole('heading', { level: 1, name: `Order #${saved!.id}` })).toBeVisible()
			const rows = page.getByRole('table').getByRole('row')
			await expect(rows.filter({ hasText: 'Red Ikkat Silk' })).toContainText('₹25,000')
			await expect(rows.filter({ hasText: 'Green Kanchi Ikkat' })).toContainText('₹18,750.50')
			await expect(page.getByTestId('order-total')).toHaveText('₹43,750.50')
			await expect(page.getByText('Gift wrap, deliver before Diwali')).toBeVisible()
			const whatsapp = page.getByRole('link', { name: /WhatsApp Lakshmi Reddy/ })
			await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/919876543210')
			await expect(whatsapp).toHaveAttribute('target', '_blank')
			await expect(whatsapp).toHaveAttribute('rel', /noopener/)

			// ── Search ──
			await page.goto(`${base}/admin/orders`)
			await page.getByLabel('Search orders').fill('98765 43210')
			await page.getByRole('button', { name: 'Search' }).click()
			await expect(page).toHaveURL(/q=98765/)
			await expect(card(page, 'Lakshmi Reddy')).toBeVisible()
			await page.getByLabel('Search orders').fill('nobody-like-this')
			await page.getByRole('button', { name: 'Search' }).click()
			await expect(page.getByText('No orders match your search criteria.')).toBeVisible()

			// ── Edit: one saree fewer, and a price agreed in the chat ──
			await page.goto(`${base}/admin/orders`)
			await card(page, 'Lakshmi Reddy').getByRole('link', { name: /^Edit/ }).click()
			await expect(page.getByRole('heading', { level: 1, name: `Edit Order #${saved!.id}` })).toBeVisible()
			await expect(page.getByLabel('Product Code (item 2)')).toHaveValue('KP-202')
			await expect(page.getByLabel(/^Product Code/)).toHaveCount(javaScriptEnabled ? 2 : 7)
			await page.getByLabel('Quantity (item 1)').fill('1')
			await page.getByLabel('Total Amount').fill('30,000')
			await page.getByRole('button', { name: 'Update Order' }).click()
			await expect(flash(page, 'Order Updated')).toBeVisible()
			await expect(card(page, 'Lakshmi Reddy')).toContainText('₹30,000')
			expect((await ordersInDb())[0]).toMatchObject({ total_paise: 3_000_000, total_overridden: 1 })
			expect((await itemsInDb(saved!.id)).map((i) => i.quantity)).toEqual([1, 1])

			// ── Status from the list ──
			const status = card(page, 'Lakshmi Reddy').getByLabel(/^Status/)
			await status.selectOption('shipped')
			if (!javaScriptEnabled) await card(page, 'Lakshmi Reddy').getByRole('button', { name: 'Update' }).click()
			else await expect(card(page, 'Lakshmi Reddy').getByRole('button', { name: 'Update' })).toBeHidden()
			await expect(card(page, 'Lakshmi Reddy').locator('[data-status]')).toHaveText('Shipped')
			await expect(flash(page, 'Order Updated')).toBeVisible()
			await expect.poll(async () => (await ordersInDb())[0]?.status).toBe('shipped')
			await page.reload()
			await expect(card(page, 'Lakshmi Reddy').locator('[data-status]')).toHaveText('Shipped')

			// ── Delete, after confirming ──
			await card(page, 'Lakshmi Reddy')
				.getByRole('link', { name: /^Delete/ })
				.click()
			await expect(page.getByText('Are you sure you want to delete this order?')).toBeVisible()
			expect(await ordersInDb()).toHaveLength(1)
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(flash(page, 'Order Deleted')).toBeVisible()
			await expect(page.getByText('No orders found. Start by adding your first order!')).toBeVisible()
			expect(await ordersInDb()).toEqual([])
		})

		test('mistakes are shown under their fields and nothing is saved', async ({ page }) => {
			await page.goto(`${shop().url}/admin/orders/new`)
			await page.getByLabel('Customer Name').fill('Anita K')
			await page.getByLabel('Email (optional)').fill('anita@example.in')
			await page.getByLabel('Product Code (item 1)').fill('NOPE-999')
			await page.getByRole('button', { name: 'Create Order' }).click()
			await expect(page.locator('#order-form ul li', { hasText: 'No product with code NOPE-999' })).toBeVisible()
			await expect(page.getByLabel('Product Code (item 1)')).toHaveAttribute('aria-invalid', 'true')
			await expect(page.getByLabel('Email (optional)')).toHaveValue('anita@example.in')

			// "Add item" and "Remove" change the rows (a round trip without JS) and keep what was typed.
			await page.getByRole('button', { name: 'Add item' }).click()
			await page.getByRole('button', { name: 'Remove item 1' }).click()
			await expect(page.getByLabel('Customer Name')).toHaveValue('Anita K')
			await expect(page.getByLabel('Product Code (item 1)')).toHaveValue('')
			await page.getByLabel('Product Code (item 1)').fill('PS-101')
			await page.getByLabel('Email (optional)').fill('')
			await page.getByRole('button', { name: 'Create Order' }).click()
			await expect(page.getByText('Please enter a phone number or an email.')).toBeVisible()
			await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute('aria-invalid', 'true')
			expect(await ordersInDb()).toEqual([])
		})
	})
}

test('the order screens are accessible and fit a 390 px phone', async ({ page }) => {
	const { id } = await seedOrder(shop(), {
		customerName: 'Meera Venkataraman-Subramanian',
		phone: '+919000011111',
		email: 'meera.venkataraman.subramanian@example.in',
		deliveryAddress: 'Flat 4B, Sri Lakshmi Residency, Road No. 12, Banjara Hills, Hyderabad 500034',
		status: 'confirmed',
		lines: [{ code: 'PS-101', quantity: 1 }],
	})
	await page.setViewportSize({ width: 390, height: 844 })
	for (const path of [
		'/admin/orders',
		'/admin/orders/new',
		`/admin/orders/${id}`,
		`/admin/orders/${id}/edit`,
		`/admin/orders/${id}/delete`,
	]) {
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
		await expectNoSeriousA11yViolations(page, path)
	}
})
