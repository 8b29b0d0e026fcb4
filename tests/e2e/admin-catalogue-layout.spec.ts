import { type BrowserContext, expect, type Page, test } from '@playwright/test'

import { NAV_ITEMS } from '../../app/components/admin/sidebar'
import { signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { text } from '../helpers/i18n'
import { seedBlog, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

const shop = useShop()

// The sections as the sidebar declares them: every one is rendered, in order, with its address.
const NAV = NAV_ITEMS.map((item) => [text(item.label), item.to] as const)

const sidebar = (page: Page) => page.locator('#admin-sidebar')
const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' })

async function sidebarCookie(context: BrowserContext) {
	return (await context.cookies(`${shop().url}/admin`)).find((c) => c.name === 'sidebar_state')
}

function expectSevenDays(expires: number | undefined) {
	const days = ((expires ?? 0) * 1000 - Date.now()) / (24 * 3600 * 1000)
	expect(days).toBeGreaterThan(6.9)
	expect(days).toBeLessThanOrEqual(7)
}

test.describe('sidebar on a desktop', () => {
	test.use({ viewport: { width: 1280, height: 800 } })
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	test('lists every admin section in order, marks the current one, and signs out', async ({ page }) => {
		const { id } = await seedProduct(shop())
		await page.goto(`${shop().url}/admin/products/${id}/edit`)
		const links = nav(page).getByRole('link')
		await expect(links).toHaveText(NAV.map(([label]) => label))
		for (const [index, [, href]] of NAV.entries()) await expect(links.nth(index)).toHaveAttribute('href', href)
		await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Products')
		await expect(sidebar(page)).toHaveCSS('width', '256px')

		await nav(page).getByRole('link', { name: 'Add Blog' }).click()
		await expect(page).toHaveURL(`${shop().url}/admin/blogs/new`)
		await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Add Blog')

		const sessions = async () => (await shop().db().selectFrom('sessions').select('id_hash').execute()).length
		const before = await sessions()
		await sidebar(page).getByRole('button', { name: 'Sign Out' }).click()
		await expect(page).toHaveURL(/\/auth/)
		expect(await sessions()).toBe(before - 1)
		await page.goto(`${shop().url}/admin`)
		await expect(page).toHaveURL(/\/auth/)
	})

	test('collapses to icons with the button or Ctrl+B, and the server remembers it for 7 days', async ({ page, context }) => {
		await page.goto(`${shop().url}/admin/products`)
		await page.getByRole('link', { name: 'Collapse sidebar' }).click()
		await expect(sidebar(page)).toHaveCSS('width', '48px')
		// The labels stay as accessible names of the icon links.
		await expect(nav(page).getByRole('link', { name: 'Add Product' })).toBeVisible()
		const cookie = await sidebarCookie(context)
		expect(cookie?.value).toBe('collapsed')
		expectSevenDays(cookie?.expires)

		const html = await (await page.request.get(`${shop().url}/admin/products`)).text()
		expect(html).toContain('data-sidebar="collapsed"')
		await page.reload()
		await expect(sidebar(page)).toHaveCSS('width', '48px')

		await page.keyboard.press('Control+b')
		await expect(sidebar(page)).toHaveCSS('width', '256px')
		expect((await sidebarCookie(context))?.value).toBe('expanded')
		await page.keyboard.press('Meta+b')
		await expect(sidebar(page)).toHaveCSS('width', '48px')
		await page.getByRole('link', { name: 'Expand sidebar' }).click()
		await expect(sidebar(page)).toHaveCSS('width', '256px')
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })
		test('the toggle is a link that sets the cookie and comes back to the same page', async ({ page, context }) => {
			await page.goto(`${shop().url}/admin/products?status=draft`)
			await page.getByRole('link', { name: 'Collapse sidebar' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products?status=draft`)
			await expect(sidebar(page)).toHaveCSS('width', '48px')
			const cookie = await sidebarCookie(context)
			expect(cookie?.value).toBe('collapsed')
			expectSevenDays(cookie?.expires)
			await page.getByRole('link', { name: 'Expand sidebar' }).click()
			await expect(sidebar(page)).toHaveCSS('width', '256px')
		})
	})
})

for (const js of [true, false]) {
	test.describe(`sidebar on a phone, JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js })
		test.beforeEach(async ({ context }) => {
			await signInAs(context, shop())
		})

		test('is an 18rem drawer behind a menu button', async ({ page }) => {
			await page.goto(`${shop().url}/admin`)
			await expect(nav(page).getByRole('link', { name: 'Products' })).toBeHidden()
			await page.getByRole('link', { name: 'Open menu' }).click()
			await expect(nav(page).getByRole('link', { name: 'Products' })).toBeVisible()
			await expect(sidebar(page)).toHaveCSS('width', '288px')
			await page.getByRole('link', { name: 'Close menu' }).click()
			await expect(nav(page).getByRole('link', { name: 'Products' })).toBeHidden()

			await page.getByRole('link', { name: 'Open menu' }).click()
			await nav(page).getByRole('link', { name: 'Blogs' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
			await expect(nav(page).getByRole('link', { name: 'Products' })).toBeHidden()
		})

		if (js) {
			test('keeps focus inside the open drawer; Escape closes it and returns focus to the menu button', async ({ page }) => {
				await gotoHydrated(page, `${shop().url}/admin`)
				await page.getByRole('link', { name: 'Open menu' }).click()
				await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeFocused()
				// The page behind is inert: tabbing through never lands outside the drawer.
				for (let i = 0; i < 14; i++) {
					await page.keyboard.press('Tab')
					const inDrawer = await page.evaluate(() => {
						const active = document.activeElement
						return !active || active === document.body || !!active.closest('#admin-sidebar')
					})
					expect(inDrawer).toBe(true)
				}
				await expect(page.getByRole('main')).toHaveAttribute('inert', '')
				await page.keyboard.press('Escape')
				await expect(nav(page).getByRole('link', { name: 'Products' })).toBeHidden()
				await expect(page.getByRole('link', { name: 'Open menu' })).toBeFocused()
				await expect(page.getByRole('main')).not.toHaveAttribute('inert', '')
			})
		}
	})
}

test.describe('every admin screen of the catalogue', () => {
	let screens: string[] = []
	test.beforeAll(async () => {
		const product = await seedProduct(shop(), { images: 2 })
		const blog = await seedBlog(shop(), { cover: true })
		screens = [
			'/admin',
			'/admin/products',
			'/admin/products/new',
			`/admin/products/${product.id}/edit`,
			`/admin/products/${product.id}/delete`,
			'/admin/blogs',
			'/admin/blogs/new',
			`/admin/blogs/${blog.id}/edit`,
			`/admin/blogs/${blog.id}/delete`,
		]
	})
	test.beforeEach(async ({ context }) => {
		await signInAs(context, shop())
	})

	for (const [width, height] of [
		[390, 844],
		[1280, 800],
	] as const) {
		test(`has no serious accessibility problems at ${width} px${width === 390 ? ', no sideways scroll and 44 px tap targets' : ''}`, async ({
			page,
		}) => {
			// Nine screens, each with a full axe run: more than the default time on a busy machine.
			test.slow()
			await page.setViewportSize({ width, height })
			for (const path of screens) {
				await page.goto(`${shop().url}${path}`)
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
				await expectNoSeriousA11yViolations(page, path)
				if (width === 390) {
					expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false)
					expect(await smallTapTargets(page), path).toEqual([])
				}
			}
		})
	}

	test('forms with errors stay accessible', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		for (const [path, button] of [
			['/admin/products/new', 'Publish Product'],
			['/admin/blogs/new', 'Publish Blog'],
		] as const) {
			await page.goto(`${shop().url}${path}`)
			await page.getByRole('button', { name: button }).click()
			await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
			await expectNoSeriousA11yViolations(page, path)
			expect(await hasHorizontalScroll(page)).toBe(false)
		}
	})
})
