import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { openDatabase } from '../app/db.server'
import { BUILD_INPUTS } from './build-stamp'

// `npm run demo` end to end: its entry builds (if there is no build, or the source changed since it),
// migrates, creates the admin, seeds, prints the sign-in, serves the production build, and stops cleanly
// on SIGTERM. A second start reseeds nothing.

const ROOT = path.resolve(import.meta.dirname, '..')
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
let dir = ''

beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-run-'))
	// `npm test` builds after the unit tests, so a fresh checkout may have no build yet.
	if (!fs.existsSync(path.join(ROOT, BUILD_DIR, 'server', 'index.js'))) {
		const build = spawnSync(path.join(ROOT, 'node_modules/.bin/react-router'), ['build'], { cwd: ROOT, stdio: 'inherit' })
		if (build.status !== 0) throw new Error('react-router build failed')
	}
}, 180_000)

afterAll(() => {
	fs.rmSync(dir, { recursive: true, force: true })
})

async function freePort() {
	return new Promise<number>((resolve, reject) => {
		const server = net.createServer()
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
		})
	})
}

/** The demo's command in `root` (the project, or a copy of it) on the data in `data`. */
function spawnDemo(options: { root: string; data: string; port: number; buildDir: string; args?: string[] }) {
	const url = `http://127.0.0.1:${options.port}`
	// `node --import tsx` rather than the tsx CLI: the CLI relays SIGTERM to its child and SIGKILLs it when
	// the child does not acknowledge within 30 ms, which a busy machine turns into a flaky exit code 143.
	return spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', ...(options.args ?? [])], {
		cwd: options.root,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? os.tmpdir(),
			HOST: '127.0.0.1',
			PORT: String(options.port),
			APP_ORIGIN: url,
			DATABASE_PATH: path.join(options.data, 'shop.db'),
			UPLOADS_DIR: path.join(options.data, 'uploads'),
			BUILD_DIR: options.buildDir,
			DEMO_IMAGE_LONG_SIDE: '400',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
}

async function runDemo(options: { root?: string; data?: string; buildDir?: string } = {}) {
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	const child = spawnDemo({ root: options.root ?? ROOT, data: options.data ?? dir, port, buildDir: options.buildDir ?? BUILD_DIR })
	let output = ''
	child.stdout.on('data', (d: Buffer) => (output += d.toString()))
	child.stderr.on('data', (d: Buffer) => (output += d.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	const deadline = Date.now() + 150_000
	for (;;) {
		if (child.exitCode !== null) throw new Error(`The demo exited early (${child.exitCode}):\n${output}`)
		const ok = await fetch(`${url}/healthz`).then(
			(r) => r.ok,
			() => false,
		)
		// the sign-in banner is printed once the server listens
		if (ok && output.includes('Admin sign-in')) break
		if (Date.now() > deadline) {
			child.kill('SIGKILL')
			throw new Error(`The demo did not start:\n${output}`)
		}
		await new Promise((r) => setTimeout(r, 200))
	}
	return {
		url,
		output: () => output,
		stop: async () => {
			child.kill('SIGTERM')
			return exited
		},
	}
}

test('npm run demo seeds an empty shop, serves it, prints the sign-in and stops cleanly; a restart reseeds nothing', async () => {
	const first = await runDemo()
	try {
		expect((await fetch(`${first.url}/healthz`)).status).toBe(200)
		const home = await fetch(`${first.url}/`)
		expect(home.status).toBe(200)
		expect(home.headers.get('content-type')).toMatch(/text\/html/)
		// The home page renders the demo hero title on the server.
		expect(await home.text()).toContain('Weaving Tradition, Elegance, and Legacy')

		expect(first.output()).toMatch(/Demo catalogue added in [\d.]+ s: 14 sarees \(38 photos\), 4 blog posts, 8 orders/)
		expect(first.output()).toContain(`The demo shop is running at  ${first.url}`)
		expect(first.output()).toMatch(/email: +admin@example\.com/)
		expect(first.output()).toMatch(/password: +silk-demo-2026/)

		// The hero clip the server will play: iPhones fetch video in ranges.
		const { db, sqlite } = openDatabase(path.join(dir, 'shop.db'))
		const hero = await db.selectFrom('hero_settings').select(['video_key', 'video_enabled']).executeTakeFirstOrThrow()
		const active = await db.selectFrom('products').select('id').where('status', '=', 'active').execute()
		sqlite.close()
		expect(hero.video_enabled).toBe(1)
		expect(active.length).toBeGreaterThanOrEqual(10)
		const range = await fetch(`${first.url}/media/${hero.video_key}`, { headers: { Range: 'bytes=0-99' } })
		expect(range.status).toBe(206)
		expect((await range.arrayBuffer()).byteLength).toBe(100)
		expect(range.headers.get('content-type')).toBe('video/mp4')
	} finally {
		expect(await first.stop()).toBe(0)
	}

	const second = await runDemo()
	try {
		expect((await fetch(`${second.url}/`)).status).toBe(200)
		expect(second.output()).not.toMatch(/Applied migrations/)
		expect(second.output()).toMatch(/No demo data added: the shop already has 14 products, 4 blog posts, 8 orders/)
		expect(second.output()).toMatch(/email: +admin@example\.com/)
		expect(second.output()).not.toContain('silk-demo-2026')
		expect(second.output()).toContain('npm run admin:password')
	} finally {
		expect(await second.stop()).toBe(0)
	}
}, 300_000)

/** `npm run demo -- --seed-only` in `root`: builds if it must, fills an empty shop, and stops. */
async function seedOnly(root: string, data: string) {
	const child = spawnDemo({ root, data, port: await freePort(), buildDir: 'build', args: ['--seed-only'] })
	let output = ''
	child.stdout.on('data', (d: Buffer) => (output += d.toString()))
	child.stderr.on('data', (d: Buffer) => (output += d.toString()))
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	expect(code, output).toBe(0)
	return output
}

test('after the source changes (a git pull, a new tarball), npm run demo builds again and serves the new build; unchanged, it does not', async () => {
	// A copy of what the build reads, without .git, as a tarball unpacks: the demo must not need git.
	const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-source-'))
	const data = path.join(copy, 'data')
	try {
		for (const entry of BUILD_INPUTS) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true })
		fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'))

		expect(await seedOnly(copy, data)).toContain('No production build yet: building the shop first…')

		// The pull: a file of the build changes (the mark is served as it is, at /favicon.svg).
		const mark = path.join(copy, 'public', 'favicon.svg')
		fs.appendFileSync(mark, '<!-- pulled -->\n')

		const pulled = await runDemo({ root: copy, data, buildDir: 'build' })
		try {
			expect(pulled.output()).toContain('The source changed since the last build: building the shop again…')
			expect(await (await fetch(`${pulled.url}/favicon.svg`)).text()).toContain('<!-- pulled -->')
		} finally {
			expect(await pulled.stop()).toBe(0)
		}

		expect(await seedOnly(copy, data)).not.toMatch(/building the shop/)
	} finally {
		fs.rmSync(copy, { recursive: true, force: true })
	}
}, 400_000)
