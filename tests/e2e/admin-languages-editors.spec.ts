import { expect, type Locator, type Page, test } from '@playwright/test'

import type { Locale } from '../../app/i18n/locales'
import { messageRef } from '../../app/i18n/message-ref'
import { CATEGORY_MESSAGES } from '../../app/schemas/category'
import { HERO_MESSAGES } from '../../app/schemas/hero'
import { IMAGE_MESSAGES } from '../../app/schemas/image-upload'
import { PRODUCT_MESSAGES } from '../../app/schemas/product'
import { setAccountLocale, signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { translator } from '../helpers/i18n'
import { seedBlog, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'

// The editors in the seller's language (docs/decisions/0045): the saree, the blog post, the hero, a
// weaving-story step and a category. Each form's messages appear in Telugu or Hindi next to their
// fields, what was typed stays, nothing is saved, and the save's own message is in her language too.
// With JavaScript (the browser checks first) and without (the server's answer).

const shop = useShop()
const te = translator('te')
const hi = translator('hi')

test.afterEach(() => setAccountLocale(shop(), 'en'))

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The field shows `message` as its own error (linked to it, marked invalid). */
async function expectFieldError(field: Locator, message: string) {
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)))
}

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

for (const js of [true, false]) {
	test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })

		async function open(page: Page, path: string, locale: Locale) {
			await setAccountLocale(shop(), locale)
			await signInAs(page.context(), shop())
			if (js) await gotoHydrated(page, `${shop().url}${path}`)
			else await page.goto(`${shop().url}${path}`)
		}

		test('a new saree in Telugu: each field says what is wrong in Telugu, keeps what was typed, and a renamed file is refused', async ({
			page,
		}) => {
			await open(page, '/admin/products/new', 'te')
			const field = (key: Parameters<typeof te.t>[0]) => page.getByLabel(te.t(key), { exact: true })
			await field('adminProductEditor.code').fill('PS 101!')
			await field('adminProductEditor.originalPrice').fill('పన్నెండు వేలు')
			await field('adminProductEditor.stock').fill('-2')
			// Leaving the field shows its message, which moves the buttons down: done before aiming at one.
			await field('adminProductEditor.stock').blur()
			await page.getByRole('button', { name: te.t('adminProductEditor.publishAdd') }).click()
			await expectFieldError(field('adminProductEditor.name'), te.msg(PRODUCT_MESSAGES.nameRequired))
			await expectFieldError(field('adminProductEditor.code'), te.msg(PRODUCT_MESSAGES.codeCharacters))
			await expectFieldError(field('adminProductEditor.originalPrice'), te.msg(PRODUCT_MESSAGES.priceInvalid))
			await expectFieldError(field('adminProductEditor.stock'), te.msg(PRODUCT_MESSAGES.stockInvalid))
			await expect(field('adminProductEditor.code')).toHaveValue('PS 101!')
			await expect(field('adminProductEditor.stock')).toHaveValue('-2')

			// Put right, with a text file named as a photo: judged by its bytes, refused in Telugu next to
			// the photos: with scripts as soon as it is chosen (it is not sent), without them by the server.
			const code = `TE-${js ? 'ON' : 'OFF'}`
			await field('adminProductEditor.name').fill('ఎరుపు పట్టు చీర')
			await field('adminProductEditor.code').fill(code)
			await field('adminProductEditor.originalPrice').fill('12500')
			await field('adminProductEditor.stock').fill('1')
			const firstCategory = await shop().db().selectFrom('categories').select('name').orderBy('position').executeTakeFirstOrThrow()
			await field('adminProductEditor.category').selectOption(firstCategory.name)
			await page.getByLabel(te.t('adminPhotos.images'), { exact: true }).setInputFiles({
				name: 'saree.jpg',
				mimeType: 'image/jpeg',
				buffer: Buffer.from('not a photo at all, only words'),
			})
			if (!js) await page.getByRole('button', { name: te.t('adminProductEditor.publishAdd') }).click()
			await expect(page.locator('#images-error')).toContainText(te.msg(IMAGE_MESSAGES.notSupported('saree.jpg')))
			await expect(field('adminProductEditor.name')).toHaveValue('ఎరుపు పట్టు చీర')
			expect(await shop().db().selectFrom('products').select('id').where('code', '=', code).execute()).toEqual([])
		})

		test('a saree saved in Hindi says so in Hindi, and its editor lists the orders holding it in Hindi', async ({ page }) => {
			const saree = await seedProduct(shop(), { name: `Gadwal ${js ? 'on' : 'off'}`, stock: 3 })
			await open(page, `/admin/products/${saree.id}/edit`, 'hi')
			await expect(page.getByText(hi.t('adminProductEditor.holdsNone'))).toBeVisible()
			await page.getByLabel(hi.t('adminProductEditor.stock'), { exact: true }).fill('4')
			await page.getByRole('button', { name: hi.t('adminProductEditor.publishEdit') }).click()
			await expect(flash(page, hi.t('adminProductEditor.updated'))).toBeVisible()
		})

		test('a blog post in Hindi: an empty title and text are refused in Hindi next to them', async ({ page }) => {
			await open(page, '/admin/blogs/new', 'hi')
			const title = page.getByLabel(hi.t('adminBlogs.fieldTitle'), { exact: true })
			const content = page.getByLabel(hi.t('adminBlogs.content'), { exact: true })
			const excerpt = page.getByLabel(hi.t('adminBlogs.excerpt'), { exact: true })
			await excerpt.fill('बुनकरों की कहानी')
			await page.getByRole('button', { name: hi.t('adminBlogs.publishAdd') }).click()
			await expectFieldError(title, hi.msg('adminBlogs.requiredOnAdd'))
			await expectFieldError(content, hi.msg('adminBlogs.requiredOnAdd'))
			await expect(excerpt).toHaveValue('बुनकरों की कहानी')
		})

		test('a blog post edited in Telugu: an over-long title is refused in Telugu; put right, it saves with a Telugu message', async ({
			page,
		}) => {
			const post = await seedBlog(shop())
			await open(page, `/admin/blogs/${post.id}/edit`, 'te')
			const title = page.getByLabel(te.t('adminBlogs.fieldTitle'), { exact: true })
			await title.fill('చ'.repeat(201))
			await page.getByRole('button', { name: te.t('adminBlogs.publishEdit') }).click()
			await expectFieldError(title, te.msg(messageRef('adminBlogs.titleTooLong', { max: 200 })))
			await title.fill(`నేత కథలు ${js ? 'on' : 'off'}`)
			await page.getByRole('button', { name: te.t('adminBlogs.publishEdit') }).click()
			await expect(flash(page, te.t('adminBlogs.updated'))).toBeVisible()
		})

		test('the hero in Telugu: an empty title is refused in Telugu next to it; the save says so in Telugu', async ({ page }) => {
			await open(page, '/admin/hero-settings', 'te')
			const title = page.getByLabel(te.t('adminHero.mainTitle'), { exact: true })
			const subtitle = page.getByLabel(te.t('adminHero.subtitle'), { exact: true })
			await title.fill('')
			await subtitle.fill('చేనేత పట్టు')
			await page.getByRole('button', { name: te.t('adminHero.save') }).click()
			await expectFieldError(title, te.msg(HERO_MESSAGES.titleRequired))
			await expect(subtitle).toHaveValue('చేనేత పట్టు')
			await title.fill('సంప్రదాయాన్ని నేస్తూ')
			await page.getByRole('button', { name: te.t('adminHero.save') }).click()
			await expect(flash(page, te.msg(HERO_MESSAGES.updated))).toBeVisible()
		})

		test('a story step in Hindi: an over-long description is refused in Hindi next to it', async ({ page }) => {
			await open(page, '/admin/story-settings', 'hi')
			const card = page
				.locator('section[aria-labelledby]')
				.filter({ has: page.getByLabel(hi.t('adminStory.description_')) })
				.first()
			const description = card.getByLabel(hi.t('adminStory.description_'), { exact: true })
			await description.fill('ह'.repeat(1001))
			if (!js) await card.getByRole('button', { name: hi.t('adminStory.save'), exact: true }).click()
			await expectFieldError(description, hi.msg(messageRef('adminStory.textTooLong', { max: 1000 })))
			await expect(description).toHaveValue('ह'.repeat(1001))
		})

		test('a category in Telugu: an empty name and a mistyped HSN code are refused in Telugu; a taken name too', async ({ page }) => {
			await open(page, '/admin/settings/categories/new', 'te')
			const name = page.getByLabel(te.t('adminCategories.name'), { exact: true })
			const hsn = page.getByLabel(te.t('adminCategories.hsn'), { exact: true })
			const add = page.getByRole('button', { name: te.t('adminCategories.add') })
			await hsn.fill('50x7')
			await hsn.blur()
			await add.click()
			await expectFieldError(name, te.msg(CATEGORY_MESSAGES.nameRequired))
			await expectFieldError(hsn, te.msg('adminCategories.hsnInvalid'))
			await expect(hsn).toHaveValue('50x7')
			// A name the shop has already (in another letter case): the server's check, in Telugu.
			const taken = await shop().db().selectFrom('categories').select('name').orderBy('position').executeTakeFirstOrThrow()
			await name.fill(taken.name.toUpperCase())
			await hsn.fill('5007')
			await add.click()
			await expectFieldError(page.getByLabel(te.t('adminCategories.name'), { exact: true }), te.msg(CATEGORY_MESSAGES.nameTaken))
		})
	})
}
