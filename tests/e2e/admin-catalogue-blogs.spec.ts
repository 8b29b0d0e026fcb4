import fs from 'node:fs'

import { expect, type Page, test } from '@playwright/test'
import { sql } from 'kysely'

import { signInAs } from '../helpers/auth'
import { gotoHydrated } from '../helpers/hydration'
import { seedBlog } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { type ImageFiles, makeImageFiles, mediaExists, storedImageDirs } from './admin-catalogue-fixtures'

const shop = useShop()
let files: ImageFiles

test.beforeAll(async () => {
	files = await makeImageFiles()
})
test.afterAll(() => {
	if (files) fs.rmSync(files.dir, { recursive: true, force: true })
})

const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const blogBySlug = (slug: string) => shop().db().selectFrom('blogs').selectAll().where('slug', '=', slug).executeTakeFirst()
const blogById = (id: number) => shop().db().selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst()

// 200 characters of plain words: the excerpt default is its first 150 followed by "...".
const opening = 'Silk sarees last for generations when they are folded with care and aired every few months away from direct sun '
	.repeat(2)
	.slice(0, 200)
const markdown = `${opening}\n\n## Storing\n\nWrap each saree in **soft muslin** and keep it dry.\n\n<script>alert(1)</script>`

for (const js of [true, false]) {
	const tag = js ? 'js' : 'nojs'
	test.describe(`blogs with JavaScript ${js ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled: js })
		const open = (page: Page, url: string) => (js ? gotoHydrated(page, url) : page.goto(url))
		test.beforeEach(async ({ context }) => {
			await signInAs(context, shop())
		})

		test('publishes a post: slug from the title, default excerpt and author, Markdown and a cover image', async ({ page }) => {
			await page.goto(`${shop().url}/admin/blogs/new`)
			await page.getByLabel('Title', { exact: true }).fill(`Caring for Silk Sarees ${tag}`)
			await page.getByLabel('Content', { exact: true }).fill(markdown)
			await page.getByLabel('Tags').fill('care, silk,')
			await page.getByLabel('Cover Image').setInputFiles(files.wide)
			if (js) {
				await page.getByRole('button', { name: 'Preview' }).click()
				const preview = page.getByRole('region', { name: 'Preview' })
				await expect(preview.locator('strong')).toHaveText('soft muslin')
				await expect(preview.getByRole('heading', { name: 'Storing' })).toBeVisible()
				// Raw HTML is shown as text, never run.
				await expect(preview).toContainText('<script>alert(1)</script>')
				await expect(preview.locator('script')).toHaveCount(0)
				await page.getByRole('button', { name: 'Write' }).click()
				await expect(page.getByRole('img', { name: 'New image: wide-red.jpg' })).toBeVisible()
			}
			await page.getByRole('button', { name: 'Publish Blog' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
			await expect(flash(page, 'Blog published successfully!')).toBeVisible()
			await expect(page.getByRole('cell', { name: `Caring for Silk Sarees ${tag}`, exact: true })).toBeVisible()

			const blog = await blogBySlug(`caring-for-silk-sarees-${tag}`)
			expect(blog).toMatchObject({
				title: `Caring for Silk Sarees ${tag}`,
				content: markdown,
				excerpt: `${opening.slice(0, 150)}...`,
				author_name: 'Pochampally Silk House',
				status: 'published',
				cover_width: 600,
				cover_height: 400,
			})
			expect(blog!.published_at).not.toBeNull()
			expect(JSON.parse(blog!.tags)).toEqual(['care', 'silk'])
			expect(mediaExists(shop(), blog!.cover_image_key!)).toBe(true)
			expect((await fetch(`${shop().url}/media/${blog!.cover_image_key}/360.jpg`)).status).toBe(200)
		})

		test('the same title gets a -2 slug; renaming a post keeps its slug', async ({ page }) => {
			const first = await seedBlog(shop(), { title: `Same Title ${tag}` })
			await page.goto(`${shop().url}/admin/blogs/new`)
			await page.getByLabel('Title', { exact: true }).fill(`Same Title ${tag}`)
			await page.getByLabel('Content', { exact: true }).fill('Another post.')
			await page.getByLabel('Excerpt', { exact: true }).fill('My own excerpt')
			await page.getByLabel('Author Name').fill('Lakshmi')
			await page.getByRole('button', { name: 'Save as Draft' }).click()
			await expect(flash(page, 'Blog saved as draft successfully!')).toBeVisible()
			expect(await blogBySlug(`same-title-${tag}-2`)).toMatchObject({ status: 'draft', excerpt: 'My own excerpt', author_name: 'Lakshmi' })

			await page.goto(`${shop().url}/admin/blogs/${first.id}/edit`)
			await expect(page.getByText(`/blog/same-title-${tag}`)).toBeVisible()
			await page.getByLabel('Title', { exact: true }).fill(`Renamed Post ${tag}`)
			await page.getByRole('button', { name: 'Update & Publish' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
			await expect(flash(page, 'Blog updated successfully!')).toBeVisible()
			expect(await blogById(first.id)).toMatchObject({ title: `Renamed Post ${tag}`, slug: `same-title-${tag}`, status: 'published' })
		})

		test('title and content are required, with the add and edit messages', async ({ page }) => {
			const count = async () => (await shop().db().selectFrom('blogs').select('id').execute()).length
			const before = await count()
			// With JavaScript, typing waits for the page to be taken over (hydration would put the typed text back).
			await open(page, `${shop().url}/admin/blogs/new`)
			await page.getByLabel('Excerpt', { exact: true }).fill('Kept excerpt')
			await page.getByLabel('Tags').fill('kept, tags')
			await page.getByRole('button', { name: 'Publish Blog' }).click()
			await expect(page.getByText('Please fill in title and content fields.')).toHaveCount(2)
			await expect(page.getByLabel('Excerpt', { exact: true })).toHaveValue('Kept excerpt')
			await expect(page.getByLabel('Tags')).toHaveValue('kept, tags')
			await page.getByLabel('Title', { exact: true }).fill('Only a title')
			await page.getByRole('button', { name: 'Publish Blog' }).click()
			await expect(page.getByText('Please fill in title and content fields.')).toHaveCount(1)
			await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Only a title')
			expect(await count()).toBe(before)

			const { id } = await seedBlog(shop(), { title: `Needs Content ${tag}`, content: 'Some words about silk.' })
			await open(page, `${shop().url}/admin/blogs/${id}/edit`)
			await page.getByLabel('Content', { exact: true }).fill('   ')
			await page.getByRole('button', { name: 'Update & Publish' }).click()
			await expect(page.getByText('Title and content are required.')).toBeVisible()
			expect((await blogById(id))!.content).toBe('Some words about silk.')
		})

		test('refuses fake and oversize cover images, storing nothing', async ({ page }) => {
			const before = storedImageDirs(shop())
			await page.goto(`${shop().url}/admin/blogs/new`)
			await page.getByLabel('Title', { exact: true }).fill(`Refused Cover ${tag}`)
			await page.getByLabel('Content', { exact: true }).fill('Text stays.')
			for (const [file, message] of [
				[files.fake, 'File not-a-photo.jpg is not a supported image format.'],
				[files.big, 'File huge-photo.jpg is too large. Maximum size is 10MB.'],
			] as const) {
				await page.getByLabel('Cover Image').setInputFiles(file)
				if (!js) await page.getByRole('button', { name: 'Publish Blog' }).click()
				await expect(page.getByText(message)).toBeVisible()
				await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Refused Cover ${tag}`)
				await expect(page.getByLabel('Content', { exact: true })).toHaveValue('Text stays.')
				expect(await shop().db().selectFrom('blogs').select('id').where('title', '=', `Refused Cover ${tag}`).execute()).toEqual([])
				expect(storedImageDirs(shop())).toEqual(before)
			}
		})

		test('a failed save says so, keeps the form and removes the cover it had stored', async ({ page }) => {
			await sql
				.raw(
					`CREATE TRIGGER refuse_blog_${tag} BEFORE INSERT ON blogs WHEN NEW.title = 'Unlucky ${tag}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
				)
				.execute(shop().db())
			try {
				const before = storedImageDirs(shop())
				await page.goto(`${shop().url}/admin/blogs/new`)
				await page.getByLabel('Title', { exact: true }).fill(`Unlucky ${tag}`)
				await page.getByLabel('Content', { exact: true }).fill('Kept content.')
				await page.getByLabel('Cover Image').setInputFiles(files.square)
				await page.getByRole('button', { name: 'Publish Blog' }).click()
				await expect(page.getByRole('alert').filter({ hasText: 'Failed to save blog. Please try again.' })).toBeVisible()
				await expect(page.getByLabel('Content', { exact: true })).toHaveValue('Kept content.')
				expect(storedImageDirs(shop())).toEqual(before)
			} finally {
				await sql.raw(`DROP TRIGGER refuse_blog_${tag}`).execute(shop().db())
			}
		})

		test('removes a cover image and saves as a draft', async ({ page }) => {
			const { id, cover } = await seedBlog(shop(), { title: `Covered ${tag}`, cover: true })
			await page.goto(`${shop().url}/admin/blogs/${id}/edit`)
			await expect(page.getByRole('img', { name: 'Current image' })).toBeVisible()
			await page.getByLabel('Remove this image').check()
			await page.getByRole('button', { name: 'Save as Draft' }).click()
			await expect(flash(page, 'Blog saved as draft successfully!')).toBeVisible()
			expect(await blogById(id)).toMatchObject({ status: 'draft', cover_image_key: null })
			expect(mediaExists(shop(), cover!.key)).toBe(false)
		})

		test('deletes a post after confirmation: it goes to the trash, its cover files kept for a restore', async ({ page }) => {
			const { id, cover } = await seedBlog(shop(), { title: `Doomed Post ${tag}`, cover: true })
			await page.goto(`${shop().url}/admin/blogs`)
			await page.getByRole('link', { name: `Delete Doomed Post ${tag}` }).click()
			await expect(page.getByText(`Are you sure you want to delete "Doomed Post ${tag}"?`)).toBeVisible()
			await page.getByRole('button', { name: 'Delete' }).click()
			await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
			await expect(flash(page, 'Blog deleted successfully!')).toBeVisible()
			expect(await blogById(id)).toBeUndefined()
			expect(mediaExists(shop(), cover!.key)).toBe(true)
		})

		test('searches by title and says when nothing is found', async ({ page }) => {
			await seedBlog(shop(), { title: `Findable Weaving Notes ${tag}` })
			await page.goto(`${shop().url}/admin/blogs`)
			await page.getByLabel('Search by title').fill(`weaving notes ${tag}`)
			await page.getByRole('button', { name: 'Search' }).click()
			await expect(page).toHaveURL(/q=weaving/)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blogs (1)')
			await expect(page.getByRole('cell', { name: `Findable Weaving Notes ${tag}`, exact: true })).toBeVisible()
			await page.goto(`${shop().url}/admin/blogs?q=no-such-post-anywhere`)
			await expect(page.getByText('No blogs found matching your search.')).toBeVisible()
		})
	})
}

test('an empty blog says so', async ({ context, page }) => {
	await signInAs(context, shop())
	await shop().db().deleteFrom('blogs').execute()
	await page.goto(`${shop().url}/admin/blogs`)
	await expect(page.getByText('No blogs found. Create your first blog!')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blogs (0)')
})

test.describe('what the public blog shows after admin changes', () => {
	test('a published post is listed and rendered from Markdown at its slug; a draft is not', async ({ context, page }) => {
		await signInAs(context, shop())
		await page.goto(`${shop().url}/admin/blogs/new`)
		await page.getByLabel('Title', { exact: true }).fill('Public Post')
		await page.getByLabel('Content', { exact: true }).fill(markdown)
		await page.getByRole('button', { name: 'Publish Blog' }).click()
		await expect(page).toHaveURL(`${shop().url}/admin/blogs`)
		await page.goto(`${shop().url}/blogs`)
		await expect(page.getByText('Public Post')).toBeVisible()
		await expect(page.getByText(`${opening.slice(0, 150)}...`)).toBeVisible()
		await page.goto(`${shop().url}/blog/public-post`)
		await expect(page.getByRole('heading', { name: 'Public Post' })).toBeVisible()
		await expect(page.locator('strong', { hasText: 'soft muslin' })).toBeVisible()

		const draft = await seedBlog(shop(), { title: 'Secret Draft', status: 'draft' })
		await page.goto(`${shop().url}/blogs`)
		await expect(page.getByText('Secret Draft')).toHaveCount(0)
		expect((await fetch(`${shop().url}/blog/secret-draft`)).status).toBe(404)
		expect(draft.id).toBeGreaterThan(0)
	})
})
