import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { openDatabase } from '../app/db.server'

// `npm run demo` end to end: its entry builds (if needed), migrates, creates the admin, seeds, prints
// the sign-in, serves the production build, and stops cleanly on SIGTERM. A second start reseeds nothing.

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

async function runDemo() {
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	// `node --import tsx` rather than the tsx CLI: the CLI relays SIGTERM to its child and SIGKILLs it when
	// the child does not acknowledge within 30 ms, which a busy machine turns into a flaky exit code 143.
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? os.tmpdir(),
			HOST: '127.0.0.1',
			PORT: String(port),
			APP_ORIGIN: url,
			DATABASE_PATH: path.join(dir, 'shop.db'),
			UPLOADS_DIR: path.join(dir, 'uploads'),
			BUILD_DIR,
			DEMO_IMAGE_LONG_SIDE: '400',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
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
