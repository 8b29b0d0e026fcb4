import { expect, type Locator, type Page, test } from '@playwright/test'

import { signInAs } from '../helpers/auth'
import { seedBlog, seedProduct } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll } from './admin-catalogue-fixtures'

// The seller gives her own text in Telugu and Hindi beside the English, in every editor: a saree, a
// blog post, the hero and a weaving-story step. The translations sit under a "Telugu and Hindi
// (optional)" disclosure, open once something is in it; a translation over its limit is refused next
// to its field, and everything typed stays in the form. With JavaScript and without.

const shop = useShop()

test.beforeEach(async ({ context }) => {
	await signInAs(context, shop())
})

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const disclosure = (scope: Page | Locator) => scope.locator('details').filter({ hasText: 'Telugu and Hindi (optional)' })

/** Opens the disclosure (a native <details>: no JavaScript needed) unless it is open already. */
async function openTranslations(scope: Page | Locator) {
	const details = disclosure(scope)
	if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
	await expect(details).toHaveAttribute('open', '')
}

/** The field shows `message` as its own error, linked to it, and is marked invalid. */
async function expectFieldError(field: Locator, message: string) {
	await expect(field).toBeVisible()
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
}

const TE_NAME = 'ఆకుపచ్చ అంచుతో మెరూన్ కంచి ఇక్కత్ పట్టు చీర'
const HI_NAME = 'हरे बॉर्डर वाली मैरून कांची इकत सिल्क साड़ी'
const TE_DESCRIPTION = 'పోచంపల్లి డబుల్ ఇక్కత్‌లో నేసిన ముదురు మెరూన్ పట్టు చీర.\nస్వచ్ఛమైన మల్బరీ పట్టు.'
const HI_DESCRIPTION = 'पोचमपल्ली डबल इकत में बुनी गहरे मैरून रंग की साड़ी।'

for (const js of [true, false]) {
	const tag = js ? 'JS' : 'NOJS'
	test.describe(`translations with JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })

		test('a saree: Telugu and Hindi name and description are saved and shown again', async ({ page }) => {
			const { id } = await seedProduct(shop(), { name: `Maroon Kanchi ${tag}`, code: `TRP-${tag}`, description: 'Deep maroon silk.' })
			await page.goto(`${shop().url}/admin/products/${id}/edit`)
			// Nothing translated yet: the disclosure starts closed, so the phone shows the English form first.
			await expect(disclosure(page)).not.toHaveAttribute('open')
			await openTranslations(page)
			await page.getByLabel('Name in Telugu').fill(TE_NAME)
			await page.getByLabel('Name in Hindi').fill(HI_NAME)
			await page.getByLabel('Description in Telugu').fill(TE_DESCRIPTION)
			await page.getByLabel('Description in Hindi').fill(HI_DESCRIPTION)
			await page.getByRole('button', { name: 'Update & Publish' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/products`)
			await expect(flash(page, 'Product updated successfully!')).toBeVisible()

			const row = await shop()
				.db()
				.selectFrom('products')
				.select(['name', 'description', 'name_te', 'name_hi', 'description_te', 'description_hi'])
				.where('id', '=', id)
				.executeTakeFirstOrThrow()
			expect(row).toEqual({
				name: `Maroon Kanchi ${tag}`,
				description: 'Deep maroon silk.',
				name_te: TE_NAME,
				name_hi: HI_NAME,
				description_te: TE_DESCRIPTION,
				description_hi: HI_DESCRIPTION,
			})

			await page.goto(`${shop().url}/admin/products/${id}/edit`)
			await expect(disclosure(page)).toHaveAttribute('open', '')
			await expect(page.getByLabel('Name in Telugu')).toHaveValue(TE_NAME)
			await expect(page.getByLabel('Name in Telugu')).toHaveAttribute('lang', 'te')
			await expect(page.getByLabel('Name in Hindi')).toHaveValue(HI_NAME)
			await expect(page.getByLabel('Name in Hindi')).toHaveAttribute('lang', 'hi')
			await expect(page.getByLabel('Description in Telugu')).toHaveValue(TE_DESCRIPTION)
			await expect(page.getByLabel('Description in Hindi')).toHaveValue(HI_DESCRIPTION)
			await expect(page.getByLabel('Description in Hindi')).toHaveAttribute('lang', 'hi')
		})

		test('a saree: an over-long translation is refused next to its field; everything typed stays', async ({ page }) => {
			const { id } = await seedProduct(shop(), { name: `Peacock Blue ${tag}`, code: `TRL-${tag}` })
			await page.goto(`${shop().url}/admin/products/${id}/edit`)
			await page.getByLabel('Product Name').fill(`Peacock Blue Kanchi ${tag}`)
			await page.getByLabel('Description', { exact: true }).fill('Typed English description.')
			await openTranslations(page)
			await page.getByLabel('Name in Telugu').fill(TE_NAME)
			await page.getByLabel('Name in Hindi').fill('क'.repeat(201))
			await page.getByLabel('Description in Telugu').fill(TE_DESCRIPTION)
			await page.getByRole('button', { name: 'Update & Publish' }).click()

			await expectFieldError(page.getByLabel('Name in Hindi'), 'Keep the name in Hindi under 200 characters.')
			await expect(page.getByText('Keep the name in Hindi under 200 characters.')).toHaveCount(1)
			await expect(page.getByLabel('Name in Telugu')).not.toHaveAttribute('aria-invalid', 'true')
			await expect(page.getByLabel('Product Name')).toHaveValue(`Peacock Blue Kanchi ${tag}`)
			await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Typed English description.')
			await expect(page.getByLabel('Name in Telugu')).toHaveValue(TE_NAME)
			await expect(page.getByLabel('Description in Telugu')).toHaveValue(TE_DESCRIPTION)
			await expect(page.getByLabel('Name in Hindi')).toHaveValue('क'.repeat(201))
			expect(
				await shop().db().selectFrom('products').select(['name', 'name_te', 'name_hi']).where('id', '=', id).executeTakeFirstOrThrow(),
			).toEqual({ name: `Peacock Blue ${tag}`, name_te: '', name_hi: '' })

			// Shortened, it saves.
			await page.getByLabel('Name in Hindi').fill(HI_NAME)
			await page.getByRole('button', { name: 'Update & Publish' }).click()
			await expect(flash(page, 'Product updated successfully!')).toBeVisible()
			expect(
				await shop().db().selectFrom('products').select(['name', 'name_te', 'name_hi']).where('id', '=', id).executeTakeFirstOrThrow(),
			).toEqual({ name: `Peacock Blue Kanchi ${tag}`, name_te: TE_NAME, name_hi: HI_NAME })
		})

		test('a blog post: a Telugu title, post and excerpt and a Hindi title are saved and shown again', async ({ page }) => {
			const { id } = await seedBlog(shop(), { title: `Silk Care ${tag}`, content: '## Care\n\nAir it in the shade.' })
			await page.goto(`${shop().url}/admin/blogs/${id}/edit`)
			await openTranslations(page)
			const content = '## సంరక్షణ\n\nచీరను **నీడలో** ఆరబెట్టండి.'
			await page.getByLabel('Title in Telugu').fill('పట్టు చీర సంరక్షణ')
			await page.getByLabel('Content in Telugu').fill(content)
			await page.getByLabel('Excerpt in Telugu').fill('పట్టు మెరుపు నిలవాలంటే.')
			await page.getByLabel('Title in Hindi').fill('रेशमी साड़ी की देखभाल')
			await page.getByRole('button', { name: 'Update & Publish' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
			await expect(flash(page, 'Blog updated successfully!')).toBeVisible()
			expect(
				await shop()
					.db()
					.selectFrom('blogs')
					.select(['title', 'title_te', 'title_hi', 'content_te', 'content_hi', 'excerpt_te', 'excerpt_hi'])
					.where('id', '=', id)
					.executeTakeFirstOrThrow(),
			).toEqual({
				title: `Silk Care ${tag}`,
				title_te: 'పట్టు చీర సంరక్షణ',
				title_hi: 'रेशमी साड़ी की देखभाल',
				content_te: content,
				content_hi: '',
				excerpt_te: 'పట్టు మెరుపు నిలవాలంటే.',
				excerpt_hi: '',
			})

			await page.goto(`${shop().url}/admin/blogs/${id}/edit`)
			await expect(disclosure(page)).toHaveAttribute('open', '')
			await expect(page.getByLabel('Title in Telugu')).toHaveValue('పట్టు చీర సంరక్షణ')
			await expect(page.getByLabel('Content in Telugu')).toHaveValue(content)
			await expect(page.getByLabel('Content in Telugu')).toHaveAttribute('lang', 'te')
			await expect(page.getByLabel('Excerpt in Telugu')).toHaveValue('పట్టు మెరుపు నిలవాలంటే.')
			await expect(page.getByLabel('Title in Hindi')).toHaveValue('रेशमी साड़ी की देखभाल')
			await expect(page.getByLabel('Content in Hindi')).toHaveValue('')
		})

		test('a blog post: an over-long translated excerpt is refused next to it; everything typed stays', async ({ page }) => {
			const { id } = await seedBlog(shop(), { title: `Weaving ${tag}` })
			await page.goto(`${shop().url}/admin/blogs/${id}/edit`)
			await page.getByLabel('Title', { exact: true }).fill(`Weaving Days ${tag}`)
			await openTranslations(page)
			await page.getByLabel('Title in Hindi').fill('बुनाई के दिन')
			await page.getByLabel('Content in Hindi').fill('## करघा\n\nपाठ।')
			await page.getByLabel('Excerpt in Telugu').fill('ప'.repeat(501))
			await page.getByRole('button', { name: 'Update & Publish' }).click()
			await expectFieldError(page.getByLabel('Excerpt in Telugu'), 'Keep the excerpt in Telugu under 500 characters.')
			await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Weaving Days ${tag}`)
			await expect(page.getByLabel('Title in Hindi')).toHaveValue('बुनाई के दिन')
			await expect(page.getByLabel('Content in Hindi')).toHaveValue('## करघा\n\nपाठ।')
			expect(await shop().db().selectFrom('blogs').select(['title', 'title_hi']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
				title: `Weaving ${tag}`,
				title_hi: '',
			})
		})

		test('the hero: Telugu and Hindi title and subtitle; an over-long one is refused next to it', async ({ page }) => {
			await page.goto(`${shop().url}/admin/hero-settings`)
			await page.getByLabel('Main Title').fill(`Weaving Tradition ${tag}`)
			await openTranslations(page)
			await page.getByLabel('Title in Telugu', { exact: true }).fill('సంప్రదాయాన్ని నేస్తూ')
			await page.getByLabel('Subtitle in Telugu').fill('ప'.repeat(201))
			await page.getByLabel('Title in Hindi', { exact: true }).fill('परंपरा की बुनाई')
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expectFieldError(page.getByLabel('Subtitle in Telugu'), 'Keep the subtitle in Telugu under 200 characters.')
			await expect(page.getByLabel('Main Title')).toHaveValue(`Weaving Tradition ${tag}`)
			await expect(page.getByLabel('Title in Telugu', { exact: true })).toHaveValue('సంప్రదాయాన్ని నేస్తూ')
			await expect(page.getByLabel('Title in Hindi', { exact: true })).toHaveValue('परंपरा की बुनाई')
			expect((await shop().db().selectFrom('hero_settings').select('title').executeTakeFirstOrThrow()).title).not.toBe(
				`Weaving Tradition ${tag}`,
			)

			await page.getByLabel('Subtitle in Telugu').fill('స్వచ్ఛమైన చేనేత పట్టు చీరలు')
			await page.getByLabel('Subtitle in Hindi').fill('शुद्ध हथकरघा रेशमी साड़ियाँ')
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(flash(page, 'Hero settings updated successfully.')).toBeVisible()
			expect(
				await shop()
					.db()
					.selectFrom('hero_settings')
					.select(['title', 'title_te', 'title_hi', 'subtitle_te', 'subtitle_hi'])
					.executeTakeFirstOrThrow(),
			).toEqual({
				title: `Weaving Tradition ${tag}`,
				title_te: 'సంప్రదాయాన్ని నేస్తూ',
				title_hi: 'परंपरा की बुनाई',
				subtitle_te: 'స్వచ్ఛమైన చేనేత పట్టు చీరలు',
				subtitle_hi: 'शुद्ध हथकरघा रेशमी साड़ियाँ',
			})

			await page.goto(`${shop().url}/admin/hero-settings`)
			await expect(disclosure(page)).toHaveAttribute('open', '')
			await expect(page.getByLabel('Title in Telugu', { exact: true })).toHaveValue('సంప్రదాయాన్ని నేస్తూ')
			await expect(page.getByLabel('Subtitle in Hindi')).toHaveValue('शुद्ध हथकरघा रेशमी साड़ियाँ')
			await expect(page.getByLabel('Subtitle in Hindi')).toHaveAttribute('lang', 'hi')
		})

		test('a story step: its name and description in Telugu and Hindi; an over-long one is refused next to it', async ({ page }) => {
			const stepName = js ? 'Weaving' : 'Making Design'
			const card = () => page.getByRole('region', { name: `Step ${js ? 4 : 3}: ${stepName}`, exact: true })
			const row = () =>
				shop()
					.db()
					.selectFrom('story_steps')
					.select(['step_text', 'step_name_te', 'step_name_hi', 'step_text_te', 'step_text_hi'])
					.where('step_name', '=', stepName)
					.executeTakeFirstOrThrow()
			const save = async () => {
				if (js) await expect(card().getByRole('status')).toHaveText(`Text updated for ${stepName}`)
				else {
					await card().getByRole('button', { name: 'Save' }).click()
					await expect(flash(page, `Text updated for ${stepName}`)).toBeVisible()
				}
			}
			const before = await row()
			await page.goto(`${shop().url}/admin/story-settings`)
			await expect(disclosure(card())).not.toHaveAttribute('open')
			await openTranslations(card())
			await expect(card().getByLabel('Step name in Telugu')).toHaveAccessibleDescription(`In English: ${stepName}`)
			await card().getByLabel('Step name in Telugu').fill('నేత')
			await card().getByLabel('Description in Hindi').fill('ह'.repeat(1001))
			if (js) {
				await expectFieldError(card().getByLabel('Description in Hindi'), 'Keep the description in Hindi under 1000 characters.')
				// Nothing is saved while a field is over its limit.
				await expect(card().getByRole('status')).toHaveText('Unsaved changes…')
				await page.waitForTimeout(1500)
				await expect(card().getByRole('status')).toHaveText('Unsaved changes…')
			} else {
				await card().getByRole('button', { name: 'Save' }).click()
				await expectFieldError(card().getByLabel('Description in Hindi'), 'Keep the description in Hindi under 1000 characters.')
				await expect(card().getByLabel('Step name in Telugu')).toHaveValue('నేత')
				await expect(card().getByLabel('Description in Hindi')).toHaveValue('ह'.repeat(1001))
			}
			expect(await row()).toEqual(before)

			await card().getByLabel('Description in Hindi').fill('गड्ढे वाले करघे पर बुनकर रंगे धागे मिलाता है।')
			await card().getByLabel('Step name in Hindi').fill('बुनाई')
			await save()
			await expect.poll(row).toEqual({
				step_text: before.step_text,
				step_name_te: 'నేత',
				step_name_hi: 'बुनाई',
				step_text_te: '',
				step_text_hi: 'गड्ढे वाले करघे पर बुनकर रंगे धागे मिलाता है।',
			})

			await page.goto(`${shop().url}/admin/story-settings`)
			await expect(disclosure(card())).toHaveAttribute('open', '')
			await expect(card().getByLabel('Step name in Telugu')).toHaveValue('నేత')
			await expect(card().getByLabel('Step name in Telugu')).toHaveAttribute('lang', 'te')
			await expect(card().getByLabel('Step name in Hindi')).toHaveValue('बुनाई')
			await expect(card().getByLabel('Description in Hindi')).toHaveValue('गड्ढे वाले करघे पर बुनकर रंगे धागे मिलाता है।')
			await expect(card().getByLabel('Description', { exact: true })).toHaveValue(before.step_text)
		})
	})
}

test('the translations fit a 360 px phone, open, in every editor', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	const { id: product } = await seedProduct(shop(), { code: 'TR-PHONE', nameTe: 'చీర' })
	const { id: blog } = await seedBlog(shop(), { title: 'Phone post' })
	for (const path of [`/admin/products/${product}/edit`, `/admin/blogs/${blog}/edit`, '/admin/hero-settings', '/admin/story-settings']) {
		await page.goto(`${shop().url}${path}`)
		for (const details of await page.locator('details').filter({ hasText: 'Telugu and Hindi (optional)' }).all()) {
			if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
			const summary = await details.locator('summary').boundingBox()
			expect(summary!.height, path).toBeGreaterThanOrEqual(44)
		}
		expect(await hasHorizontalScroll(page), path).toBe(false)
	}
})
