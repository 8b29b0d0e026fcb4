import fs from 'node:fs/promises'

import { expect, type Page, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'

import { signInAs } from '../helpers/auth'
import { seedOrder, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// The seller's customers: the people in her orders, one per phone number however it was typed, with
// their orders, a WhatsApp link, a search, and her contacts as a CSV file.
const shop = useShop()

const EVIL_NAME = '=HYPERLINK("http://evil.example","click")'

test.beforeAll(async () => {
	await seedProduct(shop(), { category: 'Pochampally Ikkat', images: 0, name: 'Red Ikkat Silk', code: 'PS-101', salePrice: 12_500 })
	const day = (date: string) => new Date(`${date}T12:00:00+05:30`).toISOString()
	// Lakshmi twice, her phone written two ways; her name and address as in her latest order.
	const first = await seedOrder(shop(), {
		customerName: 'Lakshmi R',
		phone: '98765 43210',
		deliveryAddress: '7 Old Street\nWarangal 506002',
		orderDate: day('2026-10-02'),
		status: 'delivered',
		lines: [{ code: 'PS-101', quantity: 1 }],
	})
	await shop().db().updateTable('orders').set({ paid_on: '2026-10-03' }).where('id', '=', first.id).execute()
	await seedOrder(shop(), {
		customerName: 'Lakshmi Reddy',
		phone: '+91-98765-43210',
		deliveryAddress: '4-12 Weavers Colony\nPochampally, Telangana 508284',
		orderDate: day('2026-11-20'),
		status: 'confirmed',
		lines: [{ code: 'PS-101', quantity: 1 }],
	})
	// A cancelled paid order counts for nothing paid.
	const cancelled = await seedOrder(shop(), {
		customerName: 'Lakshmi Reddy',
		phone: '9876543210',
		orderDate: day('2026-11-01'),
		status: 'cancelled',
	})
	await shop().db().updateTable('orders').set({ paid_on: '2026-11-01' }).where('id', '=', cancelled.id).execute()
	await seedOrder(shop(), { customerName: EVIL_NAME, phone: '+91 91234 56789', orderDate: day('2026-11-10'), deliveryAddress: 'Hyderabad' })
	await seedOrder(shop(), { customerName: 'Anita K', phone: '', email: 'Anita@Example.in', orderDate: day('2026-11-05') })
})

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

const customerCard = (page: Page, name: string) =>
	page.getByTestId('customer').filter({ has: page.getByRole('heading', { name, exact: true }) })

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('two orders with the phone written two ways are one customer, found by either spelling', async ({ page }) => {
			await page.goto(`${shop().url}/admin`)
			if (javaScriptEnabled) await page.getByRole('link', { name: 'Customers' }).first().click()
			else await page.goto(`${shop().url}/admin/customers`)
			await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
			await expect(page.getByText('3 customers')).toBeVisible()
			const lakshmi = customerCard(page, 'Lakshmi Reddy')
			await expect(lakshmi.getByTestId('customer-contact')).toHaveText('+919876543210')
			await expect(lakshmi.getByTestId('customer-orders')).toHaveText('3')
			// Only the paid order that was not cancelled.
			await expect(lakshmi.getByTestId('customer-paid')).toHaveText('₹12,500')
			await expect(lakshmi.getByTestId('customer-city')).toHaveText('Pochampally')
			await expect(lakshmi).toContainText('20 November 2026')
			await expect(lakshmi.getByTestId('customer-whatsapp')).toHaveAttribute('href', 'https://wa.me/919876543210')
			await expect(customerCard(page, 'Anita K').getByTestId('customer-contact')).toHaveText('Anita@Example.in')
			await expect(page.getByTestId('customer').first()).toContainText('Lakshmi Reddy')

			for (const spelling of ['98765 43210', '+91-98765-43210', '098765-43210', 'lakshmi']) {
				await page.getByLabel('Search customers').fill(spelling)
				await page.getByLabel('Search customers').press('Enter')
				await expect(page.getByText('1 customer matching')).toBeVisible()
				await expect(page.getByTestId('customer')).toHaveCount(1)
				await expect(customerCard(page, 'Lakshmi Reddy')).toBeVisible()
			}

			await customerCard(page, 'Lakshmi Reddy').getByRole('link', { name: 'Orders of Lakshmi Reddy' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/customers/919876543210`)
			await expect(page.getByRole('heading', { level: 1, name: 'Lakshmi Reddy' })).toBeVisible()
			await expect(page.getByTestId('customer-order')).toHaveCount(3)
			await expect(page.getByTestId('customer-order').first()).toContainText('20 November 2026')
		})
	})
}

test('the contacts CSV parses with a real CSV parser, one row per customer with a phone, a formula guarded', async ({ page }) => {
	await page.goto(`${shop().url}/admin/customers`)
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export contacts (CSV)' }).click()])
	expect(download.suggestedFilename()).toBe('customers.csv')
	const text = await fs.readFile((await download.path())!, 'utf8')
	// A byte-order mark first, so Excel reads Telugu and Hindi names as UTF-8.
	expect(text.startsWith('\uFEFF')).toBe(true)
	const rows: string[][] = parse(text, { bom: true })
	expect(rows).toEqual([
		['Name', 'Phone', 'City'],
		// In the order of the phones. Phones stay dialable (+digits is a number, not a formula); a name a
		// spreadsheet would run is guarded (app/utils/csv.ts).
		[`'${EVIL_NAME}`, '+919123456789', 'Hyderabad'],
		['Lakshmi Reddy', '+919876543210', 'Pochampally'],
	])
	const response = await page.request.get(`${shop().url}/admin/customers/contacts.csv`)
	expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect(response.headers()['cache-control']).toContain('no-store')
})

test('a customer page for no customer is not found', async ({ page }) => {
	for (const segment of ['919999999999', 'nobody@example.in', 'not-a-key']) {
		const response = await page.goto(`${shop().url}/admin/customers/${segment}`)
		expect(response?.status(), segment).toBe(404)
	}
	// The email customer's page is by their email, lower case.
	await page.goto(`${shop().url}/admin/customers/ANITA@example.in`)
	await expect(page.getByRole('heading', { level: 1, name: 'Anita K' })).toBeVisible()
})

test('the customer screens fit a 390 px phone, with 44 px targets and no accessibility problems', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	for (const path of ['/admin/customers', '/admin/customers/919876543210', '/admin/orders/new']) {
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false)
		expect(await smallTapTargets(page), path).toEqual([])
		await expectNoSeriousA11yViolations(page)
	}
})
