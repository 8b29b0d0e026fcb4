import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
	test: {
		include: ['app/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		environment: 'node',
		pool: 'forks',
		testTimeout: 30_000,
	},
})
