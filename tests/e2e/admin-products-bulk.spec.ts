import { expect, type Page, test } from '@playwright/test'

import { type ProductStatus } from '../../app/constants'
import { BULK_MESSAGES, MAX_TICKED_PRODUCTS } from '../../app/schemas/product-bulk'
import { adminSessionCookie, signInAs } from '../helpers/auth'
import { message } from '../helpers/i18n'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll, mediaExists, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// The admin products list's filters and bulk changes: tick sarees (or take all that match the filters),
// choose a change, see every saree before and after on the confirm page, confirm, and only then is
// anything written, in one go.

const shop = useShop()

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function rowOf(code: string) {
	return shop()
		.db()
		.selectFrom('products')
		.select(['id', 'status', 'category', 'sale_price_paise', 'original_price_paise', 'tags', 'updated_at'])
		.where('code', '=', code)
		.executeTakeFirst()
}

async function seed(code: string, input: Parameters<typeof seedProduct>[1] = {}) {
	return seedProduct(shop(), { name: `Saree ${code}`, code, images: 0, ...input })
}

/** Ticks the rows of these codes on the list as it is shown. */
async function tick(page: Page, ...codes: string[]) {
	for (const code of codes) await page.getByRole('checkbox', { name: `Select Saree ${code}`, exact: true }).check()
}

async function chooseChange(page: Page, label: string, button: RegExp | string) {
	await page.getByRole('combobox', { name: /^Change/ }).selectOption({ label })
	await page.getByRole('button', { name: button }).click()
	await expect(page).toHaveURL(/\/admin\/products\/bulk\?/)
}

const summaryItems = (page: Page) => page.getByRole('list', { name: 'Sarees in this change' }).getByRole('listitem')

for (const js of [true, false]) {
	const tag = js ? 'JS' : 'NOJS'
	test.describe(`bulk changes with JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })
		test.beforeEach(async ({ context }) => {
			await signInAs(context, shop())
		})

		test('filters by category, status and "has no photo" together with the search, in a shareable address', async ({ page }) => {
			await seed(`FL${tag}-1`, { category: 'Dharmavaram Pochampally Ikkat', status: 'draft' })
			await seed(`FL${tag}-2`, { category: 'Dharmavaram Pochampally Ikkat', status: 'draft', images: 1 })
			await seed(`FL${tag}-3`, { category: 'Pochampally Ikkat', status: 'draft' })
			await seed(`FL${tag}-4`, { category: 'Dharmavaram Pochampally Ikkat', status: 'active' })
			await page.goto(`${shop().url}/admin/products`)
			await page.getByLabel('Search by name or code').fill(`FL${tag}`)
			await page.getByLabel('Category').selectOption('Dharmavaram Pochampally Ikkat')
			await page.getByLabel('Status').selectOption('draft')
			await page.getByLabel('Has no photo').check()
			if (!js) await page.getByRole('button', { name: 'Apply' }).click()
			await expect(page).toHaveURL(/photo=none/)
			await expect(page).toHaveURL(/category=Dharmavaram\+Pochampally\+Ikkat/)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products (1)')
			await expect(page.getByRole('cell', { name: `Saree FL${tag}-1`, exact: true })).toBeVisible()

			// The address alone gives the same list, with the controls showing the filters.
			await page.goto(page.url())
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products (1)')
			await expect(page.getByLabel('Has no photo')).toBeChecked()
			await expect(page.getByLabel('Category')).toHaveValue('Dharmavaram Pochampally Ikkat')
			await expect(page.getByLabel('Status')).toHaveValue('draft')
			// A category that is only a part of a name is no filter.
			await page.goto(`${shop().url}/admin/products?q=FL${tag}&category=dharmavaram`)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products (4)')
		})

		test('sets the status of the ticked sarees after the confirm page', async ({ page }) => {
			for (const n of [1, 2, 3]) await seed(`ST${tag}-${n}`, { status: 'draft' })
			await page.goto(`${shop().url}/admin/products?q=ST${tag}`)
			await tick(page, `ST${tag}-1`, `ST${tag}-3`)
			if (js) await expect(page.getByText('(2 selected)')).toBeVisible()
			await chooseChange(page, 'Set status', 'Change selected')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set status: 2 sarees')
			await page.getByLabel('New status').selectOption('active')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await expect(summaryItems(page)).toHaveCount(2)
			await expect(summaryItems(page).first()).toContainText('Draft → Active')
			// Nothing is written before the confirm.
			expect((await rowOf(`ST${tag}-1`))?.status).toBe('draft')
			await page.getByRole('button', { name: 'Confirm: change 2 sarees' }).click()
			await expect(flash(page, '2 sarees changed.')).toBeVisible()
			await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=ST${tag}$`))
			expect((await rowOf(`ST${tag}-1`))?.status).toBe('active')
			expect((await rowOf(`ST${tag}-2`))?.status).toBe('draft')
			expect((await rowOf(`ST${tag}-3`))?.status).toBe('active')
		})

		test('moves all that match the filter to a category, counted again at confirm time', async ({ page }) => {
			await seed(`MV${tag}-1`, { status: 'out_of_stock' })
			await seed(`MV${tag}-2`, { status: 'out_of_stock' })
			await seed(`MV${tag}-3`, { status: 'active' })
			await page.goto(`${shop().url}/admin/products?q=MV${tag}&status=out_of_stock`)
			await chooseChange(page, 'Move to category', 'Change all 2 that match')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Move to category: 2 sarees')
			await page.getByLabel('Move to category').selectOption('Dharmavaram Pochampally Ikkat')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await expect(summaryItems(page)).toHaveCount(2)
			await expect(summaryItems(page).first()).toContainText('Kanchipattu Pochampally Ikkat → Dharmavaram Pochampally Ikkat')
			// A saree that starts to match before the confirm: the filter runs again, and since the seller
			// did not see it, nothing is written until she has reviewed the new list of three.
			await seed(`MV${tag}-4`, { status: 'out_of_stock' })
			await page.getByRole('button', { name: 'Confirm: change 2 sarees' }).click()
			await expect(page.getByRole('alert')).toContainText(message(BULK_MESSAGES.plannedInvalid))
			expect((await rowOf(`MV${tag}-1`))?.category).toBe('Kanchipattu Pochampally Ikkat')
			await expect(summaryItems(page)).toHaveCount(3)
			await page.getByRole('button', { name: 'Confirm: change 3 sarees' }).click()
			await expect(flash(page, '3 sarees changed.')).toBeVisible()
			await expect(page).toHaveURL(new RegExp(`q=MV${tag}&status=out_of_stock$`))
			for (const n of [1, 2, 4]) expect((await rowOf(`MV${tag}-${n}`))?.category).toBe('Dharmavaram Pochampally Ikkat')
			expect((await rowOf(`MV${tag}-3`))?.category).toBe('Kanchipattu Pochampally Ikkat')
		})

		test('changes prices by a percentage and by an amount, rounded to whole rupees', async ({ page }) => {
			await seed(`PR${tag}-1`, { salePrice: 12_345.5, originalPrice: 15_000 })
			await seed(`PR${tag}-2`, { salePrice: 9_999, originalPrice: 9_999 })
			await page.goto(`${shop().url}/admin/products?q=PR${tag}`)
			await chooseChange(page, 'Change price', 'Change all 2 that match')
			await page.getByLabel('Which price').selectOption('both')
			await page.getByLabel('Up or down').selectOption('up')
			await page.getByLabel('By', { exact: true }).selectOption('percent')
			await page.getByLabel('How much').fill('10')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await expect(summaryItems(page).filter({ hasText: `PR${tag}-1` })).toContainText('₹12,345.50 (MRP ₹15,000) → ₹13,580 (MRP ₹16,500)')
			await expect(summaryItems(page).filter({ hasText: `PR${tag}-2` })).toContainText('₹9,999 (MRP ₹9,999) → ₹10,999 (MRP ₹10,999)')
			await page.getByRole('button', { name: 'Confirm: change 2 sarees' }).click()
			await expect(flash(page, '2 sarees changed.')).toBeVisible()
			expect(await rowOf(`PR${tag}-1`)).toMatchObject({ sale_price_paise: 1_358_000, original_price_paise: 1_650_000 })
			expect(await rowOf(`PR${tag}-2`)).toMatchObject({ sale_price_paise: 1_099_900, original_price_paise: 1_099_900 })

			// Down by an amount, on the sale price only.
			await tick(page, `PR${tag}-1`)
			await chooseChange(page, 'Change price', 'Change selected')
			await page.getByLabel('Which price').selectOption('sale')
			await page.getByLabel('Up or down').selectOption('down')
			await page.getByLabel('By', { exact: true }).selectOption('amount')
			await page.getByLabel('How much').fill('580.40')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await expect(summaryItems(page)).toContainText('₹13,580 (MRP ₹16,500) → ₹13,000 (MRP ₹16,500)')
			await page.getByRole('button', { name: 'Confirm: change 1 saree' }).click()
			await expect(flash(page, '1 saree changed.')).toBeVisible()
			expect(await rowOf(`PR${tag}-1`)).toMatchObject({ sale_price_paise: 1_300_000, original_price_paise: 1_650_000 })
		})

		test('a price change that would break the sale price rule names those sarees and cannot be confirmed', async ({ page }) => {
			await seed(`SR${tag}-1`, { salePrice: 9_000, originalPrice: 10_000 })
			await seed(`SR${tag}-2`, { salePrice: 10_000, originalPrice: 10_000 })
			await page.goto(`${shop().url}/admin/products?q=SR${tag}`)
			await chooseChange(page, 'Change price', 'Change all 2 that match')
			await page.getByLabel('Which price').selectOption('sale')
			await page.getByLabel('How much').fill('5')
			await page.getByRole('button', { name: 'Review the change' }).click()
			const broken = summaryItems(page).filter({ hasText: `SR${tag}-2` })
			await expect(broken).toContainText('Sale price cannot be more than the original price.')
			await expect(summaryItems(page).first()).toContainText(`SR${tag}-2`)
			await expect(page.getByRole('alert').filter({ hasText: message(BULK_MESSAGES.refused) })).toBeVisible()
			await expect(page.getByRole('button', { name: /Confirm/ })).toHaveCount(0)

			// A bad percentage gets its message beside the field, and what was typed stays.
			await page.getByLabel('How much').fill('1000000000')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await expect(page.getByText(message(BULK_MESSAGES.percentInvalid))).toBeVisible()
			await expect(page.getByLabel('Which price')).toHaveValue('sale')
			expect(await rowOf(`SR${tag}-1`)).toMatchObject({ sale_price_paise: 900_000 })
		})

		test('adds a tag and removes it again', async ({ page }) => {
			await seed(`TG${tag}-1`, { tags: ['silk'] })
			await seed(`TG${tag}-2`, { tags: ['Festive'] })
			await page.goto(`${shop().url}/admin/products?q=TG${tag}`)
			await chooseChange(page, 'Add a tag', 'Change all 2 that match')
			await page.getByLabel('Tag to add').fill('festive')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await expect(summaryItems(page).filter({ hasText: `TG${tag}-1` })).toContainText('silk → silk, festive')
			await expect(summaryItems(page).filter({ hasText: `TG${tag}-2` })).toContainText('No change: Festive')
			await page.getByRole('button', { name: 'Confirm: change 1 saree' }).click()
			await expect(flash(page, '1 saree changed.')).toBeVisible()
			expect(JSON.parse((await rowOf(`TG${tag}-1`))!.tags)).toEqual(['silk', 'festive'])

			await chooseChange(page, 'Remove a tag', 'Change all 2 that match')
			await page.getByLabel('Tag to remove').fill('FESTIVE')
			await page.getByRole('button', { name: 'Review the change' }).click()
			await page.getByRole('button', { name: 'Confirm: change 2 sarees' }).click()
			await expect(flash(page, '2 sarees changed.')).toBeVisible()
			expect(JSON.parse((await rowOf(`TG${tag}-1`))!.tags)).toEqual(['silk'])
			expect(JSON.parse((await rowOf(`TG${tag}-2`))!.tags)).toEqual([])
		})

		test('moves the ticked sarees to the trash, through the single delete, their photos kept for a restore', async ({ page }) => {
			const doomed = await seed(`DL${tag}-1`, { images: 2 })
			const kept = await seed(`DL${tag}-2`, { images: 1 })
			await page.goto(`${shop().url}/admin/products?q=DL${tag}`)
			await tick(page, `DL${tag}-1`)
			await chooseChange(page, 'Delete', 'Change selected')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete: 1 saree')
			await expect(summaryItems(page)).toContainText('→ Deleted')
			expect(await rowOf(`DL${tag}-1`)).toBeDefined()
			await page.getByRole('button', { name: 'Delete 1 saree' }).click()
			await expect(flash(page, '1 saree moved to the Trash.')).toBeVisible()
			expect(await rowOf(`DL${tag}-1`)).toBeUndefined()
			for (const image of doomed.images) expect(mediaExists(shop(), image.key)).toBe(true)
			await page.goto(`${shop().url}/admin/trash`)
			await expect(page.getByText(`DL${tag}-1`).first()).toBeVisible()
			expect(await rowOf(`DL${tag}-2`)).toBeDefined()
			for (const image of kept.images) expect(mediaExists(shop(), image.key)).toBe(true)
		})

		test('"Select all on this page" ticks every row of the page', async ({ page }) => {
			for (const n of [1, 2, 3]) await seed(`SA${tag}-${n}`, { status: 'active' })
			await page.goto(`${shop().url}/admin/products?q=SA${tag}`)
			if (js) await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
			else await page.getByRole('link', { name: 'Select all on this page' }).click()
			for (const n of [1, 2, 3]) await expect(page.getByRole('checkbox', { name: `Select Saree SA${tag}-${n}` })).toBeChecked()
			if (js) await expect(page.getByText('(3 selected)')).toBeVisible()
			await chooseChange(page, 'Set status', 'Change selected')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set status: 3 sarees')
		})
	})
}

test.describe('bulk changes refuse hostile input', () => {
	let cookie: string
	let ids: number[]
	test.beforeAll(async () => {
		cookie = `__session=${await adminSessionCookie(shop())}`
		ids = []
		for (const n of [1, 2]) ids.push((await seed(`HX-${n}`, { salePrice: 1_000, originalPrice: 1_000, status: 'draft' })).id)
	})

	async function post(fields: Array<[string, string]>) {
		const response = await fetch(`${shop().url}/admin/products/bulk`, {
			method: 'POST',
			headers: { Cookie: cookie, Origin: shop().url, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields).toString(),
			redirect: 'manual',
		})
		return { status: response.status, text: await response.text() }
	}

	const unchanged = async () => {
		for (const n of [1, 2])
			expect(await rowOf(`HX-${n}`)).toMatchObject({ status: 'draft', sale_price_paise: 100_000, original_price_paise: 100_000 })
	}
	const selected = (...rest: Array<[string, string]>): Array<[string, string]> => [
		['scope', 'selected'],
		...ids.map((id): [string, string] => ['id', String(id)]),
		...rest,
	]
	const html = (message: string) => message.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')

	test('ids that are not numbers, too many ids, or ids of no saree: a message, nothing written', async ({ page, context }) => {
		for (const id of ['abc', '1e3', '-1', '0', ' 12']) {
			const answer = await post([
				['scope', 'selected'],
				['id', id],
				['change', 'status'],
				['to', 'active'],
			])
			expect(answer.status, id).toBe(400)
			expect(answer.text).toContain(html(message(BULK_MESSAGES.idInvalid)))
		}
		const many = Array.from({ length: 100_000 }, (_, i): [string, string] => ['id', String(i + 1)])
		const tooMany = await post([['scope', 'selected'], ...many, ['change', 'delete']])
		expect(tooMany.status).toBe(400)
		expect(tooMany.text).toContain(html(message(BULK_MESSAGES.formInvalid)))
		// Within what the form gate reads, the selection's own bound says so.
		const sixty = Array.from({ length: MAX_TICKED_PRODUCTS + 10 }, (_, i): [string, string] => ['id', String(i + 1)])
		const overBound = await post([['scope', 'selected'], ...sixty, ['change', 'delete']])
		expect(overBound.status).toBe(400)
		expect(overBound.text).toContain(html(message(BULK_MESSAGES.idTooMany)))

		const missing = await post([
			['scope', 'selected'],
			['id', String(ids[0])],
			['id', '987654321'],
			['change', 'delete'],
		])
		expect(missing.status).toBe(409)
		expect(missing.text).toContain(html(message(BULK_MESSAGES.missing(1))))
		await unchanged()

		// The confirm page says the same before anything can be confirmed.
		await signInAs(context, shop())
		await page.goto(`${shop().url}/admin/products/bulk?scope=selected&id=${ids[0]}&id=987654321&change=delete`)
		await expect(page.getByRole('alert')).toContainText(message(BULK_MESSAGES.missing(1)))
		await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)
		await page.goto(`${shop().url}/admin/products/bulk?scope=selected&id=abc&change=delete`)
		await expect(page.getByRole('alert')).toContainText(message(BULK_MESSAGES.idInvalid))
	})

	test('a percentage of 10^9 or -100, and prices that would become 0 or less: a message, nothing written', async () => {
		for (const value of ['1000000000', '-100', '1e3', 'ten', '0']) {
			const answer = await post(selected(['change', 'price'], ['priceBy', 'percent'], ['priceDirection', 'up'], ['priceValue', value]))
			expect(answer.status, value).toBe(400)
			expect(answer.text).toContain(html(message(BULK_MESSAGES.percentInvalid)))
		}
		const zero = await post(selected(['change', 'price'], ['priceBy', 'percent'], ['priceDirection', 'down'], ['priceValue', '100']))
		expect(zero.status).toBe(409)
		expect(zero.text).toContain(html(message(BULK_MESSAGES.refused)))
		const negative = await post(selected(['change', 'price'], ['priceBy', 'amount'], ['priceDirection', 'down'], ['priceValue', '5000']))
		expect(negative.status).toBe(409)
		const noAmount = await post(selected(['change', 'price'], ['priceBy', 'amount'], ['priceDirection', 'down'], ['priceValue', '-5']))
		expect(noAmount.status).toBe(400)
		expect(noAmount.text).toContain(html(message(BULK_MESSAGES.amountInvalid)))
		const notAStatus = await post(selected(['change', 'status'], ['to', 'sold']))
		expect(notAStatus.status).toBe(400)
		const notACategory = await post(selected(['change', 'category'], ['to', 'Banarasi']))
		expect(notACategory.status).toBe(409)
		expect(notACategory.text).toContain(html(message(BULK_MESSAGES.categoryRequired)))
		await unchanged()
	})

	test('a valid post writes once, in one transaction, and says how many changed', async () => {
		const answer = await post(selected(['change', 'status'], ['to', 'active']))
		expect(answer.status).toBe(302)
		for (const n of [1, 2]) expect((await rowOf(`HX-${n}`))?.status).toBe('active' satisfies ProductStatus)
	})
})

test.describe('bulk change screens on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 } })
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	test('the list with its bar and the confirm page: no sideways scroll, 44 px targets, axe clean', async ({ page }) => {
		// Five screens, each with a full axe run: more than the default time on a busy machine.
		test.slow()
		const first = await seed('PH-1', { images: 1 })
		await seed('PH-2')
		for (const path of [
			'/admin/products?q=PH-',
			'/admin/products?q=PH-&select=page',
			'/admin/products/bulk?scope=all&q=PH-&change=price&priceField=both&priceBy=percent&priceDirection=up&priceValue=abc&review=1',
			`/admin/products/bulk?scope=selected&id=${first.id}&change=tag-add&tag=festive&review=1`,
			`/admin/products/bulk?scope=selected&id=${first.id}&change=delete`,
		]) {
			await page.goto(`${shop().url}${path}`)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			await expectNoSeriousA11yViolations(page, path)
			expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false)
			expect(await smallTapTargets(page), path).toEqual([])
		}
	})
})
