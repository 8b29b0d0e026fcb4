import { type BrowserContext, expect, type Page, test } from '@playwright/test'

import { ADMIN_PAGES, FRAME_ONLY, type PageSetup } from '../helpers/admin-pages'
import { setAccountLocale, signInAs } from '../helpers/auth'
import { englishWordsIn } from '../helpers/english-words'
import { gotoHydrated } from '../helpers/hydration'
import { useShop } from '../helpers/shop'
import { hasHorizontalScroll, smallTapTargets } from './admin-catalogue-fixtures'
import { expectNoSeriousA11yViolations } from './storefront-support'

// The admin in the seller's language (docs/decisions/0045): with the account set to Telugu or Hindi,
// every translated admin screen shows no English interface word, with JavaScript on and off. The
// shop's name, brand names, codes and the seller's own data are hers and stay as she typed them.

const shop = useShop()

/** The page's interface text: its title, the sidebar, the top bar and the screen itself, names and labels included. */
async function visibleText(page: Page, frameOnly: boolean, scripting: boolean) {
	const scope = frameOnly ? '#admin-sidebar, [data-admin-top-bar]' : 'body'
	const title = frameOnly ? '' : await page.title()
	const body = await page.evaluate(
		({ selector, scripting }) => {
			const parts: string[] = []
			for (const element of document.querySelectorAll<HTMLElement>(selector)) {
				// The seller's own data is marked as hers: names, codes, addresses (never translated); what a
				// text box holds is what she typed.
				const copy = element.cloneNode(true) as HTMLElement
				// A noscript's content is markup as text when scripts run, and shown only when they do not.
				for (const own of copy.querySelectorAll(`[data-seller-text], textarea, script, style, template${scripting ? ', noscript' : ''}`))
					own.remove()
				parts.push(copy.innerText)
				for (const labelled of element.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
					if (labelled.closest('[data-seller-text]')) continue
					for (const name of ['aria-label', 'title', 'placeholder', 'alt']) parts.push(labelled.getAttribute(name) ?? '')
				}
			}
			return parts.join('\n')
		},
		{ selector: scope, scripting },
	)
	return `${title}\n${body}`
}

/** Buttons, links, headings and table headings whose text is cut off (wider than their box, hidden). */
async function clippedTexts(page: Page) {
	return page.evaluate(() => {
		const clipped: string[] = []
		for (const element of document.querySelectorAll<HTMLElement>('main button, main a, main h1, main h2, main h3, main th, main label')) {
			const style = getComputedStyle(element)
			if (style.display === 'none' || style.visibility === 'hidden' || element.closest('.sr-only, [aria-hidden="true"]')) continue
			const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis'
			if (hides && element.scrollWidth > element.clientWidth + 1)
				clipped.push(`${element.tagName} "${element.innerText.trim().slice(0, 40)}"`)
		}
		return clipped
	})
}

for (const locale of ['te', 'hi'] as const) {
	for (const js of [true, false]) {
		test.describe(`the admin in ${locale === 'te' ? 'Telugu' : 'Hindi'}, JavaScript ${js ? 'on' : 'off'}`, () => {
			// One signed-in browser context for the whole walk: every test opens its screen afresh, and the
			// scripts and styles stay in its cache from one screen to the next (as in the seller's browser).
			let context: BrowserContext
			let page: Page
			test.beforeAll(async ({ browser }) => {
				context = await browser.newContext({ javaScriptEnabled: js })
				await signInAs(context, shop())
				page = await context.newPage()
			})
			test.afterAll(() => context.close())
			test.beforeEach(async () => {
				await setAccountLocale(shop(), locale)
				// The last test left the page at 390 px.
				await page.setViewportSize(test.info().project.use.viewport!)
			})
			test.afterEach(() => setAccountLocale(shop(), 'en'))

			for (const { path, setup, frameOnly, ownWords } of [
				...ADMIN_PAGES,
				...FRAME_ONLY.map((path) => ({ path, frameOnly: true as const })),
			] as Array<{
				path: string
				setup?: PageSetup
				frameOnly?: boolean
				ownWords?: string[]
			}>) {
				test(`${path}: no English interface word`, async () => {
					const address = setup ? await setup(shop()) : path
					if (js) await gotoHydrated(page, `${shop().url}${address}`)
					else await page.goto(`${shop().url}${address}`)
					await expect(page.locator('html')).toHaveAttribute('lang', `${locale}-IN`)
					expect(englishWordsIn(await visibleText(page, frameOnly ?? false, js), ownWords)).toEqual([])
					if (!js || frameOnly) return
					// On a 390 px phone the longer Telugu and Hindi words still fit: no sideways scroll, no
					// clipped button or heading, 44 px targets, and a clean axe report (label in name included).
					await page.setViewportSize({ width: 390, height: 844 })
					expect(await hasHorizontalScroll(page)).toBe(false)
					expect(await clippedTexts(page)).toEqual([])
					expect(await smallTapTargets(page)).toEqual([])
					await expectNoSeriousA11yViolations(page)
				})
			}
		})
	}
}
