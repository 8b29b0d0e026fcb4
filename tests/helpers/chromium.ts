import fs from 'node:fs'

/** The Chromium the tests drive: PLAYWRIGHT_CHROMIUM_PATH, then the system one, else Playwright's own. */
export function chromiumPath(): string | undefined {
	const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
	return candidates.find((c): c is string => !!c && fs.existsSync(c))
}

export const CHROMIUM_ARGS = [
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic',
	'--disable-dev-shm-usage',
]
