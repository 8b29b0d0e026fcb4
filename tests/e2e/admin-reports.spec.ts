import fs from 'node:fs'

import { expect, type Page, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'

import { updateOrderStatus } from '../../app/models/orders.server'
import { issueTaxInvoice, updateTaxSettings } from '../../app/models/tax-invoices.server'
import { financialYear, indiaDate, indiaDayStart } from '../../app/utils/dates'
import { signInAs } from '../helpers/auth'
import { seedOrder, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// The seller's business figures: /admin/reports for a month or a range of days, the orders CSV for her
// accountant, Settings → GST and the tax invoice a receipt becomes with a GSTIN, and the dashboard's
// headline numbers that lead there.
const shop = useShop()

const GSTIN = '27AAPFU0939F1ZV'
const today = () => indiaDate(new Date())
const ids: Record<string, number> = {}

const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"] [data-figure-value]`)
const tableRows = (page: Page, caption: string) =>
	page
		.locator(`table[data-table="${caption}"] tbody tr`)
		.evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())))
const paid = (id: number, on: string) => shop().db().updateTable('orders').set({ paid_on: on }).where('id', '=', id).execute()

test.beforeAll(async () => {
	await seedProduct(shop(), {
		name: 'Ruby Kanchi Silk',
		code: 'KP-501',
		category: 'Kanchipattu Pochampally Ikkat',
		salePrice: 20_000,
		images: 0,
	})
	await seedProduct(shop(), { name: 'Indigo Ikkat Silk', code: 'PI-502', category: 'Pochampally Ikkat', salePrice: 5_000, images: 0 })
	// This month: one paid, one unpaid, one cancelled; the same customer written two ways, and another.
	ids.paid = (
		await seedOrder(shop(), {
			status: 'confirmed',
			phone: '+919876543210',
			lines: [
				{ code: 'KP-501', quantity: 1 },
				{ code: 'PI-502', quantity: 2 },
			],
		})
	).id
	await paid(ids.paid, today())
	await seedOrder(shop(), { status: 'pending', phone: '98765 43210', lines: [{ code: 'KP-501', quantity: 1 }] })
	await seedOrder(shop(), { status: 'cancelled', phone: '+919000011111', lines: [{ code: 'PI-502', quantity: 1 }] })
	// January 2025 in India: two orders in it, one at 23:30 on 31 January UTC, already 1 February in India.
	ids.january = (
		await seedOrder(shop(), { status: 'delivered', orderDate: '2025-01-10T06:00:00.000Z', lines: [{ code: 'PI-502', quantity: 3 }] })
	).id
	await paid(ids.january, '2025-01-12')
	await seedOrder(shop(), { status: 'pending', orderDate: '2025-01-20T06:00:00.000Z', lines: [{ code: 'KP-501', quantity: 1 }] })
	await seedOrder(shop(), { status: 'shipped', orderDate: '2025-01-31T18:40:00.000Z', lines: [{ code: 'KP-501', quantity: 1 }] })
	const kanchi = await shop().db().selectFrom('products').select('id').where('code', '=', 'KP-501').executeTakeFirstOrThrow()
	await shop().db().insertInto('product_enquiries').values({ product_id: kanchi.id, day: today(), count: 4 }).execute()
})

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('the figures of this month and of a chosen range match the orders', async ({ page }) => {
			await page.goto(`${shop().url}/admin`)
			await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).first().click()
			await expect(page.getByRole('heading', { level: 1, name: 'Sales figures' })).toBeVisible()
			await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${today().slice(0, 8)}01`)
			await expect(figure(page, 'Orders')).toHaveText('2')
			await expect(page.locator('[data-figure="Orders"]')).toContainText('1 cancelled, not counted')
			await expect(figure(page, 'Sarees sold')).toHaveText('4')
			await expect(figure(page, 'Paid')).toHaveText('₹30,000')
			await expect(figure(page, 'Unpaid')).toHaveText('₹20,000')
			await expect(page.getByText('Cancelled orders are left out of the revenue')).toBeVisible()
			expect(await tableRows(page, 'Sarees sold and revenue by category')).toEqual([
				['Kanchipattu Pochampally Ikkat', '2', '₹40,000'],
				['Pochampally Ikkat', '2', '₹10,000'],
			])
			expect(await tableRows(page, 'The sarees that brought the most revenue')).toEqual([
				['Ruby Kanchi Silk (KP-501)', '2', '₹40,000'],
				['Indigo Ikkat Silk (PI-502)', '2', '₹10,000'],
			])
			expect(await tableRows(page, 'Enquiries and orders per saree')).toEqual([
				['Ruby Kanchi Silk (KP-501)', '4', '2', '50%'],
				['Indigo Ikkat Silk (PI-502)', '0', '1', '–'],
			])

			// January 2025, typed into the form.
			await page.getByLabel('From', { exact: true }).fill('2025-01-01')
			await page.getByLabel('To', { exact: true }).fill('2025-01-31')
			await page.getByRole('button', { name: 'Show figures' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/reports?from=2025-01-01&to=2025-01-31`)
			await expect(page.getByTestId('report-range')).toHaveText('January 2025')
			await expect(figure(page, 'Orders')).toHaveText('2')
			await expect(figure(page, 'Sarees sold')).toHaveText('4')
			await expect(figure(page, 'Paid')).toHaveText('₹15,000')
			await expect(figure(page, 'Unpaid')).toHaveText('₹20,000')
			await page.getByRole('link', { name: 'February 2025 →' }).click()
			await expect(page.getByTestId('report-range')).toHaveText('February 2025')
			await expect(figure(page, 'Orders')).toHaveText('1')

			// A range that ends before it starts: the message is next to the field, what was typed stays.
			await page.getByLabel('From', { exact: true }).fill('2025-01-31')
			await page.getByLabel('To', { exact: true }).fill('2025-01-01')
			await page.getByRole('button', { name: 'Show figures' }).click()
			await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription('The last day must be on or after the first day.')
			await expect(page.getByLabel('From', { exact: true })).toHaveValue('2025-01-31')
			await expect(page.getByLabel('To', { exact: true })).toHaveValue('2025-01-01')
			await expect(figure(page, 'Orders')).toHaveCount(0)
			await expect(page.getByRole('link', { name: 'Download orders (CSV)' })).toHaveCount(0)
		})
	})
}

test('days that are not dates are refused next to their fields', async ({ page }) => {
	await page.goto(`${shop().url}/admin/reports?from=2025-02-30&to=soon`)
	await expect(page.getByLabel('From', { exact: true })).toHaveAccessibleDescription('Enter the first day as a date, like 2026-11-01.')
	await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription('Enter the last day as a date, like 2026-11-30.')
	const csv = await page.request.get(`${shop().url}/admin/reports/orders.csv?from=2025-02-30&to=2025-03-01`)
	expect(csv.status()).toBe(400)
	expect(await csv.text()).toContain('Enter the first day as a date')
})

test("the dashboard's headline numbers lead to the month's figures and to the customers", async ({ page }) => {
	await page.goto(`${shop().url}/admin`)
	const month = page.locator('[data-stat="Orders This Month"]')
	await expect(month.locator('[data-stat-value]')).toHaveText('2')
	await expect(month).toContainText('₹30,000 paid, ₹20,000 unpaid')
	// "+919876543210" and "98765 43210" are one customer.
	await expect(page.locator('[data-stat="Customers"] [data-stat-value]')).toHaveText('2')
	await expect(page.locator('[data-stat="Customers"]')).toHaveAttribute('href', '/admin/customers')
	await month.click()
	await expect(page).toHaveURL(`${shop().url}/admin/reports`)
	await expect(figure(page, 'Orders')).toHaveText('2')
})

test('the orders CSV: one row per line, read by a CSV parser, formulas guarded, never cached', async ({ page }) => {
	const formula = '=HYPERLINK("http://evil.example","Click")'
	const { id } = await seedOrder(shop(), {
		customerName: formula,
		status: 'cancelled',
		orderDate: '2025-01-25T06:00:00.000Z',
		lines: [
			{ code: 'KP-501', quantity: 1 },
			{ code: 'PI-502', quantity: 2 },
		],
	})
	await page.goto(`${shop().url}/admin/reports?from=2025-01-01&to=2025-01-31`)
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download orders (CSV)' }).click()])
	expect(download.suggestedFilename()).toBe('orders-2025-01-01-to-2025-01-31.csv')
	const text = fs.readFileSync((await download.path())!, 'utf8')
	const rows = parse(text, { columns: true, bom: true }) as Array<Record<string, string>>
	const january = await shop()
		.db()
		.selectFrom('orders')
		.select(['id', 'customer_name'])
		.where('order_date', '>=', indiaDayStart('2025-01-01'))
		.where('order_date', '<', indiaDayStart('2025-02-01'))
		.orderBy('order_date')
		.execute()
	expect(rows.map((r) => r['Order number'])).toEqual([String(ids.january), String(january[1]!.id), String(id), String(id)])
	expect(rows[0]).toEqual({
		'Order number': String(ids.january),
		'Order date': '2025-01-10',
		Customer: january[0]!.customer_name,
		Code: 'PI-502',
		Saree: 'Indigo Ikkat Silk',
		Quantity: '3',
		'Unit price': '5000',
		'Line total': '15000',
		'Paid on': '2025-01-12',
		Status: 'Delivered',
	})
	expect(rows.slice(2).map((r) => [r.Customer, r.Code, r.Quantity, r['Line total'], r['Paid on'], r.Status])).toEqual([
		[`'${formula}`, 'KP-501', '1', '20000', '', 'Cancelled'],
		[`'${formula}`, 'PI-502', '2', '10000', '', 'Cancelled'],
	])
	const response = await page.request.get(`${shop().url}/admin/reports/orders.csv?from=2025-01-01&to=2025-01-31`)
	expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect(response.headers()['content-disposition']).toBe('attachment; filename="orders-2025-01-01-to-2025-01-31.csv"')
	expect(response.headers()['cache-control']).toMatch(/\bno-store\b/)
	expect(await response.text()).toBe(text)
	const anonymous = await fetch(`${shop().url}/admin/reports/orders.csv?from=2025-01-01&to=2025-01-31`, { redirect: 'manual' })
	expect(anonymous.status).not.toBe(200)
	expect(await anonymous.text()).not.toContain('Indigo Ikkat Silk')
})

const taxRow = async () => (await shop().db().selectFrom('tax_settings').select('gstin').executeTakeFirstOrThrow()).gstin
const hsnOf = async (category: string) =>
	(await shop().db().selectFrom('categories').select('hsn').where('name', '=', category).executeTakeFirstOrThrow()).hsn

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'GST with JavaScript' : 'GST without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('the GSTIN and HSN codes are checked next to their fields, then saved', async ({ page }) => {
			await updateTaxSettings({ gstin: '' }, shop().db())
			await page.goto(`${shop().url}/admin/settings`)
			await page.getByRole('link', { name: 'Edit GSTIN' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'GST' })).toBeVisible()
			await expect(page.getByRole('link', { name: 'Settings → Categories' })).toHaveAttribute('href', '/admin/settings/categories')
			// One character mistyped: the check character no longer adds up.
			await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZA')
			await page.getByRole('button', { name: 'Save GST Settings' }).click()
			await expect(page.getByLabel('GSTIN')).toHaveAccessibleDescription(
				/does not add up \(its last character is a check\): look for a mistyped letter or digit\./,
			)
			await expect(page.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZA')
			await page.getByLabel('GSTIN').fill('27AAPFU0939')
			await page.getByRole('button', { name: 'Save GST Settings' }).click()
			await expect(page.getByLabel('GSTIN')).toHaveAccessibleDescription(/Enter your 15-character GSTIN, like 27AAPFU0939F1ZV/)
			expect(await taxRow()).toBe('')

			await page.getByLabel('GSTIN').fill(' 27aapfu0939f1zv ')
			await page.getByRole('button', { name: 'Save GST Settings' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'GST settings saved.' })).toBeVisible()
			expect(await taxRow()).toBe(GSTIN)
			await expect(page.getByLabel('GSTIN')).toHaveValue(GSTIN)

			// Each category's HSN code is kept with the category.
			await page.getByRole('link', { name: 'Settings → Categories' }).click()
			await page.getByRole('link', { name: 'Edit Pochampally Ikkat', exact: true }).click()
			await page.getByLabel('HSN code').fill('50')
			await page.getByRole('button', { name: 'Save Category' }).click()
			await expect(page.getByLabel('HSN code')).toHaveAccessibleDescription(/Enter the HSN code as 4, 6 or 8 digits, like 5007\./)
			expect(await hsnOf('Pochampally Ikkat')).toBe('5007')
			await page.getByLabel('HSN code').fill(' 5007 20 ')
			await page.getByRole('button', { name: 'Save Category' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Category saved.' })).toBeVisible()
			expect(await hsnOf('Pochampally Ikkat')).toBe('500720')
			await shop().db().updateTable('categories').set({ hsn: '5007' }).where('name', '=', 'Pochampally Ikkat').execute()
		})
	})
}

test('tax invoice numbers run on within the financial year, across a cancellation, and start again on 1 April', async ({ page }) => {
	await updateTaxSettings({ gstin: GSTIN }, shop().db())
	const year = financialYear(today())
	const lastYear = financialYear(`${Number(year.slice(0, 4)) - 1}-06-01`)
	// Two invoices issued in the last minute of the previous financial year (31 March, 23:59 in India).
	const lastMinute = new Date(Date.parse(indiaDayStart(`${year.slice(0, 4)}-04-01`)) - 60_000)
	for (let i = 0; i < 2; i++) {
		const { id } = await seedOrder(shop(), {
			status: 'delivered',
			orderDate: lastMinute.toISOString(),
			lines: [{ code: 'PI-502', quantity: 1 }],
		})
		await issueTaxInvoice(id, GSTIN, shop().db(), lastMinute)
	}
	const order = async (status: 'confirmed' | 'pending' | 'shipped') =>
		(await seedOrder(shop(), { status, lines: [{ code: 'KP-501', quantity: 1 }] })).id
	const [a, b, c, d] = [await order('confirmed'), await order('pending'), await order('confirmed'), await order('shipped')]
	const invoiceOf = async (id: number) => {
		await page.goto(`${shop().url}/admin/orders/${id}/receipt`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		return (await page.getByTestId('invoice-number').count()) ? page.getByTestId('invoice-number').textContent() : null
	}

	expect(await invoiceOf(a)).toBe(`${year}/0001`)
	await expect(page.getByRole('heading', { level: 1, name: `Tax Invoice for Order #${a}` })).toBeVisible()
	await expect(page.getByTestId('receipt')).toContainText(`GSTIN: ${GSTIN}`)
	await expect(page.getByTestId('line-hsn')).toHaveText('HSN 5007')
	// A pending order is not invoiced yet: a plain receipt, no number taken.
	expect(await invoiceOf(b)).toBeNull()
	await expect(page.getByRole('heading', { level: 1, name: `Receipt for Order #${b}` })).toBeVisible()
	expect(await invoiceOf(c)).toBe(`${year}/0002`)
	await updateOrderStatus(c, 'cancelled', shop().db())
	expect(await invoiceOf(c)).toBe(`${year}/0002`)
	await expect(page.getByTestId('invoice-cancelled')).toHaveText('CANCELLED')
	expect(await invoiceOf(d)).toBe(`${year}/0003`)
	await updateOrderStatus(b, 'confirmed', shop().db())
	expect(await invoiceOf(b)).toBe(`${year}/0004`)
	expect(await invoiceOf(a)).toBe(`${year}/0001`)

	const numbers = await shop().db().selectFrom('tax_invoices').select(['financial_year', 'number']).orderBy('id').execute()
	expect(numbers).toEqual([
		{ financial_year: lastYear, number: 1 },
		{ financial_year: lastYear, number: 2 },
		{ financial_year: year, number: 1 },
		{ financial_year: year, number: 2 },
		{ financial_year: year, number: 3 },
		{ financial_year: year, number: 4 },
	])
})

test('the new screens are accessible and fit a 390 px phone', async ({ page }) => {
	await updateTaxSettings({ gstin: GSTIN }, shop().db())
	await page.setViewportSize({ width: 390, height: 844 })
	for (const path of [
		'/admin/reports',
		'/admin/reports?from=2025-01-01&to=2025-01-31',
		'/admin/reports?from=x&to=y',
		'/admin/settings/gst',
		`/admin/orders/${ids.paid}/receipt`,
	]) {
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false)
		expect(await smallTapTargets(page), path).toEqual([])
		await expectNoSeriousA11yViolations(page, path)
	}
})
