import { expect, type Page, test } from '@playwright/test'

import { CATALOGUE_IMPORT_MESSAGES } from '../../app/schemas/catalogue-import'
import { BULK_MESSAGES } from '../../app/schemas/product-bulk'
import { setAccountLocale, signInAs } from '../helpers/auth'
import { englishWordsIn } from '../helpers/english-words'
import { gotoHydrated } from '../helpers/hydration'
import { translator } from '../helpers/i18n'
import { seedProduct, seedProducts } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// The products list, its bulk changes and the catalogue import in the seller's language
// (docs/decisions/0045): the confirm page's summary, a bulk form's message next to its field, an import
// preview's row problems and the flash after a change, in Telugu or Hindi, with JavaScript on and off.

const shop = useShop()

async function open(page: Page, js: boolean, path: string) {
	if (js) await gotoHydrated(page, `${shop().url}${path}`)
	else await page.goto(`${shop().url}${path}`)
}

/** The text of an element without the seller's own data (names, codes, her file's column names). */
async function interfaceText(page: Page, selector: string) {
	return page.locator(selector).evaluate((element) => {
		const copy = element.cloneNode(true) as HTMLElement
		for (const own of copy.querySelectorAll('[data-seller-text]')) own.remove()
		document.body.append(copy)
		const text = copy.innerText
		copy.remove()
		return text
	})
}

for (const js of [true, false]) {
	test.describe(`products in Telugu and Hindi, JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })
		test.afterEach(() => setAccountLocale(shop(), 'en'))

		test('the bulk confirm page says the change and each saree before and after in Telugu; the flash too', async ({ page, context }) => {
			const te = translator('te')
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			const [a, b] = await seedProducts(shop(), 2, { salePrice: 10_000, originalPrice: 12_000 })
			const query = `scope=selected&id=${a!.id}&id=${b!.id}&change=price&priceField=sale&priceBy=percent&priceDirection=up&priceValue=10&review=1`
			await open(page, js, `/admin/products/bulk?${query}`)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(
				te.t('adminBulk.heading', { change: te.t('adminBulk.changePrice'), count: 2 }),
			)
			await expect(page.getByRole('heading', { level: 2 })).toHaveText(te.t('adminBulk.whatRaiseSale', { size: '10 %' }))
			await expect(page.getByText(te.t('adminBulk.changes', { count: 2 }))).toBeVisible()
			const items = page.getByRole('list', { name: te.t('adminBulk.listLabel') }).getByRole('listitem')
			await expect(items).toHaveCount(2)
			await expect(items.first()).toContainText(
				`${te.t('adminBulk.priceValue', { sale: '₹10,000', original: '₹12,000' })} → ${te.t('adminBulk.priceValue', { sale: '₹11,000', original: '₹12,000' })}`,
			)
			expect(englishWordsIn(await interfaceText(page, 'main'))).toEqual([])

			await page.getByRole('button', { name: te.t('adminBulk.confirmCount', { count: 2 }) }).click()
			await expect(page).toHaveURL(/\/admin\/products$/)
			await expect(page.getByRole('status').filter({ hasText: te.t('adminBulk.updated', { count: 2 }) })).toBeVisible()
		})

		test('a bulk form shows its message in Telugu next to its field', async ({ page, context }) => {
			const te = translator('te')
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			const [a] = await seedProducts(shop(), 1)
			await open(page, js, `/admin/products/bulk?scope=selected&id=${a!.id}&change=price`)
			const howMuch = page.getByLabel(te.t('adminBulk.howMuch'))
			await howMuch.fill('abc')
			await page.getByRole('button', { name: te.t('adminBulk.review') }).click()
			const describedBy = (await howMuch.getAttribute('aria-describedby')) ?? ''
			const error = page.locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('-error'))}"]`)
			await expect(error).toHaveText(te.msg(BULK_MESSAGES.percentInvalid))
			await expect(howMuch).toHaveValue('abc')
		})

		test('an import preview lists a bad row with its problems in Hindi', async ({ page, context }) => {
			const hi = translator('hi')
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			const code = `HI${js ? 'J' : 'N'}-${Date.now().toString(36).toUpperCase()}`
			const csv = [
				'code,name,category,status,original_price',
				`${code}-1,Good Silk,Kanchipattu Pochampally Ikkat,active,1000`,
				`${code}-2,Bad Status,Kanchipattu Pochampally Ikkat,gone,1000`,
				`${code}-1,Twice,Kanchipattu Pochampally Ikkat,active,1000`,
			].join('\r\n')
			await open(page, js, '/admin/products/import')
			await page
				.getByLabel(hi.t('adminImport.csvLabel'))
				.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
			await page.getByRole('button', { name: hi.t('adminImport.check') }).click()
			await expect(page.getByText(hi.t('adminImport.rowProblems', { count: 2 }))).toBeVisible()
			const problems = await page
				.locator('tr[data-row]')
				.evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim()).join(' | ')))
			expect(problems).toEqual([
				`3 | status | ${hi.msg(CATALOGUE_IMPORT_MESSAGES.statusInvalid)}`,
				`4 | code | ${hi.msg(CATALOGUE_IMPORT_MESSAGES.duplicateCode(2))}`,
			])
			// The status values a file may hold are written as the file spells them; the category choice lists hers.
			const fileValues = ['active', 'draft', 'out', 'of', 'stock']
			const categories = ['Kanchipattu', 'Pochampally', 'Ikkat', 'Dharmavaram']
			expect(englishWordsIn(await interfaceText(page, 'main'), [...fileValues, ...categories])).toEqual([])
		})

		test('an import refused for its encoding says which, in Hindi, next to the CSV field', async ({ page, context }) => {
			const hi = translator('hi')
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			const csv = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('code,name\r\nU-1,Silk\r\n', 'utf16le')])
			await open(page, js, '/admin/products/import')
			const field = page.getByLabel(hi.t('adminImport.csvLabel'))
			await field.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: csv })
			await page.getByRole('button', { name: hi.t('adminImport.check') }).click()
			await expect(page.locator('#import-csv-error')).toHaveText(hi.msg(CATALOGUE_IMPORT_MESSAGES.csvEncoding('UTF-16')))
		})

		test('the products list in Telugu names its filters, statuses and bulk bar', async ({ page, context }) => {
			const te = translator('te')
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			await seedProduct(shop(), { status: 'draft' })
			await open(page, js, '/admin/products?status=draft')
			await expect(page.getByLabel(te.t('adminProducts.statusLabel'))).toHaveValue('draft')
			await expect(page.locator('#product-status option:checked')).toHaveText(te.t('admin.statusDraft'))
			await expect(page.getByRole('button', { name: te.t('adminProducts.changeSelected') })).toBeVisible()
			await expect(page.locator('#bulk-change option[value="price"]')).toHaveText(te.t('adminBulk.changePrice'))
		})
	})
}
