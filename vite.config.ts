import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

import reactRouterConfig from './react-router.config.ts'
import { sourceHash, writeBuildStamp } from './scripts/build-stamp.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `.br` and `.gz` copies of the client's hashed scripts and styles at the strongest settings,
 * once, at build time; the server sends them as they are (compressing on each request would use
 * brotli's fast levels and CPU time on every visit). About 15 % fewer bytes than on-the-fly brotli.
 */
function precompressAssets(): Plugin {
	return {
		name: 'precompress-assets',
		apply: 'build',
		async writeBundle(options) {
			if (this.environment?.name !== 'client' || !options.dir) return
			const dir = path.join(options.dir, 'assets')
			const files = (await fs.readdir(dir).catch(() => [])).filter((f) => /\.(?:js|css|svg|json)$/.test(f))
			await Promise.all(
				files.map(async (file) => {
					const source = await fs.readFile(path.join(dir, file))
					if (source.length < 1024) return
					const [br, gz] = await Promise.all([
						brotli(source, {
							params: {
								[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
								[zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
							},
						}),
						gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
					])
					await fs.writeFile(path.join(dir, `${file}.br`), br)
					await fs.writeFile(path.join(dir, `${file}.gz`), gz)
				}),
			)
		},
	}
}

/**
 * The operator's commands, compiled to plain JavaScript in `build/commands/` after React Router's own
 * builds, so that the container runs them with `node` alone and carries no TypeScript runner
 * (docs/decisions/0028). Last, the build records the hash of the source it was made from, which
 * `npm run demo` compares to rebuild after a change (scripts/build-stamp.ts).
 */
const BUILD_DIR = path.resolve(import.meta.dirname, reactRouterConfig.buildDirectory ?? 'build')
const COMMANDS = {
	start: './server/index.ts',
	migrate: './scripts/migrate.ts',
	'admin-password': './scripts/admin-password.ts',
	backup: './scripts/backup.ts',
	restore: './scripts/restore.ts',
}

function buildCommandsAndStamp(): Plugin {
	let hash = ''
	return {
		name: 'build-commands-and-stamp',
		apply: 'build',
		// Taken before anything is built: a file changed during the build makes the next demo build again.
		config() {
			hash = sourceHash(import.meta.dirname)
		},
		buildApp: {
			order: 'post',
			async handler(builder) {
				await builder.build(builder.environments.commands!)
				writeBuildStamp(BUILD_DIR, hash)
			},
		},
	}
}

/**
 * React Router's package sends every import to its development build, whatever NODE_ENV says
 * (remix-run/react-router#14102): its exports name `dist/development` alone. A build for production
 * takes the production build instead, in the browser's bundle and the server's alike; the server
 * bundles React Router and its Express adapter so that nothing left to Node's resolution at run time
 * can bring the development copy back (docs/decisions/0026).
 */
const REACT_ROUTER_PRODUCTION = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production')
const reactRouterProduction = [
	{ find: /^react-router$/, replacement: path.join(REACT_ROUTER_PRODUCTION, 'index.mjs') },
	{ find: /^react-router\/dom$/, replacement: path.join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs') },
]

export default defineConfig(({ command }) => ({
	resolve: {
		alias: [{ find: '~', replacement: path.resolve(import.meta.dirname, 'app') }, ...(command === 'build' ? reactRouterProduction : [])],
	},
	plugins: [tailwindcss(), reactRouter(), precompressAssets(), buildCommandsAndStamp()],
	// The server build's entry is the shop's Express app, with the React Router build inside it
	// (server/app.ts; docs/decisions/0001-express-server.md).
	environments: {
		ssr: {
			resolve: { noExternal: command === 'build' ? ['react-router', '@react-router/express', '@react-router/node'] : [] },
			build: { rollupOptions: { input: './server/app.ts' } },
		},
		commands: {
			consumer: 'server',
			build: {
				outDir: path.join(BUILD_DIR, 'commands'),
				copyPublicDir: false,
				rolldownOptions: { input: COMMANDS, output: { entryFileNames: '[name].js' } },
			},
		},
	},
	build: {
		rolldownOptions: {
			output: {
				codeSplitting: {
					groups: [
						// React, React DOM and React Router: one file every page needs, instead of two.
						{ name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
						// The storefront's small shared modules (formatters, icons, links): one file instead of
						// a dozen requests of a few hundred bytes each, every one paying a round trip and its headers.
						// The error boundary and the hooks every area shares travel with them, and so does the
						// translator every public page uses (never a catalogue: those stay on the server).
						{
							name: 'shop',
							test: /app[\\/](components[\\/]shop[\\/]|components[\\/]ui[\\/]general-error-boundary\.tsx$|hooks[\\/]use-(pending|i18n|nonce|hydrated|shop-layout-data|shortlist|language-href)\.tsx?$|constants\.ts|i18n[\\/](locales|translate|categories)\.ts$|utils[\\/](money|media|dates|whatsapp|seo|route-area|catalogue-query)\.tsx?$)/,
							priority: 10,
						},
					],
				},
			},
		},
	},
}))
