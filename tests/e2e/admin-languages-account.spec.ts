import { expect, type Page, test } from '@playwright/test'

import { setAccountLocale, signInAs } from '../helpers/auth'
import { englishWordsIn } from '../helpers/english-words'
import { gotoHydrated } from '../helpers/hydration'
import { translator } from '../helpers/i18n'
import { seedProduct } from '../helpers/seed'
import { ADMIN_EMAIL, useShop } from '../helpers/shop'
import { hasHorizontalScroll, smallTapTargets } from './admin-catalogue-fixtures'
import { clearThrottle, form, mailSubject, mailText, raw, resetLinkIn, useMailbox } from './auth-helpers'
import { expectNoSeriousA11yViolations } from './storefront-support'

// The admin's own account in Telugu and Hindi: the language chosen on the account page and kept with
// the account, the sign-in pages in the browser's language before sign-in, their field messages, the
// change of password, and the reset mail in the account's language (docs/decisions/0045).

const shopEnv: Record<string, string> = {}
const mailbox = useMailbox(shopEnv)
const shop = useShop({ env: shopEnv })

async function accountLocale() {
	return (await shop().db().selectFrom('admin').select('locale').where('id', '=', 1).executeTakeFirstOrThrow()).locale
}

async function open(page: Page, path: string, js: boolean) {
	if (js) await gotoHydrated(page, `${shop().url}${path}`)
	else await page.goto(`${shop().url}${path}`)
}

/** The error list under a field, found from the field's own id (Field links them). */
async function errorsOf(page: Page, label: string) {
	const id = await page.getByLabel(label, { exact: true }).getAttribute('id')
	return page.locator(`[id="${id}-error"]`)
}

/** Interface text of a page that is not in the admin frame: its title (without the shop's name) and body. */
async function pageText(page: Page) {
	const title = (await page.title()).split(' | ')[0]
	const body = await page.evaluate(() => {
		const copy = document.body.cloneNode(true) as HTMLElement
		for (const own of copy.querySelectorAll('[data-seller-text], script, style, template')) own.remove()
		const labels = [...document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')]
			.filter((e) => !e.closest('[data-seller-text]'))
			.flatMap((e) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => e.getAttribute(name) ?? ''))
		document.body.append(copy)
		const text = copy.innerText
		copy.remove()
		return [text, ...labels].join('\n')
	})
	return `${title}\n${body}`
}

test.beforeEach(() => clearThrottle(shop()))
test.afterEach(() => setAccountLocale(shop(), 'en'))

for (const js of [true, false]) {
	test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })

		test('choosing Telugu on the account page puts the whole admin in Telugu and keeps the choice', async ({ page, context }) => {
			await signInAs(context, shop())
			const te = translator('te')
			await open(page, '/admin/settings/account', js)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(translator('en').t('adminAccount.title'))
			await expect(page.getByText(ADMIN_EMAIL)).toBeVisible()
			await page.getByRole('radio', { name: 'తెలుగు' }).check()
			await page.getByRole('button', { name: translator('en').t('adminAccount.save') }).click()
			// The flash is written in the language just chosen, and the frame follows at once.
			await expect(page.getByText(te.t('adminAccount.saved'))).toBeVisible()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(te.t('adminAccount.title'))
			await expect(page.locator('#admin-sidebar').getByRole('link', { name: te.t('admin.navProducts') })).toBeVisible()
			await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN')
			await expect(page.getByRole('radio', { name: 'తెలుగు' })).toBeChecked()
			expect(await accountLocale()).toBe('te')
			// The next page, and its title, too.
			await open(page, '/admin/settings/password', js)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(te.t('adminAuth.changePassword'))
			await expect(page).toHaveTitle(te.t('admin.metaTitle', { title: te.t('adminAuth.changePassword') }))
			await expect(page.locator('#admin-sidebar').getByRole('link', { name: te.t('admin.navOrders') })).toBeVisible()
		})

		test('the account page refuses a language it does not offer, in the account language', async ({ page, context }) => {
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			await open(page, '/admin/settings/account', js)
			// A forged value the radios never offer: the server checks it again.
			await page
				.locator('input[name="locale"]')
				.first()
				.evaluate((input: HTMLInputElement) => {
					input.value = 'fr'
					input.checked = true
				})
			await page.getByRole('button', { name: translator('hi').t('adminAccount.save') }).click()
			await expect(page.getByText(translator('hi').t('adminAccount.languageRequired'))).toBeVisible()
			expect(await accountLocale()).toBe('hi')
		})

		test('a bad sign-in form shows its field messages in Telugu next to the fields', async ({ browser }) => {
			const context = await browser.newContext({ locale: 'te-IN', javaScriptEnabled: js })
			const page = await context.newPage()
			const te = translator('te')
			await open(page, '/auth', js)
			await page.getByLabel(te.t('adminAuth.email'), { exact: true }).fill('not an address')
			await page.getByRole('button', { name: te.t('adminAuth.signIn') }).click()
			await expect(await errorsOf(page, te.t('adminAuth.email'))).toHaveText(te.msg('adminAuth.emailInvalid'))
			await expect(await errorsOf(page, te.t('adminAuth.password'))).toHaveText(te.msg('adminAuth.passwordRequired'))
			// A wrong password: the form's message, in Telugu too.
			await page.getByLabel(te.t('adminAuth.email'), { exact: true }).fill(ADMIN_EMAIL)
			await page.getByLabel(te.t('adminAuth.password'), { exact: true }).fill('not-the-password-at-all')
			await page.getByRole('button', { name: te.t('adminAuth.signIn') }).click()
			await expect(page.getByRole('alert').filter({ hasText: te.t('adminAuth.invalidCredentials') })).toBeVisible()
			await context.close()
		})

		test('changing the password shows its messages in Hindi next to the fields', async ({ page, context }) => {
			await setAccountLocale(shop(), 'hi')
			await signInAs(context, shop())
			const hi = translator('hi')
			await open(page, '/admin/settings/password', js)
			await page.getByLabel(hi.t('adminAuth.currentPassword'), { exact: true }).fill('whatever-it-is')
			await page.getByLabel(hi.t('adminAuth.newPassword'), { exact: true }).fill('short')
			await page.getByLabel(hi.t('adminAuth.confirmPassword'), { exact: true }).fill('different')
			await page
				.locator('main')
				.getByRole('button', { name: hi.t('adminAuth.changePassword') })
				.click()
			await expect(await errorsOf(page, hi.t('adminAuth.confirmPassword'))).toHaveText(hi.msg('adminAuth.mismatch'))
		})

		for (const locale of ['te', 'hi'] as const) {
			for (const [name, path] of [
				['sign-in', '/auth'],
				['reset email', '/auth?mode=reset-email'],
				['used reset link', '/auth?reset=true&token=not-a-token'],
			] as const) {
				test(`the ${name} page in ${locale}: no English interface word`, async ({ browser }) => {
					const context = await browser.newContext({ locale: `${locale}-IN`, javaScriptEnabled: js })
					const page = await context.newPage()
					await open(page, path, js)
					await expect(page.locator('html')).toHaveAttribute('lang', `${locale}-IN`)
					expect(englishWordsIn(await pageText(page))).toEqual([])
					if (js) {
						await page.setViewportSize({ width: 390, height: 844 })
						expect(await hasHorizontalScroll(page)).toBe(false)
						expect(await smallTapTargets(page)).toEqual([])
						await expectNoSeriousA11yViolations(page)
					}
					await context.close()
				})
			}
		}
	})
}

test('the sign-in page follows Accept-Language before sign-in, and says so in Vary', async () => {
	for (const [header, locale] of [
		['te', 'te'],
		['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
		['fr-FR,fr;q=0.9', 'en'],
		['', 'en'],
	] as const) {
		const response = await raw(shop(), '/auth', { headers: header ? { 'Accept-Language': header } : {} })
		expect(response.status).toBe(200)
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(response.headers.get('Vary') ?? '').toContain('Accept-Language')
		const html = await response.text()
		expect(html).toContain(translator(locale).t('adminAuth.welcomeBack'))
	}
})

/** A mail subject as a reader sees it (RFC 2047 encoded words decoded). */
function decodedSubject(rawMail: string) {
	return mailSubject(rawMail.replace(/\r?\n[ \t]+/g, ' ')).replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
		kind.toLowerCase() === 'b'
			? Buffer.from(text, 'base64').toString('utf8')
			: Buffer.from(
					text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
					'latin1',
				).toString('utf8'),
	)
}

for (const locale of ['te', 'hi'] as const) {
	test(`the reset mail is in the account's language (${locale}), whatever the browser asks for`, async () => {
		await setAccountLocale(shop(), locale)
		const settings = await shop().db().selectFrom('shop_settings').select('shop_name').where('id', '=', 1).executeTakeFirstOrThrow()
		const count = mailbox().messages.length
		const response = await raw(shop(), '/auth', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'en' },
			body: form({ intent: 'reset-email', email: ADMIN_EMAIL }),
		})
		expect(response.status).toBe(302)
		const mail = await mailbox().waitFor(count + 1)
		const { t } = translator(locale)
		expect(decodedSubject(mail.raw)).toBe(t('adminMail.resetSubject', { shop: settings.shop_name }))
		const text = mailText(mail.raw)
		expect(text).toContain(t('adminMail.resetOpenLink'))
		expect(text).toContain(t('adminMail.resetExpires', { minutes: 30 }))
		expect(resetLinkIn(mail.raw)).toMatch(/\/auth\?reset=true&token=/)
	})
}

test("a message waiting for the admin never shows on a storefront page, and a shop's message never in the admin", async ({
	page,
	context,
}) => {
	await setAccountLocale(shop(), 'te')
	await signInAs(context, shop())
	const te = translator('te')
	const saree = await seedProduct(shop(), { name: 'Flash Saree' })
	const post = (path: string, form: Record<string, string>) =>
		context.request.post(`${shop().url}${path}`, { form, headers: { Origin: shop().url }, maxRedirects: 0 })
	const flashes = () => page.locator('[role="status"], [role="alert"]')

	// The language saved, its answer's redirect not followed: its Telugu message waits in the cookie.
	expect((await post('/admin/settings/account', { locale: 'te' })).status()).toBe(302)
	await page.goto(`${shop().url}/product/${saree.id}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(saree.name)
	await expect(page.getByText(te.t('adminAccount.saved'))).toHaveCount(0)
	await expect(flashes()).toHaveCount(0)
	// Read once: it does not come back on the admin page either.
	await page.goto(`${shop().url}/admin/settings/account`)
	await expect(page.getByText(te.t('adminAccount.saved'))).toHaveCount(0)

	// A shop's message (the shortlist without JavaScript) waiting: the admin does not show it.
	expect((await post('/shortlist', { intent: 'add', productId: String(saree.id) })).status()).toBe(302)
	await page.goto(`${shop().url}/admin/settings/account`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(te.t('adminAccount.title'))
	await expect(page.getByText(translator('en').t('shortlist.flashAdded', { name: saree.name }))).toHaveCount(0)
	await expect(page.getByText(saree.name)).toHaveCount(0)

	// Signing out leaves a message (a ref) for the sign-in page: a Telugu storefront page never shows it as a key.
	expect((await post('/auth/sign-out', {})).status()).toBe(302)
	const storefront = await page.goto(`${shop().url}/te/product/${saree.id}`)
	expect(await storefront!.text()).not.toContain('adminAuth.')
	await expect(flashes()).toHaveCount(0)
})
