import path from 'node:path'

import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
	test: {
		include: ['app/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		environment: 'node',
		pool: 'forks',
		testTimeout: 30_000,
		// Some suites encode a test video with ffmpeg first: seconds on a busy 2-core machine.
		hookTimeout: 60_000,
	},
})
