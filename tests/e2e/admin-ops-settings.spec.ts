import { expect, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoSeriousA11yViolations } from './storefront-support'

// Settings → Shop details: the contact data every WhatsApp link, the header and the footer use.
const shop = useShop()

const settingsRow = () =>
	shop()
		.db()
		.selectFrom('shop_settings')
		.select(['shop_name', 'whatsapp_number', 'phone', 'email', 'address', 'instagram_url'])
		.executeTakeFirstOrThrow()
const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test('shop details are checked, then saved', async ({ page }) => {
			const number = javaScriptEnabled ? '919876543210' : '447700900123'
			const before = await settingsRow()
			await page.goto(`${shop().url}/admin/settings`)
			await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
			const details = page.getByRole('region', { name: 'Shop details' })
			await details.getByLabel('Shop Name').fill('Pochampally Silk House')
			await details.getByLabel('WhatsApp Number').fill('98765')
			await details.getByLabel('Instagram URL').fill('https://example.com/silkhouse')
			await details.getByLabel('Email').fill('hello@silkhouse.in')
			await details.getByRole('button', { name: 'Save Settings' }).click()
			await expect(details.getByText('Enter the WhatsApp number with country code, digits only (e.g. 919876543210).')).toBeVisible()
			await expect(
				details.getByText('Enter your Instagram profile link, like https://www.instagram.com/yourshop (or leave it empty).'),
			).toBeVisible()
			await expect(details.getByLabel('Email')).toHaveValue('hello@silkhouse.in')
			expect(await settingsRow()).toEqual(before)

			// Spaces, + and dashes are fine: the number is stored as digits.
			await details.getByLabel('WhatsApp Number').fill(`+${number.slice(0, 2)} ${number.slice(2, 7)}-${number.slice(7)}`)
			await details.getByLabel('Instagram URL').fill('https://www.instagram.com/silkhouse')
			await details.getByLabel('Phone').fill('+91 40 2345 6789')
			await details.getByLabel('Address').fill('Main Road, Pochampally, Telangana 508284')
			await details.getByRole('button', { name: 'Save Settings' }).click()
			await expect(flash(page, 'Settings saved successfully.')).toBeVisible()
			expect(await settingsRow()).toEqual({
				shop_name: 'Pochampally Silk House',
				whatsapp_number: number,
				phone: '+91 40 2345 6789',
				email: 'hello@silkhouse.in',
				address: 'Main Road, Pochampally, Telangana 508284',
				instagram_url: 'https://www.instagram.com/silkhouse',
			})
			await page.reload()
			await expect(page.getByLabel('WhatsApp Number')).toHaveValue(number)
		})
	})
}

test('the settings screen is accessible and fits a 390 px phone', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(`${shop().url}/admin/settings`)
	await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	await expectNoSeriousA11yViolations(page)
})

// The storefront (header, footer, product pages, WhatsApp redirects) is built in parallel; enable once merged.
test('every WhatsApp link on the storefront uses the saved number', async ({ page, request }) => {
	const { id } = await seedProduct(shop(), {
		name: 'Red Ikkat Silk',
		code: 'PS-101',
		originalPrice: 15_000,
		salePrice: 12_500,
		category: 'Pochampally Ikkat',
	})
	await setShopSettings(shop(), { whatsappNumber: '919812345678' })

	let checked = 0
	for (const path of ['/', '/collections', '/about', '/blogs', `/product/${id}`]) {
		await page.goto(`${shop().url}${path}`)
		const hrefs = await page
			.locator('a[href*="wa.me"], a[href*="whatsapp"]')
			.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
		expect(hrefs.length, path).toBeGreaterThan(0)
		for (const href of hrefs) {
			let target = href
			// Enquiry links go through the shop (counted), then redirect to WhatsApp.
			if (new URL(href).origin === shop().url) {
				const response = await request.get(href, { maxRedirects: 0 })
				target = response.headers()['location'] ?? ''
			}
			expect(target, `${path}: ${href}`).toMatch(/^https:\/\/(wa\.me|api\.whatsapp\.com\/send)\/?(\?phone=)?919812345678/)
			checked++
		}
	}
	expect(checked).toBeGreaterThan(4)
})
