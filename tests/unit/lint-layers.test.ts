import path from 'node:path'

import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

// `npm run lint` (a stage of `npm test`) holds the app to its layers (docs/architecture.md): routes →
// components → services → models → the database → schemas → utils → i18n → constants, each importing
// its own layer and those below. These probes are the upward imports the code once had; the project's
// own lint configuration must refuse each, and let the same import through where it points downwards.

const ROOT = path.resolve(import.meta.dirname, '../..')

async function restrictedImports(filePath: string, source: string) {
	const eslint = new ESLint({ cwd: ROOT })
	const [result] = await eslint.lintText(`${source}\nexport { x }\n`, { filePath: path.join(ROOT, filePath) })
	return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

const UPWARD = [
	// A helper that reached up into the models (the old utils → models).
	['app/utils/probe.ts', "import { x } from '~/models/products.server'"],
	// Infrastructure that reached up into the form schemas (utils → schemas).
	['app/utils/probe.ts', "import { x } from '~/schemas/product'"],
	// A helper that imported a component (utils → components).
	['app/utils/probe.ts', "import { x } from '~/components/shop/pagination'"],
	// A helper that read the demo's data (utils → demo).
	['app/utils/probe.ts', "import { x } from '~/demo/seed.server'"],
	// A helper that opens the database itself: helpers sit below it, the database reads its settings from them.
	['app/utils/probe.ts', "import { x } from '~/db.server'"],
	// A model that calls a server feature.
	['app/models/probe.server.ts', "import { x } from '~/services/session.server'"],
	// A service that imports a route module.
	['app/services/probe.server.ts', "import { x } from '~/routes/admin/products'"],
	// A climb out of the alias.
	['app/services/probe.server.ts', "import { x } from '../models/products.server'"],
] as const

test('the lint refuses every upward import between layers', async () => {
	for (const [file, source] of UPWARD) {
		expect(await restrictedImports(file, source), `${file}: ${source}`).not.toEqual([])
	}
}, 120_000)

test('the lint refuses a server module in a component, but lets its types through', async () => {
	expect(await restrictedImports('app/components/shop/probe.tsx', "import { x } from '~/services/session.server'")).not.toEqual([])
	expect(await restrictedImports('app/components/shop/probe.tsx', "import { x } from '~/utils/client-ip.server'")).not.toEqual([])
	expect(await restrictedImports('app/components/shop/probe.tsx', "import { type x } from '~/models/products.server'")).toEqual([])
}, 120_000)

test('the lint lets each layer import its own and the layers below', async () => {
	const DOWNWARD = [
		['app/routes/shop/probe.tsx', "import { x } from '~/services/catalogue-feed.server'"],
		['app/routes/shop/probe.tsx', "import { x } from '~/components/shop/pagination'"],
		['app/services/probe.server.ts', "import { x } from '~/models/products.server'"],
		['app/services/probe.server.ts', "import { x } from '~/services/storage.server'"],
		['app/models/probe.server.ts', "import { x } from '~/db.server'"],
		['app/schemas/probe.ts', "import { x } from '~/utils/money'"],
		['app/utils/probe.ts', "import { x } from '~/constants'"],
	] as const
	for (const [file, source] of DOWNWARD) {
		expect(await restrictedImports(file, source), `${file}: ${source}`).toEqual([])
	}
}, 120_000)
