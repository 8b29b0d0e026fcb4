import { expect, type Page } from '@playwright/test'

/**
 * Waits until React has hydrated the page. Public pages load their scripts only after their first
 * paint, so until then a click is handled by the browser as a plain link (a full page load).
 */
export async function waitForHydration(page: Page) {
	await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

/** Opens `url` and waits for hydration. */
export async function gotoHydrated(page: Page, url: string) {
	const response = await page.goto(url)
	await waitForHydration(page)
	return response
}
