import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { pngOfSize } from '../helpers/huge-image'
import { waitForHydration } from '../helpers/hydration'
import { seedBlog, seedOrder, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// No lost typing (docs/decisions/0041): every admin editor asks before its unsaved changes are left
// behind, by a link in the admin or by closing or reloading the tab; saving never asks; without
// JavaScript the forms post as ever.
const shop = useShop()

let productId = 0
let blogId = 0
let orderId = 0

const coverFile = `unsaved-changes-cover-${process.pid}.png`

test.beforeAll(async () => {
	fs.writeFileSync(path.join(os.tmpdir(), coverFile), pngOfSize(40, 20))
	productId = (await seedProduct(shop(), { name: 'Red Ikkat Silk', code: 'PS-101', salePrice: 12_500, images: 1 })).id
	blogId = (await seedBlog(shop(), { title: 'Dyeing the warp' })).id
	orderId = (await seedOrder(shop(), { customerName: 'Lakshmi Reddy', lines: [{ code: 'PS-101', quantity: 1 }] })).id
})

test.afterAll(() => fs.rmSync(path.join(os.tmpdir(), coverFile), { force: true }))

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' })
const sidebarLink = (page: Page, name: string) =>
	page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true })

/** The first field a seller types in on the screen: a text box of one of its guarded forms. */
function firstTextField(page: Page) {
	return page
		.locator('main form')
		.locator(
			':is(input[type=text], input[type=tel], input[type=email], input[type=url], input[type=password], input:not([type]), textarea)[name]:visible',
		)
		.first()
}

async function openEditor(page: Page, path: string) {
	await page.goto(`${shop().url}${path}`)
	await waitForHydration(page)
}

test.describe('with JavaScript', () => {
	const editors = () => [
		'/admin/products/new',
		`/admin/products/${productId}/edit`,
		'/admin/blogs/new',
		`/admin/blogs/${blogId}/edit`,
		'/admin/orders/new',
		`/admin/orders/${orderId}/edit`,
		'/admin/hero-settings',
		'/admin/story-settings',
		'/admin/settings',
		'/admin/settings/orders',
		'/admin/settings/gst',
		'/admin/settings/password',
	]

	test('every editor asks before a link leaves its typing, and Stay keeps it', async ({ page }) => {
		// Twelve admin screens in one test, on a machine shared with other work.
		test.setTimeout(300_000)
		for (const path of editors()) {
			await test.step(path, async () => {
				await openEditor(page, path)
				const field = firstTextField(page)
				await field.click()
				await field.pressSequentially('xyz')
				const typed = await field.inputValue()
				await sidebarLink(page, 'Dashboard').click()
				await expect(leaveDialog(page)).toBeVisible()
				await expect(leaveDialog(page)).toContainText('have not been saved')
				await leaveDialog(page).getByRole('button', { name: 'Stay' }).click()
				await expect(leaveDialog(page)).toBeHidden()
				expect(new URL(page.url()).pathname).toBe(path)
				await expect(field).toHaveValue(typed)
				// And Leave lets the link go on (the next screen opens from a clean page).
				await sidebarLink(page, 'Dashboard').click()
				// A story step saves its text by itself a second after typing stops: by now nothing is unsaved
				// there, unless that save is still on its way on a busy machine (then it asks once more).
				if (path === '/admin/story-settings') await Promise.race([page.waitForURL(/\/admin\/?$/), leaveDialog(page).waitFor()])
				if (path !== '/admin/story-settings' || (await leaveDialog(page).isVisible()))
					await leaveDialog(page).getByRole('button', { name: 'Leave' }).click()
				await expect(page).toHaveURL(/\/admin\/?$/)
			})
		}
	})

	test('Leave goes on to the link, and an untouched editor never asks', async ({ page }) => {
		await openEditor(page, `/admin/products/${productId}/edit`)
		await sidebarLink(page, 'Blogs').click()
		await expect(page).toHaveURL(/\/admin\/blogs$/)
		await expect(leaveDialog(page)).toBeHidden()

		await openEditor(page, `/admin/products/${productId}/edit`)
		await page.getByLabel('Product Name').fill('Red Ikkat Silk, retouched')
		await sidebarLink(page, 'Blogs').click()
		await leaveDialog(page).getByRole('button', { name: 'Leave' }).click()
		await expect(page).toHaveURL(/\/admin\/blogs$/)
		const { name } = await shop().db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()
		expect(name).toBe('Red Ikkat Silk')
	})

	test('typing put back as it was loaded is not a change', async ({ page }) => {
		await openEditor(page, '/admin/settings/gst')
		const field = firstTextField(page)
		const loaded = await field.inputValue()
		await field.fill(`${loaded}29`)
		await field.fill(loaded)
		await sidebarLink(page, 'Dashboard').click()
		await expect(page).toHaveURL(/\/admin\/?$/)
	})

	test('the browser back button is held too', async ({ page }) => {
		await openEditor(page, '/admin/products')
		await page.getByRole('link', { name: 'Add Product' }).first().click()
		await expect(page).toHaveURL(/\/admin\/products\/new$/)
		await waitForHydration(page)
		await page.getByLabel('Product Name').fill('Green Kanchi Ikkat')
		await page.goBack()
		await expect(leaveDialog(page)).toBeVisible()
		await leaveDialog(page).getByRole('button', { name: 'Stay' }).click()
		await expect(page).toHaveURL(/\/admin\/products\/new$/)
		await expect(page.getByLabel('Product Name')).toHaveValue('Green Kanchi Ikkat')
	})

	test('a photo picked and not saved counts as a change', async ({ page }) => {
		await openEditor(page, `/admin/blogs/${blogId}/edit`)
		const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('main form input[type=file]').first().click()])
		await chooser.setFiles(path.join(os.tmpdir(), coverFile))
		await sidebarLink(page, 'Dashboard').click()
		await expect(leaveDialog(page)).toBeVisible()
		await leaveDialog(page).getByRole('button', { name: 'Stay' }).click()
	})

	test('reloading or closing the tab with unsaved typing asks the browser’s question', async ({ page }) => {
		await openEditor(page, `/admin/blogs/${blogId}/edit`)
		const asked: string[] = []
		page.on('dialog', (dialog) => {
			asked.push(dialog.type())
			void dialog.dismiss()
		})
		// Untouched: the reload goes ahead without a question.
		await page.reload()
		await waitForHydration(page)
		expect(asked).toEqual([])

		const title = page.getByLabel('Title', { exact: true })
		await title.click()
		await title.pressSequentially(' and the weft')
		// Dismissed, the reload never happens: its promise is left to its timeout.
		void page.reload({ timeout: 5_000 }).catch(() => {})
		await expect.poll(() => asked).toEqual(['beforeunload'])
		// Dismissed: the page and the typing are still there.
		await expect(title).toHaveValue('Dyeing the warp and the weft')

		await page.close({ runBeforeUnload: true })
		await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload'])
	})

	test('saving never asks: not on the way to the list, nor on a screen that comes back to itself', async ({ page }) => {
		await openEditor(page, `/admin/products/${productId}/edit`)
		await page.getByLabel('Product Name').fill('Red Ikkat Silk Saree')
		await page.getByRole('button', { name: 'Update & Publish' }).click()
		await expect(page).toHaveURL(/\/admin\/products$/)
		await expect(leaveDialog(page)).toBeHidden()

		// Settings saves back to /admin/settings: what it now holds is what was saved.
		await openEditor(page, '/admin/settings')
		await page.getByLabel('Shop Name').fill('Silk House Pochampally')
		await page.getByRole('button', { name: 'Save Settings' }).click()
		await expect(page.getByText('Settings saved', { exact: false }).first()).toBeVisible()
		await sidebarLink(page, 'Dashboard').click()
		await expect(page).toHaveURL(/\/admin\/?$/)
		await expect(leaveDialog(page)).toBeHidden()
	})

	test('a save refused by the server still asks before the typing is left', async ({ page }) => {
		await seedProduct(shop(), { name: 'Taken code', code: 'PS-777', images: 1 })
		await openEditor(page, `/admin/products/${productId}/edit`)
		// A code another saree has: only the server knows, and refuses it next to the field.
		await page.getByLabel('Product Code').fill('PS-777')
		await page.getByRole('button', { name: 'Update & Publish' }).click()
		await expect(page.getByText(/already/i).first()).toBeVisible()
		await sidebarLink(page, 'Dashboard').click()
		await expect(leaveDialog(page)).toBeVisible()
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('an editor posts and saves as ever, with nothing in the way', async ({ page }) => {
		await page.goto(`${shop().url}/admin/blogs/${blogId}/edit`)
		await expect(leaveDialog(page)).toBeHidden()
		await page.getByLabel('Title', { exact: true }).fill('Dyeing the warp, step by step')
		await page.getByRole('button', { name: 'Update & Publish' }).click()
		await expect(page).toHaveURL(/\/admin\/blogs$/)
		const { title } = await shop().db().selectFrom('blogs').select('title').where('id', '=', blogId).executeTakeFirstOrThrow()
		expect(title).toBe('Dyeing the warp, step by step')
	})
})
