import { defineConfig, globalIgnores } from 'eslint/config'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

// Every source file is parsed as TypeScript; each block below adds one concern. Regular expressions in
// code that serves requests or handles the shop's data must run in linear time, whatever they are fed.
const PRODUCTION_CODE = ['app/**', 'server/**', 'scripts/**', 'migrations/**', '*.{js,ts}']

export default defineConfig(
	globalIgnores(['build/', 'build-*/', '.react-router/', 'data/', 'uploads/', 'reports/', 'test-results/', 'playwright-report/']),
	{
		files: ['**/*.{js,mjs,cjs,ts,tsx}'],
		languageOptions: { parser: tseslint.parser },
	},
	{
		files: PRODUCTION_CODE,
		extends: [regexp.configs['flat/recommended']],
		rules: {
			'regexp/no-super-linear-backtracking': 'error',
			'regexp/no-super-linear-move': 'error',
		},
	},
)
