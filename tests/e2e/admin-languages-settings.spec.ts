import { expect, test } from '@playwright/test'

import { moveToTrash } from '../../app/models/trash.server'
import { SETTINGS_MESSAGES } from '../../app/schemas/settings'
import { TAX_SETTINGS_MESSAGES } from '../../app/schemas/tax-settings'
import { setAccountLocale, signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { translator } from '../helpers/i18n'
import { seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// The dashboard, settings, GST and trash in the seller's language (docs/decisions/0045): each form's
// messages next to their fields, the flashes and the dashboard's relative times in Telugu or Hindi.

const shop = useShop()
const te = translator('te')
const hi = translator('hi')

test.afterEach(() => setAccountLocale(shop(), 'en'))

for (const js of [true, false]) {
	test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })

		test('the shop details form in Telugu shows each message next to its field and keeps what was typed', async ({ page, context }) => {
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			const url = `${shop().url}/admin/settings`
			if (js) await gotoHydrated(page, url)
			else await page.goto(url)
			await page.getByLabel(te.t('adminSettings.shopName')).fill('')
			await page.getByLabel(te.t('adminSettings.whatsappNumber')).fill('12ab')
			await page.getByLabel(te.t('adminSettings.instagramUrl')).fill('https://example.com/me')
			await page.getByRole('button', { name: te.t('adminSettings.saveSettings') }).click()
			const field = (label: string) => page.getByLabel(label)
			await expect(field(te.t('adminSettings.shopName'))).toHaveAccessibleDescription(te.msg(SETTINGS_MESSAGES.shopNameRequired))
			await expect(field(te.t('adminSettings.whatsappNumber'))).toHaveAccessibleDescription(
				new RegExp(escape(te.msg(SETTINGS_MESSAGES.whatsappInvalid))),
			)
			await expect(field(te.t('adminSettings.instagramUrl'))).toHaveAccessibleDescription(te.msg(SETTINGS_MESSAGES.instagramInvalid))
			await expect(field(te.t('adminSettings.whatsappNumber'))).toHaveValue('12ab')
		})

		test('the GST form in Hindi refuses a mistyped GSTIN next to its field, then saves with a Hindi message', async ({ page, context }) => {
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			const url = `${shop().url}/admin/settings/gst`
			if (js) await gotoHydrated(page, url)
			else await page.goto(url)
			const gstin = page.getByLabel(hi.t('adminSettings.gstin'))
			await gstin.fill('27AAPFU0939F1ZW')
			await page.getByRole('button', { name: hi.t('adminSettings.saveGst') }).click()
			await expect(gstin).toHaveAccessibleDescription(new RegExp(escape(hi.msg(TAX_SETTINGS_MESSAGES.gstinCheck))))
			await expect(gstin).toHaveValue('27AAPFU0939F1ZW')
			await gstin.fill('')
			await page.getByRole('button', { name: hi.t('adminSettings.saveGst') }).click()
			await expect(page.getByRole('status').filter({ hasText: hi.msg(TAX_SETTINGS_MESSAGES.saved) })).toBeVisible()
		})

		test('restoring from the trash in Telugu says so in Telugu', async ({ page, context }) => {
			await setAccountLocale(shop(), 'te')
			await signInAs(context, shop())
			const saree = await seedProduct(shop(), { name: `Restored Saree ${js ? 'on' : 'off'}` })
			await moveToTrash('product', [saree.id], shop().db())
			const url = `${shop().url}/admin/trash`
			if (js) await gotoHydrated(page, url)
			else await page.goto(url)
			await page.getByRole('button', { name: `${te.t('adminTrash.restore')} ${saree.name}` }).click()
			await expect(page.getByRole('status').filter({ hasText: te.t('adminTrash.restored', { label: saree.name }) })).toBeVisible()
		})
	})
}

test("the dashboard's recent activity says how long ago in Hindi", async ({ page, context }) => {
	await setAccountLocale(shop(), 'hi')
	await signInAs(context, shop())
	const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString()
	const saree = await seedProduct(shop(), { name: 'Hindi Clock Saree', createdAt: fiveMinutesAgo })
	await gotoHydrated(page, `${shop().url}/admin`)
	const entry = page
		.getByRole('region', { name: hi.t('adminDashboard.recentActivity') })
		.getByRole('listitem')
		.filter({ hasText: saree.name })
	await expect(entry).toContainText(hi.t('adminDashboard.productCreated', { name: saree.name }))
	await expect(entry).toContainText('5 मिनट पहले')
})

function escape(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
