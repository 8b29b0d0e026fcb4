import { expect, type Page, test } from '@playwright/test'

import { waitForHydration } from '../helpers/hydration'
import { seedBlog, type SeededProduct, seedProduct, setShopSettings } from '../helpers/seed'
import { useShop } from '../helpers/shop'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, jsonLd, metaContent, parseWhatsAppLocation } from './storefront-support'

// The storefront in English, Telugu and Hindi: every public page at /te/… and /hi/…, the interface in
// the page's language, the seller's own text where she translated it (English where she did not), the
// WhatsApp messages, and what search engines are told.

const shop = useShop()

const SHOP_NAME = 'Kalanjali Weaves'
const LANGUAGES = [
	{ locale: 'te', tag: 'te-IN', name: 'తెలుగు', script: /[\u0C00-\u0C7F]/ },
	{ locale: 'hi', tag: 'hi-IN', name: 'हिन्दी', script: /[\u0900-\u097F]/ },
] as const

const TRANSLATED = {
	name: 'Ruby Kanchi Silk Saree',
	te: { name: 'కెంపు కంచి పట్టు చీర', description: 'ఎరుపు రంగు కంచిపట్టు, బంగారు జరీ అంచుతో.' },
	hi: { name: 'माणिक कांची रेशमी साड़ी', description: 'लाल कांचीपट्टु, सुनहरी ज़री के बॉर्डर के साथ।' },
}
const UNTRANSLATED = 'Teal Lotus Weave'

let translated: SeededProduct
let untranslated: SeededProduct
let postSlug: string

test.beforeAll(async () => {
	const s = shop()
	await setShopSettings(s, { shopName: SHOP_NAME, whatsappNumber: '+91 91234 56789' })
	untranslated = await seedProduct(s, { name: UNTRANSLATED, code: 'TL-7', images: 1, category: 'Pochampally Ikkat' })
	translated = await seedProduct(s, {
		name: TRANSLATED.name,
		code: 'RK-9',
		description: 'Red Kanchipattu with a gold zari border.',
		images: 1,
		originalPrice: 15_000,
		salePrice: 12_500,
	})
	await s
		.db()
		.updateTable('products')
		.set({
			name_te: TRANSLATED.te.name,
			description_te: TRANSLATED.te.description,
			name_hi: TRANSLATED.hi.name,
			description_hi: TRANSLATED.hi.description,
		})
		.where('id', '=', translated.id)
		.execute()
	const post = await seedBlog(s, { title: 'Caring for silk', content: 'Fold it in muslin.', authorName: 'Lakshmi' })
	postSlug = post.slug
	await s
		.db()
		.updateTable('blogs')
		.set({
			title_te: 'పట్టు చీర జాగ్రత్తలు',
			content_te: 'మస్లిన్ బట్టలో మడిచి పెట్టండి.',
			excerpt_te: 'పట్టు చీరను ఎలా దాచుకోవాలి.',
			title_hi: 'रेशमी साड़ी की देखभाल',
			content_hi: 'इसे मलमल के कपड़े में तह करके रखें।',
			excerpt_hi: 'रेशमी साड़ी कैसे सँभालें।',
		})
		.where('id', '=', post.id)
		.execute()
	await s
		.db()
		.updateTable('hero_settings')
		.set({ title_te: 'చేనేత సంప్రదాయం', subtitle_te: '– అచ్చమైన పట్టు చీరలు', title_hi: 'बुनाई की परंपरा', subtitle_hi: '– शुद्ध रेशमी साड़ियाँ' })
		.execute()
})

/** What a visitor (or a screen reader) gets of the page as text: its words, labels, alternatives and title. */
async function pageText(page: Page) {
	return page.evaluate(() => {
		const out = [document.title, document.body.innerText]
		for (const element of document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
			if (element.closest('[hidden], [aria-hidden="true"]')) continue
			for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
				const value = element.getAttribute(name)
				if (value) out.push(value)
			}
		}
		return out.join('\n')
	})
}

/** Latin words left on a page once the seller's own untranslated text, codes and names are taken out. */
async function englishLeft(page: Page, allowed: string[] = []) {
	let rest = await pageText(page)
	for (const text of [
		SHOP_NAME,
		UNTRANSLATED,
		untranslated.code,
		translated.code,
		'WhatsApp',
		'Instagram',
		'English',
		'GI',
		'Lakshmi',
		...allowed,
	])
		rest = rest.split(text).join(' ')
	return [...new Set(rest.match(/[A-Za-z]{2,}/g) ?? [])]
}

const pages = () => [
	{ path: '/', heading: null },
	{ path: '/collections', heading: null },
	{ path: `/product/${translated.id}`, heading: null },
	{ path: `/product/${untranslated.id}`, heading: null },
	{ path: '/about', heading: null },
	{ path: '/blogs', heading: null },
	{ path: `/blog/${postSlug}`, heading: null },
	{ path: '/shortlist', heading: null },
	{ path: '/collections?q=%E0%B0%95%E0%B0%BE%E0%B0%97%E0%B0%BF%E0%B0%A4%E0%B0%82', heading: null },
	{ path: '/no-such-page', heading: null },
]

for (const javaScriptEnabled of [true, false]) {
	test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })

		for (const language of LANGUAGES) {
			test(`every public page in ${language.locale}: its language, no English interface text, the switcher keeps the page`, async ({
				page,
			}) => {
				for (const { path } of pages()) {
					const address = `/${language.locale}${path === '/' ? '' : path}`
					const response = await page.goto(`${shop().url}${address}`)
					expect(response?.status(), address).toBe(path === '/no-such-page' ? 404 : 200)
					if (javaScriptEnabled) await waitForHydration(page)
					await expect(page.locator('html'), address).toHaveAttribute('lang', language.tag)
					expect(await englishLeft(page), address).toEqual([])
					expect(await pageText(page), address).toMatch(language.script)

					// The footer's switcher: the same page (and query) in every language.
					const switcher = page.getByRole('contentinfo').getByRole('list', { name: language.locale === 'te' ? 'భాష' : 'भाषा' })
					await expect(switcher.getByRole('link', { name: 'English' }), address).toHaveAttribute('href', path)
					await expect(switcher.getByRole('link', { name: language.name }), address).toHaveAttribute('aria-current', 'true')
				}
			})

			test(`the seller's text in ${language.locale}, and English where she has not translated it`, async ({ page }) => {
				await page.goto(`${shop().url}/${language.locale}/product/${translated.id}`)
				await expect(page.getByRole('heading', { level: 1 })).toHaveText(TRANSLATED[language.locale].name)
				await expect(page.getByText(TRANSLATED[language.locale].description)).toBeVisible()
				await expect(page.getByText('₹12,500').first()).toBeVisible()

				await page.goto(`${shop().url}/${language.locale}/product/${untranslated.id}`)
				const heading = page.getByRole('heading', { level: 1 })
				await expect(heading).toHaveText(UNTRANSLATED)
				// The English name is marked as English for screen readers, and nothing says it is missing.
				await expect(heading.locator('xpath=descendant-or-self::*[@lang="en-IN"]').first()).toBeAttached()

				await page.goto(`${shop().url}/${language.locale}/collections`)
				await expect(page.getByRole('link', { name: TRANSLATED[language.locale].name })).toBeVisible()
				await expect(page.getByRole('link', { name: UNTRANSLATED })).toBeVisible()
			})
		}

		test('the switcher takes a visitor to the same page in each language, and back', async ({ page }) => {
			await page.goto(`${shop().url}/product/${translated.id}`)
			await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
			if (javaScriptEnabled) await waitForHydration(page)
			await page.getByRole('contentinfo').getByRole('link', { name: 'తెలుగు' }).click()
			await expect(page).toHaveURL(`${shop().url}/te/product/${translated.id}`)
			await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN')
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(TRANSLATED.te.name)
			await page.getByRole('contentinfo').getByRole('link', { name: 'हिन्दी' }).click()
			await expect(page).toHaveURL(`${shop().url}/hi/product/${translated.id}`)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(TRANSLATED.hi.name)
			await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click()
			await expect(page).toHaveURL(`${shop().url}/product/${translated.id}`)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(TRANSLATED.name)

			// A search keeps its query across languages.
			await page.goto(`${shop().url}/collections?q=lotus`)
			await page.getByRole('contentinfo').getByRole('link', { name: 'తెలుగు' }).click()
			await expect(page).toHaveURL(`${shop().url}/te/collections?q=lotus`)
			await expect(page.getByRole('link', { name: UNTRANSLATED })).toBeVisible()

			// Links inside a Telugu page stay in Telugu.
			await page.goto(`${shop().url}/te`)
			if (javaScriptEnabled) await waitForHydration(page)
			await page.getByRole('contentinfo').getByRole('link', { name: 'మా గురించి' }).click()
			await expect(page).toHaveURL(`${shop().url}/te/about`)
			await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN')
		})
	})
}

test('the WhatsApp messages are in the language of the page, with the code and the link as they are', async ({ page }) => {
	for (const [locale, order] of [
		['te', 'నమస్తే, నేను ఈ చీరను ఆర్డర్ చేయాలనుకుంటున్నాను. ప్రోడక్ట్ కోడ్: RK-9 - కెంపు కంచి పట్టు చీర.'],
		['hi', 'नमस्ते, मुझे यह साड़ी ऑर्डर करनी है। प्रोडक्ट कोड: RK-9 - माणिक कांची रेशमी साड़ी.'],
		['en', `Hi, I want to order this saree. Product Code: RK-9 - ${TRANSLATED.name}.`],
	] as const) {
		await page.goto(`${shop().url}${locale === 'en' ? '' : `/${locale}`}/product/${translated.id}`)
		const href = await page
			.getByRole('link', { name: /WhatsApp/ })
			.first()
			.getAttribute('href')
		expect(href).toBe(`/whatsapp/product/${translated.id}${locale === 'en' ? '' : `?lang=${locale}`}`)
		const response = await fetch(`${shop().url}${href}`, { redirect: 'manual' })
		const { text } = parseWhatsAppLocation(response.headers.get('location'))
		expect(text).toBe(`${order}\n${shop().url}/product/${translated.id}`)
	}
	const general = await fetch(`${shop().url}/whatsapp?lang=te`, { redirect: 'manual' })
	expect(parseWhatsAppLocation(general.headers.get('location')).text).toBe('నమస్తే, మీ చీరల కలెక్షన్ నాకు నచ్చింది. దయచేసి మరిన్ని వివరాలు పంపండి.')
	// Anything else asks for English.
	const odd = await fetch(`${shop().url}/whatsapp?lang=xx`, { redirect: 'manual' })
	expect(parseWhatsAppLocation(odd.headers.get('location')).text).toBe(
		"Hi, I'm interested in your saree collection. Please provide more details.",
	)
})

test('search engines: hreflang alternates, canonical and og:locale per language, the sitemap lists every version, JSON-LD in the language', async ({
	page,
}) => {
	const origin = shop().url
	await page.goto(`${origin}/te/product/${translated.id}`)
	expect(await metaContent(page, 'canonical')).toBe(`${origin}/te/product/${translated.id}`)
	expect(await metaContent(page, 'og:locale')).toBe('te_IN')
	const alternates = await page
		.locator('link[rel="alternate"][hreflang]')
		.evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]))
	expect(alternates).toEqual([
		['en-IN', `${origin}/product/${translated.id}`],
		['te-IN', `${origin}/te/product/${translated.id}`],
		['hi-IN', `${origin}/hi/product/${translated.id}`],
		['x-default', `${origin}/product/${translated.id}`],
	])
	const product = (await jsonLd(page)).find((block) => block['@type'] === 'Product')
	expect(product?.name).toBe(TRANSLATED.te.name)
	expect(product?.description).toBe(TRANSLATED.te.description)

	await page.goto(`${origin}/hi/blog/${postSlug}`)
	const posting = (await jsonLd(page)).find((block) => block['@type'] === 'BlogPosting')
	expect(posting?.inLanguage).toBe('hi-IN')
	expect(posting?.headline).toBe('रेशमी साड़ी की देखभाल')

	const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
	for (const path of ['', '/collections', '/about', '/blogs', `/product/${translated.id}`, `/blog/${postSlug}`]) {
		for (const prefix of ['', '/te', '/hi']) expect(sitemap).toContain(`<loc>${origin}${prefix}${path || (prefix ? '' : '/')}</loc>`)
	}
	expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="te-IN" href="${origin}/te/product/${translated.id}"/>`)
	expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/product/${translated.id}"/>`)
})

test('a Telugu or Hindi page is the same for every visitor: cached as it is, never redirected by the browser language', async ({
	browser,
}) => {
	const context = await browser.newContext({ locale: 'te-IN', extraHTTPHeaders: { 'Accept-Language': 'te-IN,te;q=0.9' } })
	const page = await context.newPage()
	const response = await page.goto(`${shop().url}/`)
	expect(response?.url()).toBe(`${shop().url}/`)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
	await waitForHydration(page)
	// A visitor whose browser prefers Telugu is offered the Telugu page, not sent there.
	const suggestion = page.locator('[data-language-suggestion]')
	await expect(suggestion.getByRole('link', { name: 'ఈ పేజీని తెలుగులో చదవండి' })).toHaveAttribute('href', '/te')
	await suggestion.getByRole('button').click()
	await expect(suggestion).toHaveCount(0)
	await page.reload()
	await waitForHydration(page)
	await expect(suggestion).toHaveCount(0)
	await context.close()

	const first = await fetch(`${shop().url}/te/about`, { headers: { 'Accept-Language': 'hi' } })
	const second = await fetch(`${shop().url}/te/about`, { headers: { 'Accept-Language': 'en', Cookie: 'shop-language=hi' } })
	expect(first.headers.get('vary') ?? '').not.toMatch(/accept-language|cookie/i)
	const strip = (html: string) => html.replace(/nonce="[^"]*"/g, '')
	expect(strip(await first.text())).toBe(strip(await second.text()))
})

test('the choice made in the switcher is remembered: an English page then offers that language', async ({ page }) => {
	await page.goto(`${shop().url}/about`)
	await waitForHydration(page)
	await expect(page.locator('[data-language-suggestion]')).toHaveCount(0)
	await page.getByRole('contentinfo').getByRole('link', { name: 'हिन्दी' }).click()
	await expect(page).toHaveURL(`${shop().url}/hi/about`)
	await waitForHydration(page)
	await expect(page.locator('[data-language-suggestion]')).toHaveCount(0)
	await page.goto(`${shop().url}/collections`)
	await waitForHydration(page)
	await expect(page.locator('[data-language-suggestion]').getByRole('link')).toHaveAttribute('href', '/hi/collections')
})

for (const language of LANGUAGES) {
	test(`axe finds nothing serious on the ${language.locale} pages, and a 360 px phone shows them without overflow`, async ({ page }) => {
		// Eight pages, each read whole by axe: more than one page's time.
		test.slow()
		await page.setViewportSize({ width: 360, height: 780 })
		for (const path of [
			'',
			'/collections',
			`/product/${translated.id}`,
			`/product/${untranslated.id}`,
			'/about',
			'/blogs',
			`/blog/${postSlug}`,
			'/shortlist',
		]) {
			await page.goto(`${shop().url}/${language.locale}${path}`)
			await waitForHydration(page)
			await expectNoHorizontalScroll(page)
			// No text runs out of its button, link, tab or heading (words hidden for screen readers aside).
			const clipped = await page.evaluate(() => {
				const out: string[] = []
				const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
				for (let node = walker.nextNode(); node; node = walker.nextNode()) {
					const parent = node.parentElement
					if (!node.textContent?.trim() || !parent || parent.closest('.sr-only, [aria-hidden="true"]')) continue
					// What a closed <details> holds is not shown (only its summary is).
					if (parent.closest('details:not([open])') && !parent.closest('summary')) continue
					const box = parent.closest('a, button, summary, [role="tab"], h1, h2, h3, label')
					if (!box) continue
					const range = document.createRange()
					range.selectNodeContents(node)
					const text = range.getBoundingClientRect()
					const frame = box.getBoundingClientRect()
					if (!text.width || !frame.width) continue
					if (text.left < frame.left - 1 || text.right > frame.right + 1) out.push(node.textContent.trim().slice(0, 40))
				}
				return out
			})
			expect(clipped, path).toEqual([])
			await expectNoSeriousA11yViolations(page)
		}
	})
}
