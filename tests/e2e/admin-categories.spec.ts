import { expect, type Page, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'

import { createCategory } from '../../app/models/categories.server'
import { SAREE_PRODUCT_CATEGORY } from '../../app/schemas/category'
import { signInAs } from '../helpers/auth'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll, makeImageFiles, mediaExists, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Settings → Categories: the seller adds, renames, reorders, hides and deletes the categories the
// storefront is arranged by; the storefront (in three languages), its sitemap and the catalogue feeds
// follow, old category addresses redirect, and a category that holds sarees is never deleted.
const shop = useShop()
const LIST = '/admin/settings/categories'

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

const newCategory = (name: string, more: Partial<Parameters<typeof createCategory>[0]> = {}) =>
	createCategory(
		{
			name,
			nameTe: '',
			nameHi: '',
			description: '',
			descriptionTe: '',
			descriptionHi: '',
			googleProductCategory: SAREE_PRODUCT_CATEGORY,
			hsn: '5007',
			...more,
		},
		null,
		shop().db(),
	)

const categoryRow = (name: string) => shop().db().selectFrom('categories').selectAll().where('name', '=', name).executeTakeFirst()

const TABS_LABEL = { '': 'Saree categories', '/te': 'చీరల రకాలు', '/hi': 'साड़ियों के प्रकार' }

/** The storefront's category tabs on /collections (in a language: `/te`, `/hi`), in order, after "All". */
async function tabs(page: Page, prefix: keyof typeof TABS_LABEL = '') {
	await page.goto(`${shop().url}${prefix}/collections`)
	const links = page.getByRole('navigation', { name: TABS_LABEL[prefix] }).getByRole('link')
	return (await links.allTextContents()).slice(1).map((text) => text.trim())
}

const noRedirect = (path: string) => fetch(`${shop().url}${path}`, { redirect: 'manual' })

for (const js of [true, false]) {
	test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled: js })
		const tag = js ? 'Js' : 'Plain'

		test('add a category in three languages with a picture: checked next to its fields, then on the storefront and in the feeds', async ({
			page,
		}) => {
			const name = `Kalamkari ${tag}`
			const telugu = `కలంకారీ ${tag}`
			const hindi = `कलमकारी ${tag}`
			const images = await makeImageFiles()
			await page.goto(`${shop().url}/admin/settings`)
			await page.getByRole('link', { name: 'Edit Categories' }).click()
			await expect(page.getByRole('heading', { level: 1, name: /^Categories \(\d+\)$/ })).toBeVisible()
			await page.getByRole('link', { name: 'Add Category' }).first().click()
			await expect(page.getByRole('heading', { level: 1, name: 'Add Category' })).toBeVisible()
			await expect(page.getByLabel('Google product category')).toHaveValue(SAREE_PRODUCT_CATEGORY)

			await page.getByLabel('Description', { exact: true }).fill('Hand-painted with a kalam.')
			if (!js) {
				// Wrong first: no name, an HSN code of two digits. Each message sits by its field; what was typed stays.
				await page.getByLabel('HSN code').fill('50')
				await page.getByRole('button', { name: 'Add Category' }).click()
				await expect(page.getByText('Please enter the category name.')).toBeVisible()
				await expect(page.getByText('Enter the HSN code as 4, 6 or 8 digits, like 5007.')).toBeVisible()
				await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Hand-painted with a kalam.')
				expect(await categoryRow(name)).toBeUndefined()
			}

			// A name another category has (in another letter case) is refused by the server.
			await page.getByLabel('Name', { exact: true }).fill('pochampally ikkat')
			await page.getByLabel('HSN code').fill('500720')
			await page.getByRole('button', { name: 'Add Category' }).click()
			await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Another category already has this name\./)

			await page.getByLabel('Name', { exact: true }).fill(name)
			await page.getByText('Telugu and Hindi (optional)').click()
			await page.getByLabel('Name in Telugu').fill(telugu)
			await page.getByLabel('Name in Hindi').fill(hindi)
			await page.getByLabel('Description in Telugu').fill(`కలంతో చిత్రించిన చీరలు ${tag}.`)
			await page.getByLabel('Picture').setInputFiles(images.tall)
			await page.getByRole('button', { name: 'Add Category' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Category added.' })).toBeVisible()
			await expect(page.locator('[data-category-id]').last()).toContainText(name)
			const row = (await categoryRow(name))!
			expect(row).toMatchObject({ name_te: telugu, name_hi: hindi, hsn: '500720', hidden: 0, description: 'Hand-painted with a kalam.' })
			expect(row.picture_key && mediaExists(shop(), row.picture_key)).toBe(true)

			const saree = await seedProduct(shop(), { name: `Painted Saree ${tag}`, code: `KAL-${tag.toUpperCase()}`, category: name })
			expect(await tabs(page)).toContain(name)
			expect(await tabs(page, '/te')).toContain(telugu)
			expect(await tabs(page, '/hi')).toContain(hindi)
			await page.goto(`${shop().url}/te/collections?${new URLSearchParams({ category: name })}`)
			await expect(page.getByRole('link', { name: new RegExp(`Painted Saree ${tag}`) })).toBeVisible()
			await page.goto(`${shop().url}/te`)
			const card = page.getByRole('heading', { level: 3, name: telugu })
			await expect(card).toBeVisible()
			await expect(page.getByText(`కలంతో చిత్రించిన చీరలు ${tag}.`)).toBeVisible()
			// The category's own picture on the home page, not a saree's photo.
			await expect(page.locator(`a[href*="category="]`).filter({ has: card }).locator('img')).toHaveAttribute(
				'src',
				new RegExp(row.picture_key!),
			)
			await page.goto(`${shop().url}/hi/product/${saree.id}`)
			// The breadcrumb names the category in the page's language.
			await expect(page.getByRole('navigation', { name: 'आप यहाँ हैं' }).getByRole('link', { name: hindi })).toBeVisible()

			const xml = await (await fetch(`${shop().url}/feeds/google.xml`)).text()
			const item = xml.split('<item>').find((part) => part.includes(`<g:id>${saree.code}</g:id>`))!
			expect(item).toContain(`<g:product_type>${name}</g:product_type>`)
			expect(item).toContain(`<g:custom_label_0>${telugu}</g:custom_label_0>`)
			expect(item).toContain(`<g:custom_label_1>${hindi}</g:custom_label_1>`)
			const csv: Array<Record<string, string>> = parse(await (await fetch(`${shop().url}/feeds/meta.csv`)).text(), {
				columns: true,
				bom: true,
			})
			expect(csv.find((line) => line.id === saree.code)).toMatchObject({
				product_type: name,
				custom_label_0: telugu,
				custom_label_1: hindi,
			})
			const sitemap = await (await fetch(`${shop().url}/sitemap.xml`)).text()
			expect(sitemap).toContain(`<loc>${shop().url}/te/collections?${new URLSearchParams({ category: name })}</loc>`)
		})

		test('rename: every saree stays in it, the search follows, and the old address redirects in three languages', async ({ page }) => {
			const before = `Gadwal ${tag}`
			const after = `Gadwal Sico ${tag}`
			const id = await newCategory(before, { nameTe: `గద్వాల్ ${tag}` })
			const sarees = [
				await seedProduct(shop(), { name: `Gadwal One ${tag}`, category: before }),
				await seedProduct(shop(), { name: `Gadwal Two ${tag}`, category: before, status: 'draft' }),
			]
			await page.goto(`${shop().url}${LIST}`)
			await page.getByRole('link', { name: `Edit ${before}` }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'Edit Category' })).toBeVisible()
			await page.getByLabel('Name', { exact: true }).fill(after)
			await page.getByRole('button', { name: 'Save Category' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Category saved.' })).toBeVisible()

			const categories = await shop()
				.db()
				.selectFrom('products')
				.select('category')
				.where(
					'id',
					'in',
					sarees.map((s) => s.id),
				)
				.execute()
			expect(categories.map((c) => c.category)).toEqual([after, after])
			expect((await categoryRow(after))?.id).toBe(id)
			await page.goto(`${shop().url}/collections?q=sico`)
			await expect(page.getByRole('link', { name: new RegExp(`Gadwal One ${tag}`) })).toBeVisible()

			for (const prefix of ['', '/te', '/hi']) {
				const old = await noRedirect(`${prefix}/collections?${new URLSearchParams({ category: before, sort: 'price-asc' })}`)
				expect(old.status).toBe(301)
				expect(old.headers.get('location')).toBe(`${prefix}/collections?${new URLSearchParams({ category: after, sort: 'price-asc' })}`)
			}
			await page.goto(`${shop().url}/te/collections?${new URLSearchParams({ category: before })}`)
			await expect(page).toHaveURL(new RegExp(`/te/collections\\?category=${encodeURIComponent(after).replace(/%20/g, '\\+')}$`))
			await expect(page.getByRole('link', { name: `గద్వాల్ ${tag}` })).toHaveAttribute('aria-current', 'page')
			// A name that was never a category is no redirect.
			expect((await noRedirect(`/collections?category=Never+Was`)).status).toBe(200)
		})

		test('reorder with move up and down: the storefront tabs follow', async ({ page }) => {
			await page.goto(`${shop().url}${LIST}`)
			const names = await page.locator('[data-category-id] td:first-child').allTextContents()
			const last = names[names.length - 1]!
			const first = names[0]!
			await page.getByRole('button', { name: `Move up ${last}` }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Order saved.' })).toBeVisible()
			await page.getByRole('button', { name: `Move down ${first}` }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Order saved.' })).toBeVisible()
			const expected = [...names]
			;[expected[expected.length - 2], expected[expected.length - 1]] = [last, expected[expected.length - 2]!]
			;[expected[0], expected[1]] = [expected[1]!, expected[0]!]
			await expect(page.locator('[data-category-id] td:first-child')).toHaveText(expected)
			// The first has no "Move up", the last no "Move down".
			await expect(page.getByRole('button', { name: `Move up ${expected[0]}` })).toHaveCount(0)
			await expect(page.getByRole('button', { name: `Move down ${expected[expected.length - 1]}` })).toHaveCount(0)
			const shown = (await shop().db().selectFrom('categories').select(['name', 'hidden']).execute())
				.filter((c) => !c.hidden)
				.map((c) => c.name)
			expect(await tabs(page)).toEqual(expected.filter((name) => shown.includes(name)))
		})

		test("hide and show: a hidden category leaves the tabs, home, sitemap and feeds; its saree's page stays", async ({ page }) => {
			const name = `Narayanpet ${tag}`
			await newCategory(name)
			const saree = await seedProduct(shop(), { name: `Narayanpet Cotton ${tag}`, code: `NP-${tag.toUpperCase()}`, category: name })
			const everywhere = async () => {
				const sitemap = await (await fetch(`${shop().url}/sitemap.xml`)).text()
				const feed = await (await fetch(`${shop().url}/feeds/google.xml`)).text()
				await page.goto(`${shop().url}/`)
				const home = await page.getByRole('heading', { level: 3, name }).count()
				await page.goto(`${shop().url}/collections?q=narayanpet`)
				const listed = await page.getByRole('link', { name: new RegExp(`Narayanpet Cotton ${tag}`) }).count()
				return {
					tab: (await tabs(page)).includes(name),
					home: home > 0,
					listed: listed > 0,
					sitemap: sitemap.includes(`/product/${saree.id}<`),
					feed: feed.includes(`<g:id>${saree.code}</g:id>`),
				}
			}
			expect(await everywhere()).toEqual({ tab: true, home: true, listed: true, sitemap: true, feed: true })

			await page.goto(`${shop().url}${LIST}`)
			await page.getByRole('button', { name: `Hide ${name}` }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Category hidden from the shop.' })).toBeVisible()
			await expect(page.locator('[data-category-id]').filter({ hasText: name })).toContainText('Hidden')
			expect(await everywhere()).toEqual({ tab: false, home: false, listed: false, sitemap: false, feed: false })
			expect((await fetch(`${shop().url}/product/${saree.id}`)).status).toBe(200)

			await page.goto(`${shop().url}${LIST}`)
			await page.getByRole('button', { name: `Show ${name}` }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Category shown on the shop.' })).toBeVisible()
			expect(await everywhere()).toEqual({ tab: true, home: true, listed: true, sitemap: true, feed: true })
		})

		test('a category that holds sarees is not deleted (the page says how many and links to them); an empty one is', async ({ page }) => {
			const full = `Uppada ${tag}`
			const empty = `Venkatagiri ${tag}`
			await newCategory(full)
			await newCategory(empty)
			await seedProduct(shop(), { name: `Uppada Jamdani ${tag}`, category: full })
			await seedProduct(shop(), { name: `Uppada Tissue ${tag}`, category: full, status: 'draft' })

			await page.goto(`${shop().url}${LIST}`)
			await page.getByRole('link', { name: `Delete ${full}` }).click()
			await expect(page.getByRole('alert')).toContainText('This category still holds 2 sarees: move or delete them first.')
			await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
			// Posted anyway (an old tab, a hand-made form): refused, nothing deleted.
			const refused = await page.request.post(page.url(), { form: {}, headers: { Origin: shop().url } })
			expect(refused.status()).toBe(409)
			expect(await categoryRow(full)).toBeDefined()
			await page.getByRole('link', { name: 'See its 2 sarees' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products?${new URLSearchParams({ category: full })}`)
			await expect(page.getByRole('cell', { name: `Uppada Jamdani ${tag}`, exact: true })).toBeVisible()
			await expect(page.getByRole('cell', { name: `Uppada Tissue ${tag}`, exact: true })).toBeVisible()

			await page.goto(`${shop().url}${LIST}`)
			await page.getByRole('link', { name: `Delete ${empty}` }).click()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Category deleted successfully!' })).toBeVisible()
			expect(await categoryRow(empty)).toBeUndefined()
			await expect(page.locator('[data-category-id]').filter({ hasText: empty })).toHaveCount(0)
		})
	})
}

test("the product editor offers the seller's categories and refuses one that is gone", async ({ page }) => {
	const name = `Mangalagiri`
	await newCategory(name)
	await page.goto(`${shop().url}/admin/products/new`)
	await expect(page.getByLabel('Category').locator('option')).toContainText([name])
	await page.getByLabel('Product Name').fill('Mangalagiri Cotton')
	await page.getByLabel('Product Code').fill('MG-1')
	await page.getByLabel('Original Price').fill('4000')
	await page.getByLabel('Category').selectOption(name)
	await shop().db().deleteFrom('categories').where('name', '=', name).execute()
	await page.getByRole('button', { name: 'Publish Product' }).click()
	await expect(page.getByLabel('Category')).toHaveAccessibleDescription(
		/This category is not in the shop any more: please choose another\./,
	)
	expect(await shop().db().selectFrom('products').select('id').where('code', '=', 'MG-1').executeTakeFirst()).toBeUndefined()
})

test('the categories screens are accessible and fit a 390 px phone', async ({ page }) => {
	// Five screens, each checked by axe: more than one test's usual time on a busy machine.
	test.setTimeout(240_000)
	const full = await newCategory('Paithani')
	await seedProduct(shop(), { category: 'Paithani' })
	const empty = await newCategory('Ilkal')
	await page.setViewportSize({ width: 390, height: 844 })
	for (const path of [LIST, `${LIST}/new`, `${LIST}/${full}/edit`, `${LIST}/${full}/delete`, `${LIST}/${empty}/delete`]) {
		await page.goto(`${shop().url}${path}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false)
		expect(await smallTapTargets(page), path).toEqual([])
		await expectNoSeriousA11yViolations(page, path)
	}
})
