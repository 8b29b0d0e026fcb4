import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import tseslint from 'typescript-eslint'

// Every source file is parsed as TypeScript; each block below adds one concern. Formatting belongs to
// Prettier (`npm run format`), so the rules that would fight it are off (eslint-config-prettier, last).
const PRODUCTION_CODE = ['app/**', 'server/**', 'scripts/**', 'migrations/**', '*.{js,ts}']

export default defineConfig(
	globalIgnores(['build/', 'build-*/', '.react-router/', 'data/', 'uploads/', 'reports/', 'test-results/', 'playwright-report/']),
	{
		files: ['**/*.{js,mjs,cjs,ts,tsx}'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { parser: tseslint.parser, globals: { process: 'readonly', console: 'readonly' } },
		plugins: { 'simple-import-sort': simpleImportSort },
		rules: {
			'simple-import-sort/imports': 'error',
			'simple-import-sort/exports': 'error',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// TypeScript already reports undefined names, with the types it knows about.
			'no-undef': 'off',
			// Closing what may already be closed, removing what may already be gone: nothing to do on failure.
			'no-empty': ['error', { allowEmptyCatch: true }],
		},
	},
	// The app imports its own modules by the `~/` alias, not by climbing directories.
	{
		files: ['app/**/*.{ts,tsx}'],
		ignores: ['app/**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ regex: String.raw`^\.\./(?!migrations/|public/)`, message: 'Import app modules as ~/…' }] },
			],
		},
	},
	// Kysely's own guidance: a migration sees the database as it was then, not today's typed schema.
	{
		files: ['migrations/**'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
	// Hooks follow React's rules; markup is accessible (the storefront and admin are also checked by axe in the e2e tests).
	{
		files: ['app/**/*.tsx'],
		extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
	},
	// Regular expressions in code that serves requests or handles the shop's data must run in linear
	// time, whatever they are fed.
	{
		files: PRODUCTION_CODE,
		extends: [regexp.configs['flat/recommended']],
		rules: {
			'regexp/no-super-linear-backtracking': 'error',
			'regexp/no-super-linear-move': 'error',
		},
	},
	prettier,
)
