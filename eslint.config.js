import { defineConfig, globalIgnores } from 'eslint/config'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

export default defineConfig(
	globalIgnores(['build/', 'build-*/', '.react-router/', 'data/', 'uploads/', 'reports/', 'test-results/', 'playwright-report/']),
	{
		files: ['**/*.{js,mjs,cjs,ts,tsx}'],
		languageOptions: { parser: tseslint.parser },
	},
	regexp.configs['flat/recommended'],
	{
		rules: {
			'regexp/no-super-linear-backtracking': 'error',
			'regexp/no-super-linear-move': 'error',
		},
	},
)
