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

/**
 * The app's layers, top to bottom (docs/architecture.md): each may import its own and the ones below,
 * never one above. `imports` matches how a module of that layer is imported.
 */
const LAYERS = [
	{
		name: 'routes',
		files: ['app/routes/**', 'app/root.tsx', 'app/entry.*.tsx', 'app/routes.ts'],
		imports: String.raw`^~/(?:routes/|root$|entry\.)`,
	},
	{ name: 'the demo', files: ['app/demo/**'], imports: String.raw`^~/demo/` },
	{ name: 'components', files: ['app/components/**', 'app/hooks/**'], imports: String.raw`^~/(?:components|hooks)/`, browser: true },
	{ name: 'services', files: ['app/services/**'], imports: String.raw`^~/services/` },
	{ name: 'models', files: ['app/models/**'], imports: String.raw`^~/models/` },
	{ name: 'the database', files: ['app/db.server.ts', 'app/db-types.ts'], imports: String.raw`^~/db(?:\.server|-types)$` },
	{ name: 'schemas', files: ['app/schemas/**'], imports: String.raw`^~/schemas/` },
	{ name: 'utils', files: ['app/utils/**'], imports: String.raw`^~/utils/` },
	{ name: 'i18n', files: ['app/i18n/**'], imports: String.raw`^~/i18n/` },
	{ name: 'constants', files: ['app/constants.ts', 'app/constants.server.ts'], imports: String.raw`^~/constants(?:\.server)?$` },
]

/**
 * Admin screens whose words all come from the message catalogues (docs/decisions/0045): a word written
 * into their markup, a label, title or message property, fails the lint. Each admin module joins this
 * list as it is translated, until it is every admin route and component.
 */
const ADMIN_TRANSLATED = [
	'app/routes/admin/layout.tsx',
	'app/components/admin/sidebar.tsx',
	'app/components/admin/navigation-status.tsx',
	'app/components/admin/admin-page.tsx',
	'app/components/ui/flash-message.tsx',
	'app/components/ui/field.tsx',
	'app/components/admin/unsaved-changes-guard.tsx',
	'app/components/admin/delete-confirmation.tsx',
	'app/components/admin/status-badge.tsx',
	'app/components/admin/order-status-badge.tsx',
	'app/components/admin/translated-fields.tsx',
	'app/components/admin/view-in-shop.tsx',
	'app/components/admin/record-table.tsx',
	'app/components/admin/list-search.tsx',
	'app/components/admin/list-pager.tsx',
	'app/components/admin/order-route-error.tsx',
	'app/components/admin/upload-progress.tsx',
	'app/components/admin/editor-form.tsx',
	'app/components/admin/default-submit.tsx',
	'app/components/admin/card.tsx',
	'app/components/ui/button.tsx',
	'app/routes/admin/products.tsx',
	'app/routes/admin/products-bulk.tsx',
	'app/routes/admin/product-import.tsx',
	'app/components/admin/product-table.tsx',
	'app/schemas/product-bulk.ts',
	'app/schemas/catalogue-import.ts',
	'app/routes/admin/orders.tsx',
	'app/routes/admin/customers.tsx',
	'app/routes/admin/order-settings.tsx',
	'app/components/admin/order-settings-form.tsx',
	'app/schemas/order-settings.ts',
	'app/routes/admin/customer.tsx',
	'app/components/admin/customer-card.tsx',
	'app/routes/admin/order.tsx',
	'app/routes/admin/order-editor.tsx',
	'app/routes/admin/order-delete.tsx',
	'app/routes/admin/order-receipt.tsx',
	'app/components/admin/order-card.tsx',
	'app/components/admin/order-follow-up.tsx',
	'app/components/admin/order-stock.tsx',
	'app/components/admin/seller-text.tsx',
	'app/components/admin/draft-banner.tsx',
	'app/components/admin/order-form.tsx',
	'app/components/admin/order-items-table.tsx',
	'app/components/admin/order-link.tsx',
	'app/components/admin/order-payment.tsx',
	'app/components/admin/order-status-form.tsx',
	'app/components/admin/print-button.tsx',
	'app/schemas/order.ts',
	'app/routes/admin/dashboard.tsx',
	'app/routes/admin/reports.tsx',
	'app/routes/admin/settings.tsx',
	'app/routes/admin/tax-settings.tsx',
	'app/routes/admin/backup.tsx',
	'app/routes/admin/trash.tsx',
	'app/routes/admin/trash-empty.tsx',
	'app/routes/admin/trash-delete.tsx',
	'app/components/admin/backup-form.tsx',
	'app/components/admin/catalogue-feeds.tsx',
	'app/components/admin/settings-section.tsx',
	'app/routes/admin/hero-settings.tsx',
	'app/routes/admin/hero-settings.server.ts',
	'app/routes/admin/story-settings.tsx',
	'app/routes/admin/story-settings.server.ts',
	'app/routes/admin/video-upload.ts',
	'app/routes/admin/categories.tsx',
	'app/routes/admin/category-editor.tsx',
	'app/routes/admin/category-delete.tsx',
	'app/components/admin/video-upload.tsx',
	'app/components/admin/story-step-card.tsx',
	'app/components/admin/story-preview-grid.tsx',
	'app/schemas/hero.ts',
	'app/schemas/story.ts',
	'app/schemas/category.ts',
	'app/routes/admin/product-editor.tsx',
	'app/routes/admin/product-delete.tsx',
	'app/routes/admin/blog-editor.tsx',
	'app/routes/admin/blogs.tsx',
	'app/routes/admin/blog-delete.tsx',
	'app/routes/admin/shared-photos.ts',
	'app/components/admin/image-picker.tsx',
	'app/components/admin/photo-choices.tsx',
	'app/components/admin/single-image-picker.tsx',
	'app/components/admin/markdown-editor.tsx',
	'app/schemas/product.ts',
	'app/schemas/blog.ts',
	'app/schemas/image-upload.ts',
	'app/routes/admin/account.tsx',
	'app/routes/admin/change-password.tsx',
	'app/components/admin/change-password-form.tsx',
	'app/routes/auth/auth.tsx',
	'app/routes/auth/auth-shell.tsx',
	'app/routes/auth/sign-in.tsx',
	'app/routes/auth/sign-in-code.tsx',
	'app/routes/auth/reset-email.tsx',
	'app/routes/auth/set-password.tsx',
]
const OUTSIDE_CATALOGUES = 'Admin text comes from the message catalogues: t(…), or messageRef(…) for a message (docs/decisions/0045).'
const WORDS = String.raw`/\p{L}{2}/u`
// Words as a message or label starts (class names and keys do not).
const CAPITALISED = String.raw`/^\p{Lu}/u`
// A catalogue key, as t(), rich() and messageRef() are given (`admin.navProducts`).
const NOT_A_KEY = String.raw`:not([value=/^[a-z][A-Za-z]+\.[A-Za-z0-9_]+$/]):not([value=/^[\x2F#?]/])`
// The start of a key built in a template (`admin.language_${locale}`).
const KEY_START = String.raw`/^[a-z][A-Za-z]+\.[A-Za-z0-9_]*$/`
// Attributes that hold code, not words.
const CODE_ATTRIBUTE = String.raw`JSXAttribute[name.name=/^(className|href|to|action|id|name|type|method|role|rel|target|key|encType|autoComplete|inputMode|accept|form|htmlFor|prefetch|aria-current|aria-live|aria-hidden|lang|dir|loading|decoding|sizes|srcSet|src|width|height|pattern|reloadDocument|preventScrollReset|viewTransition|discover|replace)$/]`

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
	// The app imports its own modules by the `~/` alias, not by climbing directories, and only downwards
	// through its layers (docs/architecture.md): a module may import its own layer and the layers below.
	...LAYERS.map((layer, index) => ({
		files: layer.files,
		ignores: ['app/**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{ regex: String.raw`^\.\./(?!migrations/|public/)`, message: 'Import app modules as ~/…' },
						...LAYERS.slice(0, index)
							.filter((above) => above.name !== layer.name)
							.map((above) => ({
								regex: above.imports,
								message: `${layer.name} sit below ${above.name}: import downwards only (docs/architecture.md).`,
							})),
						...(layer.browser
							? [
									{
										regex: String.raw`\.server$|^~/db`,
										// A type is erased from what the browser loads; the code of a server module must never reach it.
										allowTypeImports: true,
										message: 'Components run in the browser too: no server module here (a type from one is fine).',
									},
								]
							: []),
					],
				},
			],
		},
	})),
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
	{
		files: ADMIN_TRANSLATED,
		rules: {
			'no-restricted-syntax': [
				'error',
				{ selector: `JSXText[value=${WORDS}]`, message: OUTSIDE_CATALOGUES },
				{
					selector: `JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|description|hint|confirm)$/] > Literal[value=${WORDS}]${NOT_A_KEY}`,
					message: OUTSIDE_CATALOGUES,
				},
				{
					selector: `JSXExpressionContainer Literal[value=${WORDS}]${NOT_A_KEY}:not(JSXAttribute > Literal):not(${CODE_ATTRIBUTE} Literal)`,
					message: OUTSIDE_CATALOGUES,
				},
				{
					selector: `JSXExpressionContainer TemplateElement[value.raw=${WORDS}]:not([value.raw=${KEY_START}]):not(${CODE_ATTRIBUTE} TemplateElement)`,
					message: OUTSIDE_CATALOGUES,
				},
				{
					selector: `Property[key.name=/^(label|title|description|message|text)$/] > Literal[value=${CAPITALISED}]${NOT_A_KEY}`,
					message: OUTSIDE_CATALOGUES,
				},
			],
		},
	},
	prettier,
)
