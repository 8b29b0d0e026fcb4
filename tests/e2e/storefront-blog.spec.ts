import { expect, test } from '@playwright/test'

import { seedBlog, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoSeriousA11yViolations, jsonLd, metaContent } from './storefront-support'

const shop = useShop()

type Seeded = Awaited<ReturnType<typeof seedBlog>>
let story: Seeded
let care: Seeded
let draft: Seeded

const STORY_CONTENT = [
	'## Tying the threads',
	'',
	'Before a single thread is woven, the **pattern** is tied into the yarn.',
	'',
	'- Mark the design',
	'- Tie and dye',
	'',
	'> A saree is a poem written in silk.',
	'',
	'Read about [Pochampally](https://en.wikipedia.org/wiki/Pochampally_Saree) and our [collections](/collections).',
	'',
	'<script>window.__fromPost = 1</script><img src=x onerror="window.__fromPost = 2">',
	'',
	'word '.repeat(580),
].join('\n')

test.beforeAll(async () => {
	await setShopSettings(shop(), { shopName: 'Padmavathi Silks' })
	care = await seedBlog(shop(), {
		title: 'Caring for Your Silk Saree',
		content: 'Fold it in muslin and air it every few months. '.repeat(10),
	})
	story = await seedBlog(shop(), {
		title: 'How Pochampally Ikat Is Made',
		oldSlugs: ['how-ikat-was-made'],
		excerpt: 'From tying the yarn to the last pick on the loom.',
		authorName: 'Lakshmi Devi',
		tags: ['craft', 'ikat'],
		cover: true,
		content: STORY_CONTENT,
	})
	draft = await seedBlog(shop(), { title: 'Unpublished Festive Lookbook', status: 'draft', oldSlugs: ['old-lookbook'] })
})

for (const javaScriptEnabled of [true, false]) {
	test.describe(`blog with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test('/blogs lists published posts as cards', async ({ page }) => {
			const response = await page.goto(`${shop().url}/blogs`)
			expect(response?.status()).toBe(200)
			await expect(page).toHaveTitle('Blogs – Padmavathi Silks')
			const cards = page.getByRole('main').getByRole('article')
			await expect(cards).toHaveCount(2)
			await expect(cards.getByRole('heading')).toHaveText(['How Pochampally Ikat Is Made', 'Caring for Your Silk Saree'])
			await expect(page.getByText('Unpublished Festive Lookbook')).toHaveCount(0)

			const first = cards.first()
			await expect(first.getByText('From tying the yarn to the last pick on the loom.')).toBeVisible()
			await expect(first.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['craft', 'ikat'])
			await expect(first.getByText('Lakshmi Devi')).toBeVisible()
			await expect(first.getByText('3 min read')).toBeVisible()
			await expect(first.locator('time')).toHaveText(/^\d{1,2} \w+ \d{4}$/)
			// The first card's image may be the largest paint on a phone: fetched at once, first.
			await expect(first.locator('img')).toHaveAttribute('loading', 'eager')
			await expect(first.locator('img')).toHaveAttribute('fetchpriority', 'high')

			const second = cards.nth(1)
			// No author: the shop's name; no excerpt: the start of the text with an ellipsis.
			await expect(second.getByText('Padmavathi Silks')).toBeVisible()
			await expect(second.getByText(/^Fold it in muslin and air it every few months\..*\.\.\.$/)).toBeVisible()
			await expect(second.getByText('1 min read')).toBeVisible()
			await expect(second.getByRole('img', { name: 'No Image' })).toBeVisible()

			await first.getByRole('link', { name: 'Read Now: How Pochampally Ikat Is Made' }).click()
			await expect(page).toHaveURL(`${shop().url}/blog/${story.slug}`)
			await expect(page.getByRole('heading', { level: 1, name: 'How Pochampally Ikat Is Made' })).toBeVisible()
		})

		test('a post: cover, title, author, date, read time and safe Markdown', async ({ page }) => {
			const response = await page.goto(`${shop().url}/blog/${story.slug}`)
			expect(response?.status()).toBe(200)
			await expect(page).toHaveTitle('How Pochampally Ikat Is Made – Padmavathi Silks')
			const article = page.getByRole('main').getByRole('article')
			await expect(article.getByRole('img', { name: 'How Pochampally Ikat Is Made' })).toHaveAttribute('fetchpriority', 'high')
			await expect(article.getByText('Lakshmi Devi')).toBeVisible()
			await expect(article.getByText('3 min read')).toBeVisible()
			await expect(article.getByRole('heading', { level: 2, name: 'Tying the threads' })).toBeVisible()
			await expect(article.locator('strong', { hasText: 'pattern' })).toBeVisible()
			await expect(article.getByRole('listitem').filter({ hasText: 'Tie and dye' })).toBeVisible()
			await expect(article.locator('blockquote')).toContainText('A saree is a poem written in silk.')
			const external = article.getByRole('link', { name: 'Pochampally' })
			await expect(external).toHaveAttribute('rel', /noopener/)
			await expect(external).toHaveAttribute('target', '_blank')
			await expect(article.getByRole('link', { name: 'collections', exact: true })).toHaveAttribute('rel', /noopener/)
			// Raw HTML in the Markdown is shown as text, never run.
			await expect(article.getByText('<script>window.__fromPost = 1</script>', { exact: false })).toBeVisible()
			await expect(article.locator('img[src="x"]')).toHaveCount(0)
			if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { __fromPost?: number }).__fromPost)).toBeUndefined()
		})

		test('a post is found by its id and by an earlier slug', async ({ page }) => {
			const byId = await page.goto(`${shop().url}/blog/${story.id}`)
			expect(byId?.status()).toBe(200)
			await expect(page.getByRole('heading', { level: 1, name: 'How Pochampally Ikat Is Made' })).toBeVisible()
			expect(await metaContent(page, 'canonical')).toBe(`${shop().url}/blog/${story.slug}`)

			await page.goto(`${shop().url}/blog/how-ikat-was-made`)
			await expect(page).toHaveURL(`${shop().url}/blog/${story.slug}`)
			await expect(page.getByRole('heading', { level: 1, name: 'How Pochampally Ikat Is Made' })).toBeVisible()

			await page.goto(`${shop().url}/blog/${care.slug}`)
			await expect(page.getByRole('img', { name: 'No Image' })).toBeVisible()
			await expect(page.getByRole('main').getByText('Padmavathi Silks', { exact: true })).toBeVisible()
		})

		for (const [label, path] of [
			['a draft by slug', () => `/blog/${draft.slug}`],
			['a draft by id', () => `/blog/${draft.id}`],
			['a draft by an old slug', () => '/blog/old-lookbook'],
			['an unknown post', () => '/blog/no-such-post'],
		] as const) {
			test(`${label}: "Blog not found" with status 404`, async ({ page }) => {
				const response = await page.goto(`${shop().url}${path()}`)
				expect(response?.status()).toBe(404)
				await expect(page.getByRole('heading', { name: 'Blog not found' })).toBeVisible()
				await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible()
				await expect(page.getByText('Unpublished Festive Lookbook')).toHaveCount(0)
				await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached()
			})
		}
	})
}

test('sharing tags and BlogPosting data for a post', async ({ page, request }) => {
	await page.goto(`${shop().url}/blog/${story.slug}`)
	expect(await metaContent(page, 'og:type')).toBe('article')
	expect(await metaContent(page, 'og:url')).toBe(`${shop().url}/blog/${story.slug}`)
	expect(await metaContent(page, 'description')).toBe('From tying the yarn to the last pick on the loom.')
	const ogImage = (await metaContent(page, 'og:image'))!
	expect(ogImage).toMatch(new RegExp(`^${shop().url}/media/images/[a-f0-9]{32}/720\\.jpg$`))
	const image = await request.get(ogImage)
	expect(image.headers()['content-type']).toBe('image/jpeg')
	const posting = (await jsonLd(page)).find((d) => d['@type'] === 'BlogPosting')!
	expect(posting).toMatchObject({
		headline: 'How Pochampally Ikat Is Made',
		author: { '@type': 'Person', name: 'Lakshmi Devi' },
		publisher: { name: 'Padmavathi Silks' },
		image: [ogImage],
		url: `${shop().url}/blog/${story.slug}`,
	})
})

test('no serious accessibility violations on the list and a post', async ({ page }) => {
	await page.goto(`${shop().url}/blogs`)
	await expectNoSeriousA11yViolations(page)
	await page.goto(`${shop().url}/blog/${story.slug}`)
	await expectNoSeriousA11yViolations(page)
	await page.setViewportSize({ width: 360, height: 740 })
	await expectNoSeriousA11yViolations(page)
})
