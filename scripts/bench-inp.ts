// Interaction to Next Paint of the storefront's interactions on a phone: a 412 px, DPR 1.75 touch
// screen with the CPU slowed four times (Lighthouse's mobile profile), measured the way web-vitals
// does: Event Timing entries (durationThreshold 16) grouped by interactionId, the longest of a group
// being that interaction's latency. Each interaction is taken in a fresh page after hydration.
import { type BrowserContext, chromium, type Page } from '@playwright/test'

import { CHROMIUM_ARGS } from '../tests/helpers/chromium'

export type Interaction = { name: string; path: string; act: (page: Page) => Promise<void> }

export type InteractionResult = { name: string; path: string; inpMs: number[] }

/** The interactions of issue 32 ("Interaction speed"), on the pages where a visitor meets them. */
export function storefrontInteractions(productPath: string): Interaction[] {
	const menu = (page: Page) => page.locator('header [data-menu] > summary').tap()
	return [
		{ name: 'opening the phone menu', path: '/', act: menu },
		{
			name: 'the language switcher (Telugu, in the menu)',
			path: '/',
			act: async (page) => {
				await menu(page)
				await page.locator('header [data-menu] a[hreflang="te-IN"]').tap()
			},
		},
		{ name: 'the filter disclosure', path: '/collections', act: (page) => page.locator('main details > summary').first().tap() },
		{
			name: 'a category tab',
			path: '/collections',
			act: (page) => page.getByRole('navigation', { name: 'Saree categories' }).getByRole('link').nth(1).tap(),
		},
		{
			name: 'a gallery thumbnail',
			path: productPath,
			act: (page) => page.getByRole('link', { name: /^Show image 2 of/ }).tap(),
		},
		{ name: 'the gallery zoom', path: productPath, act: (page) => page.getByRole('link', { name: /^Enlarge image/ }).tap() },
		{
			name: 'the shortlist heart on a card',
			path: '/collections',
			act: (page) =>
				page
					.getByRole('button', { name: /^Add .+ to shortlist$/ })
					.first()
					.tap(),
		},
		{
			name: '"Add to shortlist" on a product',
			path: productPath,
			act: (page) =>
				page
					.getByRole('main')
					.getByRole('button', { name: /^Add to shortlist/ })
					.tap(),
		},
	]
}

/** Reports every Event Timing entry of an interaction to the bench, even from a page that is being left. */
const OBSERVE = `new PerformanceObserver((list) => {
	for (const entry of list.getEntries()) if (entry.interactionId) window.benchInteraction(entry.interactionId, entry.duration)
}).observe({ type: 'event', durationThreshold: 16, buffered: true })`

/** The latency of the last interaction `act` made: 0 when no entry reached 16 ms (the shortest reported). */
async function measureOnce(context: BrowserContext, origin: string, interaction: Interaction) {
	const page = await context.newPage()
	try {
		const latencies = new Map<number, number>()
		await page.exposeFunction('benchInteraction', (id: number, duration: number) =>
			latencies.set(id, Math.max(latencies.get(id) ?? 0, duration)),
		)
		await page.addInitScript(OBSERVE)
		await page.goto(origin + interaction.path)
		await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
		const cdp = await context.newCDPSession(page)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
		// The page settles (lazy images, the idle work after hydration) before the tap.
		await page.waitForTimeout(1_000)
		await interaction.act(page)
		await page.waitForTimeout(1_500)
		const last = Math.max(0, ...latencies.keys())
		return latencies.get(last) ?? 0
	} finally {
		await page.close()
	}
}

export async function measureInteractions(
	origin: string,
	chromePath: string,
	interactions: Interaction[],
	runs: number,
	log: (message: string) => void,
): Promise<InteractionResult[]> {
	const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS })
	try {
		const results: InteractionResult[] = []
		for (const interaction of interactions) {
			const inpMs: number[] = []
			for (let i = 0; i < runs; i++) {
				// A fresh context each time: no shortlist or menu state carried over from the last run.
				const context = await browser.newContext({
					viewport: { width: 412, height: 823 },
					deviceScaleFactor: 1.75,
					isMobile: true,
					hasTouch: true,
				})
				try {
					inpMs.push(await measureOnce(context, origin, interaction))
				} finally {
					await context.close()
				}
			}
			log(`INP ${interaction.name}: ${inpMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}`)
			results.push({ name: interaction.name, path: interaction.path, inpMs })
		}
		return results
	} finally {
		await browser.close()
	}
}
