import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM_ARGS, chromiumPath } from './tests/helpers/chromium'

// Each spec file starts the production build on its own database and uploads folder (tests/helpers/shop.ts).
export default defineConfig({
	testDir: 'tests/e2e',
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	workers: process.env.CI ? 2 : 2,
	retries: process.env.CI ? 1 : 0,
	reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
	use: {
		trace: 'retain-on-failure',
		launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
	},
	projects: [
		{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } } },
	],
})
