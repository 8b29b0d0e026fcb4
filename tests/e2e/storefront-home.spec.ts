import { expect, type Page, test } from '@playwright/test'

import { gotoHydrated, waitForHydration } from '../helpers/hydration'
import { type SeededProduct, seedProduct, seedVideo, setHero, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, jsonLd, metaContent } from './storefront-support'

const shop = useShop()

const SETTINGS = {
	shopName: 'Sri Lakshmi Handlooms',
	whatsappNumber: '+91 90000 12345',
	phone: '+91 40 2345 6789',
	email: 'namaste@lakshmi-handlooms.example',
	address: '12 Weavers Colony, Pochampally 508284',
	instagramUrl: 'https://instagram.com/lakshmi.handlooms',
}
const KANCHI = 'Kanchipattu Pochampally Ikkat'
const DHARMA = 'Dharmavaram Pochampally Ikkat'
const POCHAMPALLY = 'Pochampally Ikkat'
const STEPS = ['Acquiring Silk', 'Bleaching Yarn', 'Making Design', 'Weaving']

let active: SeededProduct[]

test.beforeAll(async () => {
	await setShopSettings(shop(), SETTINGS)
	active = []
	active.push(await seedProduct(shop(), { name: 'Indigo Ikat Saree', category: POCHAMPALLY }))
	active.push(await seedProduct(shop(), { name: 'Mango Ikat Saree', category: POCHAMPALLY }))
	await seedProduct(shop(), { name: 'Sold Dharmavaram Saree', category: DHARMA, status: 'out_of_stock' })
	active.push(await seedProduct(shop(), { name: 'Ruby Kanchi Saree', category: KANCHI }))
	active.push(await seedProduct(shop(), { name: 'Emerald Kanchi Saree', category: KANCHI }))
	active.push(await seedProduct(shop(), { name: 'Saffron Ikat Saree', category: POCHAMPALLY }))
	await seedProduct(shop(), { name: 'Unreleased Draft Saree', category: DHARMA, status: 'draft' })
})

async function expectHomeContent(page: Page) {
	await expect(page.getByText('To purchase, send the product code to us on WhatsApp.')).toBeVisible()

	const hero = page.getByRole('region', { name: 'Weaving Tradition, Elegance, and Legacy' })
	await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Weaving Tradition, Elegance, and Legacy')
	await expect(hero.getByText('– Pure Handloom Silk Sarees')).toBeVisible()
	await expect(hero.getByRole('link', { name: 'Explore Collection' })).toHaveAttribute('href', '#collections')
	await expect(hero.getByRole('link', { name: 'Know Our Story' })).toHaveAttribute('href', '#about')
	await expect(page.locator('#collections')).toContainText('Saree Categories')
	await expect(page.locator('#about')).toContainText('About Us')

	// Categories: a category with an active product links to its tab; the others are "Coming Soon".
	const categories = page.locator('#collections')
	await expect(categories.getByRole('link', { name: new RegExp(KANCHI) })).toHaveAttribute(
		'href',
		`/collections?category=${encodeURIComponent(KANCHI)}`,
	)
	await expect(categories.getByRole('link', { name: new RegExp(`^${POCHAMPALLY}`) })).toHaveAttribute(
		'href',
		`/collections?category=${encodeURIComponent(POCHAMPALLY)}`,
	)
	await expect(categories.getByRole('link', { name: new RegExp(DHARMA) })).toHaveCount(0)
	const comingSoon = categories.locator('[data-coming-soon]')
	await expect(comingSoon).toHaveCount(1)
	await expect(comingSoon).toContainText(DHARMA)
	await expect(comingSoon).toContainText('Coming Soon')

	// Newly Arrived: the 4 newest active sarees, each tagged NEW.
	const arrivals = page.getByRole('region', { name: 'Newly Arrived' })
	await expect(arrivals.getByRole('article')).toHaveCount(4)
	await expect(arrivals.getByRole('article').getByRole('heading')).toHaveText(
		[...active]
			.reverse()
			.slice(0, 4)
			.map((p) => p.name),
	)
	await expect(arrivals.getByText('New', { exact: true })).toHaveCount(4)
	await expect(arrivals.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/collections')
	await expect(page.getByText('Unreleased Draft Saree')).toHaveCount(0)
	await expect(page.getByText('Sold Dharmavaram Saree')).toHaveCount(0)

	const story = page.getByRole('region', { name: 'Saree making steps' })
	for (const step of STEPS) await expect(story.getByRole('heading', { name: step })).toBeAttached()

	const achievements = page.getByRole('region', { name: 'A legacy woven thread by thread' })
	await expect(achievements.getByText('25+', { exact: true })).toBeVisible()
	await expect(achievements.getByText('Best Weaver Award')).toBeVisible()
	await expect(achievements.getByText('100%', { exact: true })).toBeVisible()
	await expect(achievements.getByText('Handcrafted on the loom')).toBeVisible()
	const strip = page.getByRole('region', { name: 'Our promise' })
	for (const item of ['Pure Silk', 'Free Shipping', 'Handmade']) await expect(strip.getByText(item, { exact: true })).toBeVisible()

	const floating = page.getByRole('link', { name: 'Contact us on WhatsApp' })
	await expect(floating).toHaveAttribute('href', '/whatsapp')
	await expect(floating).toHaveAttribute('target', '_blank')
	await expect(floating).toHaveAttribute('rel', /noopener/)

	const footer = page.getByRole('contentinfo')
	await expect(footer.getByRole('heading', { name: SETTINGS.shopName })).toBeVisible()
	await expect(footer.getByRole('link', { name: SETTINGS.email })).toHaveAttribute('href', `mailto:${SETTINGS.email}`)
	await expect(footer.getByRole('link', { name: SETTINGS.phone })).toHaveAttribute('href', 'tel:+914023456789')
	await expect(footer.getByText(SETTINGS.address)).toBeVisible()
	await expect(footer.getByRole('link', { name: `${SETTINGS.shopName} on Instagram` })).toHaveAttribute('href', SETTINGS.instagramUrl)
	await expect(footer.getByRole('link', { name: 'Message us on WhatsApp' })).toHaveAttribute('href', '/whatsapp')
	const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link')
	await expect(quick).toHaveText(['Home', 'Collections', 'About Us', 'Blogs'])
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`home with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		test('every section with the spec texts; shop details from the settings', async ({ page }) => {
			const response = await page.goto(`${shop().url}/`)
			expect(response?.status()).toBe(200)
			await expectHomeContent(page)
			const nav = page.getByRole('navigation', { name: 'Main' })
			for (const [name, href] of [
				['Home', '/'],
				['Collections', '/collections'],
				['About Us', '/about'],
				['Blogs', '/blogs'],
			] as const) {
				await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
			}
			const contact = page.getByRole('banner').getByRole('link', { name: 'Contact' }).first()
			await expect(contact).toHaveAttribute('href', '/whatsapp')
			await expect(contact).toHaveAttribute('target', '_blank')
		})

		test('on a phone the menu is reachable from the Menu button', async ({ page }) => {
			await page.setViewportSize({ width: 360, height: 740 })
			if (javaScriptEnabled) await gotoHydrated(page, `${shop().url}/`)
			else await page.goto(`${shop().url}/`)
			await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
			const drawer = page.getByRole('navigation', { name: 'Mobile' })
			await expect(drawer).toBeHidden()
			await page.locator('header [data-menu] > summary').click()
			await expect(drawer).toBeVisible()
			await expect(drawer.getByRole('link')).toHaveText(['Home', 'Collections', 'About Us', 'Blogs'])
			await drawer.getByRole('link', { name: 'About Us' }).click()
			await expect(page).toHaveURL(`${shop().url}/about`)
			await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${SETTINGS.shopName}` })).toBeVisible()
		})

		test('the hero buttons jump to their sections', async ({ page }) => {
			await page.goto(`${shop().url}/`)
			await page.getByRole('link', { name: 'Know Our Story' }).click()
			await expect(page).toHaveURL(`${shop().url}/#about`)
			await expect(page.getByRole('heading', { name: 'Handwoven heritage from the looms of Pochampally' })).toBeInViewport()
			await page
				.getByRole('link', { name: 'Explore Collection' })
				.first()
				.evaluate((a) => a.scrollIntoView())
			await page
				.getByRole('region', { name: 'Weaving Tradition, Elegance, and Legacy' })
				.getByRole('link', { name: 'Explore Collection' })
				.click()
			await expect(page).toHaveURL(`${shop().url}/#collections`)
			await expect(page.getByRole('heading', { name: 'Saree Categories' })).toBeInViewport()
		})
	})
}

test.describe('home without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('all four story steps are readable', async ({ page }) => {
		await page.goto(`${shop().url}/`)
		const story = page.getByRole('region', { name: 'Saree making steps' })
		for (const step of STEPS) await expect(story.getByRole('heading', { name: step })).toBeVisible()
		await expect(story.getByText('On a pit loom the weaver aligns the dyed threads')).toBeVisible()
		await expect(story.getByRole('button')).toHaveCount(0)
	})
})

test.describe('home with JavaScript', () => {
	test('a menu opened before the scripts start stays open when they take over, and closes on navigation', async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 })
		// Hold the scripts back until the visitor has tapped Menu, as on a slow phone.
		let release!: () => void
		const tapped = new Promise<void>((resolve) => (release = resolve))
		await page.route(/\/assets\/.*\.js$/, async (route) => {
			await tapped
			await route.continue()
		})
		await page.goto(`${shop().url}/`)
		const drawer = page.getByRole('navigation', { name: 'Mobile' })
		await page.locator('header [data-menu] > summary').click()
		await expect(drawer).toBeVisible()
		await expect(page.locator('html[data-hydrated="true"]')).not.toBeAttached()
		release()
		await waitForHydration(page)
		await expect(drawer).toBeVisible()
		// Now under React's care: Escape closes it and gives focus back to the Menu button.
		await page.keyboard.press('Escape')
		await expect(drawer).toBeHidden()
		await page.locator('header [data-menu] > summary').click()
		await drawer.getByRole('link', { name: 'Collections' }).click()
		await expect(page).toHaveURL(`${shop().url}/collections`)
		await expect(drawer).toBeHidden()
	})

	test('story slideshow: step names, previous/next with wrap-around, dots and pause', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/`)
		const story = page.getByRole('region', { name: 'Saree making steps' })
		await story.scrollIntoViewIfNeeded()
		const current = story.getByRole('group').and(story.locator(':not([inert])'))
		await expect(current).toHaveCount(1)
		await story.getByRole('button', { name: 'Weaving', exact: true }).click()
		await expect(current).toHaveAccessibleName('4 of 4: Weaving')
		await expect(story.getByRole('button', { name: 'Weaving', exact: true })).toHaveAttribute('aria-pressed', 'true')
		await expect(story.getByText('On a pit loom the weaver aligns the dyed threads')).toBeInViewport()
		await story.getByRole('button', { name: 'Next slide' }).click()
		await expect(current).toHaveAccessibleName('1 of 4: Acquiring Silk')
		await story.getByRole('button', { name: 'Previous slide' }).click()
		await expect(current).toHaveAccessibleName('4 of 4: Weaving')
		await story.getByRole('button', { name: 'Go to slide 2: Bleaching Yarn' }).click()
		await expect(current).toHaveAccessibleName('2 of 4: Bleaching Yarn')
		await expect(story.getByRole('button', { name: 'Go to slide 2: Bleaching Yarn' })).toHaveAttribute('aria-current', 'true')
		await expect(story.getByText('The yarn is degummed and bleached')).toBeInViewport()
		await story.getByRole('button', { name: 'Pause slideshow' }).click()
		await expect(story.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
	})

	test('story slideshow advances on its own', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/`)
		const story = page.getByRole('region', { name: 'Saree making steps' })
		await expect(story.getByRole('button', { name: 'Acquiring Silk', exact: true })).toHaveAttribute('aria-pressed', 'true')
		await expect(story.getByRole('button', { name: 'Bleaching Yarn', exact: true })).toHaveAttribute('aria-pressed', 'true', {
			timeout: 15_000,
		})
	})

	test('no auto-advance when the visitor prefers reduced motion', async ({ page }) => {
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await page.goto(`${shop().url}/`)
		const story = page.getByRole('region', { name: 'Saree making steps' })
		await expect(story.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
		await expect(story.getByRole('button', { name: 'Acquiring Silk', exact: true })).toHaveAttribute('aria-pressed', 'true')
	})

	test('the header hides when scrolling down past 100 px and returns when scrolling up', async ({ page }) => {
		await gotoHydrated(page, `${shop().url}/`)
		const header = page.getByRole('banner')
		await expect(header).toHaveAttribute('data-hidden', 'false')
		await page.mouse.move(600, 400)
		await page.mouse.wheel(0, 60)
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(30)
		await expect(header).toHaveAttribute('data-hidden', 'false')
		await page.mouse.wheel(0, 900)
		await expect(header).toHaveAttribute('data-hidden', 'true')
		await expect(header).not.toBeInViewport()
		await page.mouse.wheel(0, -300)
		await expect(header).toHaveAttribute('data-hidden', 'false')
		await expect(header).toBeInViewport()
	})

	test('the drawer closes with Escape; a scroll progress bar is on the home page only', async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 })
		await gotoHydrated(page, `${shop().url}/`)
		await expect(page.getByTestId('scroll-progress')).toHaveCount(1)
		const drawer = page.getByRole('navigation', { name: 'Mobile' })
		await page.locator('header [data-menu] > summary').click()
		await expect(drawer).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(drawer).toBeHidden()
		await page.locator('header [data-menu] > summary').click()
		await page.getByRole('button', { name: 'Close menu' }).click()
		await expect(drawer).toBeHidden()
		await page.goto(`${shop().url}/blogs`)
		await expect(page.getByTestId('scroll-progress')).toHaveCount(0)
	})

	test('sharing tags and Organization data come from the settings', async ({ page }) => {
		await page.goto(`${shop().url}/`)
		await expect(page).toHaveTitle(`${SETTINGS.shopName} – Pure Handloom Pochampally Ikat Silk Sarees`)
		expect(await metaContent(page, 'canonical')).toBe(`${shop().url}/`)
		expect(await metaContent(page, 'og:title')).toBe(`${SETTINGS.shopName} – Pure Handloom Pochampally Ikat Silk Sarees`)
		expect(await metaContent(page, 'og:image')).toBe(`${shop().url}/media/${active.at(-1)!.images[0]!.key}/720.jpg`)
		const org = (await jsonLd(page)).find((d) => d['@type'] === 'Organization')!
		expect(org).toMatchObject({
			name: SETTINGS.shopName,
			url: `${shop().url}/`,
			email: SETTINGS.email,
			sameAs: [SETTINGS.instagramUrl],
		})
	})

	test('no horizontal scroll at 360 px; no serious accessibility violations', async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 })
		await page.goto(`${shop().url}/`)
		await expectNoHorizontalScroll(page)
		await expectNoSeriousA11yViolations(page)
		await page.setViewportSize({ width: 1280, height: 800 })
		await expectNoSeriousA11yViolations(page)
	})
})

test.describe('hero video', () => {
	test.afterEach(async () => {
		await setHero(shop(), { videoEnabled: false, videoKey: null, posterKey: null, title: 'Weaving Tradition, Elegance, and Legacy' })
	})

	test('the poster paints first; the muted looping video starts after load, not under reduced motion', async ({ page, browser }) => {
		const { posterKey, videoKey } = await seedVideo(shop(), { video: true })
		await setHero(shop(), { posterKey, videoKey, videoEnabled: true, title: 'Silk that Tells Stories' })

		// The page as sent shows the poster; the video, which only ever plays with scripts, is added by them.
		const html = await (await page.request.get(`${shop().url}/`)).text()
		expect(html.indexOf(`/media/${posterKey}`)).toBeGreaterThan(0)
		expect(html).not.toContain('<video')

		await gotoHydrated(page, `${shop().url}/`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Silk that Tells Stories')
		const poster = page.locator(`img[src="/media/${posterKey}"]`)
		await expect(poster).toHaveAttribute('fetchpriority', 'high')
		const video = page.getByRole('region', { name: 'Silk that Tells Stories' }).locator('video')
		await expect(video).toHaveCount(1)
		expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline)).toBe(true)
		await expect(video.locator('source')).toHaveAttribute('src', `/media/${videoKey}`)
		await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
		// Scrolled out of view it pauses, and plays again on the way back.
		await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
		await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
		await page.evaluate(() => window.scrollTo(0, 0))
		await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)

		// Under reduced motion there is no video at all: nothing of it is downloaded.
		const calm = await browser.newContext({ reducedMotion: 'reduce' })
		const calmPage = await calm.newPage()
		const videoRequests: string[] = []
		calmPage.on('request', (request) => {
			if (request.url().includes(`/media/${videoKey}`)) videoRequests.push(request.url())
		})
		await gotoHydrated(calmPage, `${shop().url}/`)
		await calmPage.waitForLoadState('load')
		await calmPage.waitForTimeout(500)
		await expect(calmPage.getByRole('region', { name: 'Silk that Tells Stories' }).locator('video')).toHaveCount(0)
		expect(videoRequests).toEqual([])
		await calm.close()
	})

	test('a visitor already scrolled past the hero downloads none of the video until they come back', async ({ page }) => {
		const { videoKey } = await seedVideo(shop(), { video: true })
		await setHero(shop(), { videoKey, videoEnabled: true, title: 'Silk that Tells Stories' })
		const videoRequests: string[] = []
		page.on('request', (request) => {
			if (request.url().includes(`/media/${videoKey}`)) videoRequests.push(request.url())
		})
		await gotoHydrated(page, `${shop().url}/#collections`)
		const video = page.getByRole('region', { name: 'Silk that Tells Stories' }).locator('video')
		await expect(video).toHaveCount(1)
		await page.waitForTimeout(500)
		expect(videoRequests).toEqual([])
		expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
		await page.evaluate(() => window.scrollTo(0, 0))
		await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
		expect(videoRequests.length).toBeGreaterThan(0)
	})

	test('without JavaScript the poster shows and no video element is sent', async ({ browser }) => {
		const { posterKey, videoKey } = await seedVideo(shop(), { video: true })
		await setHero(shop(), { posterKey, videoKey, videoEnabled: true })
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto(`${shop().url}/`)
		await expect(page.locator(`img[src="/media/${posterKey}"]`)).toBeVisible()
		await expect(page.locator('video')).toHaveCount(0)
		await context.close()
	})

	test('a disabled video is not on the page', async ({ page }) => {
		const { posterKey, videoKey } = await seedVideo(shop(), { video: true })
		await setHero(shop(), { posterKey, videoKey, videoEnabled: false })
		await gotoHydrated(page, `${shop().url}/`)
		await expect(page.locator('video')).toHaveCount(0)
		await expect(page.locator(`img[src="/media/${posterKey}"]`)).toHaveCount(1)
	})
})

test('shop details are never hard-coded: a new name shows everywhere', async ({ page }) => {
	await setShopSettings(shop(), { shopName: 'Renamed Silk Studio', instagramUrl: '', email: '' })
	try {
		await page.goto(`${shop().url}/`)
		await expect(page.getByRole('link', { name: 'Renamed Silk Studio – home' })).toBeVisible()
		await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Renamed Silk Studio' })).toBeVisible()
		await expect(page.getByRole('link', { name: /on Instagram/ })).toHaveCount(0)
		await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toHaveCount(0)
		await expect(page.getByText(SETTINGS.shopName)).toHaveCount(0)
	} finally {
		await setShopSettings(shop(), SETTINGS)
	}
})

test('the header fits the narrowest phones: the shop’s name never runs under the search, shortlist and menu buttons', async ({
	browser,
}) => {
	for (const width of [320, 360, 390, 412]) {
		const page = await browser.newPage({ viewport: { width, height: 700 } })
		await page.goto(`${shop().url}/`)
		const name = await page.locator('header a[aria-label$="home"] span').boundingBox()
		const search = await page.getByRole('link', { name: 'Search sarees' }).boundingBox()
		expect(name!.x + name!.width, `at ${width} px`).toBeLessThanOrEqual(search!.x)
		expect(name!.y, `at ${width} px`).toBeGreaterThanOrEqual(0)
		// Each header control stays a 44 px target, and the menu keeps its name.
		for (const control of [page.getByRole('link', { name: 'Search sarees' }), page.locator('header [data-menu] > summary')]) {
			const box = (await control.boundingBox())!
			expect(Math.min(box.width, box.height), `at ${width} px`).toBeGreaterThanOrEqual(44)
		}
		await expect(page.locator('header [data-menu] > summary')).toHaveAccessibleName('Menu')
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
		await page.close()
	}
})
